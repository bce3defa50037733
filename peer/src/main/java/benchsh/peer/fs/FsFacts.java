package benchsh.peer.fs;

import benchsh.peer.facts.Mounts;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import java.nio.file.Path;
import java.util.Set;

/**
 * The file system holding a path, as figures of a report: its type, mount options, source and mount point, from
 * /proc/self/mountinfo. A report names them {@code fs_type}, ... or, for a copy's two ends, {@code src_fs_type} and
 * {@code dst_fs_type} ({@link benchsh.peer.metric.Prefix}). Immutable.
 */
public record FsFacts(@Metric(unit = Unit.TEXT, means = "the file system type, from /proc/self/mountinfo") String fsType,
                      @Metric(unit = Unit.TEXT, means = "its mount options") String mountOptions,
                      @Metric(unit = Unit.TEXT, means = "what is mounted there") String mountSource,
                      @Metric(unit = Unit.TEXT, means = "where that file system is mounted") String mountPoint) {

    /** File system types whose files live on another machine (besides nfs* and fuse.*). */
    private static final Set<String> NETWORK = Set.of("cifs", "smb3", "smbfs", "ceph", "glusterfs", "9p", "afs", "lustre", "gpfs", "beegfs", "davfs", "fuse");

    /** Whether the files live on another machine (NFS, SMB, a FUSE file system, a cluster's), where a create waits for its server. */
    public boolean network() {
        return fsType.startsWith("nfs") || fsType.startsWith("fuse.") || NETWORK.contains(fsType);
    }

    /** The file system of {@code path}, or null where /proc/self/mountinfo does not say. */
    public static FsFacts of(Path path) {
        Mounts.Mount mount = Mounts.of(path);
        return mount == null ? null : new FsFacts(mount.type(), mount.options(), mount.source(), mount.point());
    }
}

package benchsh.peer.fs;

import benchsh.peer.facts.Mounts;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The file system holding a path, as result metrics: type, mount options and source. Stateless. */
public final class FsFacts {
    private FsFacts() {
    }

    /**
     * {@code <prefix>fs_type}, {@code <prefix>mount_options}, {@code <prefix>mount_source} and
     * {@code <prefix>mount_point} for {@code path} (from /proc/self/mountinfo).
     */
    public static Map<String, Object> of(Path path, String prefix) {
        Map<String, Object> m = new LinkedHashMap<>();
        Mounts.Mount mount = Mounts.of(path);
        if (mount != null) {
            m.put(prefix + "fs_type", mount.type());
            m.put(prefix + "mount_options", mount.options());
            m.put(prefix + "mount_source", mount.source());
            m.put(prefix + "mount_point", mount.point());
        }
        return m;
    }
}

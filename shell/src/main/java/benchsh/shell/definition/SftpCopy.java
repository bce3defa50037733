package benchsh.shell.definition;

import benchsh.peer.fs.CopyWorkload;
import benchsh.peer.fs.CreatedEntries;
import benchsh.peer.fs.FsErrors;
import benchsh.peer.fs.FsFacts;
import benchsh.peer.fs.PathCopy;
import benchsh.peer.fs.SafePaths;
import benchsh.peer.fs.TreeDigest;
import benchsh.shell.host.Host;
import benchsh.shell.host.HostException;
import benchsh.shell.host.SshHost;
import benchsh.shell.result.Status;
import benchsh.shell.run.Part;
import benchsh.shell.run.PartOutcome;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.sshd.sftp.client.SftpClientFactory;

/**
 * {@code copy ..., via: 'sftp'}: the shell streams every file from the source host's SFTP server to
 * the destination host's, like scp (one request per file operation; no peers involved). An end on a
 * host that is not an SSH host ({@code local}) is the local file system. The rules are the stream
 * copy's ({@link PathCopy}): links and devices skipped, names checked, nothing overwritten, modes and
 * mtimes kept, partial copies removed. The figures become the row as a stream copy's do
 * ({@link CopyMetrics}). Not thread-safe; one copy per instance.
 */
final class SftpCopy implements Part.Action {
    private final Host source;
    private final Host target;
    private final String src;
    private final String dst;
    private final boolean verify;
    private final boolean keep;
    private final Duration limit;

    /**
     * @param verify compare both trees' SHA-256 after the timed copy
     * @param keep   keep the destination (else removed after the copy)
     * @param limit  how long the copy may take before it stops and removes what it wrote
     */
    SftpCopy(Host source, String src, Host target, String dst, boolean verify, boolean keep, Duration limit) {
        this.source = source;
        this.src = src;
        this.target = target;
        this.dst = dst;
        this.verify = verify;
        this.keep = keep;
        this.limit = limit;
    }

    /** Copies; what was measured before a failure is kept in the outcome, with the error. */
    @Override
    public PartOutcome run() throws HostException {
        Instant started = Instant.now();
        Tally m = new Tally();
        Ending end;
        try {
            end = copy(m);
        } catch (IOException e) {
            end = Ending.of(between() + FsErrors.describe(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end = new Ending(Status.INTERRUPTED, benchsh.shell.run.Control.BY_THE_USER);
        }
        return new PartOutcome(end.status(), end.error(), started, CopyMetrics.finish(verify, m.measured(), List.of(), null));
    }

    /** What the copy measured so far; what it did not get to stays null. Not thread-safe. */
    private static final class Tally {
        private FsFacts srcFs;
        private FsFacts dstFs;
        private Long bytes;
        private double seconds = Double.NaN;
        private PathCopy.Counts counts;
        private String srcDigest;
        private String dstDigest;
        private Boolean removed;

        CopyMetrics.Measured measured() {
            StreamMetrics.Moved t = bytes == null ? null
                    : new StreamMetrics.Moved(bytes, seconds, seconds > 0 ? bytes * 8 / seconds : Double.isNaN(seconds) ? Double.NaN : 0.0);
            PathCopy.Counts c = counts;
            CopyWorkload.Source source = new CopyWorkload.Source(srcFs, null, c == null ? null : c.skipped(), srcDigest);
            CopyWorkload.Destination destination = new CopyWorkload.Destination(dstFs, c == null ? null : new CopyWorkload.Count(c.files(), c.dirs()),
                    c == null ? null : c.attributesNotKept(), null, null, dstDigest);
            return new CopyMetrics.Measured(null, t, source, destination, null, removed, null, null);
        }
    }

    /** How the copy ended: ok (no error), or failed or interrupted with the error. */
    private record Ending(Status status, String error) {
        static Ending of(String error) {
            return new Ending(error == null ? Status.OK : Status.FAILED, error);
        }
    }

    /** Copies, putting the figures into {@code m}. */
    private Ending copy(Tally m) throws HostException, IOException, InterruptedException {
        try (End from = End.open(source); End to = End.open(target)) {
            Path s = from.path(src);
            Path d = to.path(dst);
            m.srcFs = fsType(from, s);
            try {
                PathCopy.checkSource(s);
            } catch (IOException e) {
                return Ending.of("sftp on " + source.name() + ": " + FsErrors.describe(e));
            }
            try {
                PathCopy.checkDestination(d);
            } catch (IOException e) {
                return Ending.of("sftp on " + target.name() + ": " + FsErrors.describe(e));
            }
            m.dstFs = fsType(to, d.getParent());
            AtomicLong bytes = new AtomicLong();
            long deadline = System.nanoTime() + limit.toNanos();
            long t0 = System.nanoTime();
            PathCopy.Counts c;
            try {
                c = PathCopy.copy(s, d, bytes::addAndGet, () -> Thread.currentThread().isInterrupted() || System.nanoTime() > deadline);
            } catch (IOException e) {
                m.bytes = bytes.get();
                String why = System.nanoTime() > deadline ? "the copy took longer than " + limit.toMinutes() + " min; " : "";
                return new Ending(Thread.interrupted() ? Status.INTERRUPTED : Status.FAILED, between() + why + e.getMessage());
            }
            m.seconds = (System.nanoTime() - t0) / 1e9;
            m.bytes = c.bytes();
            m.counts = c;
            String error = null;
            if (verify) {
                try {
                    m.srcDigest = TreeDigest.of(s);
                    m.dstDigest = TreeDigest.of(d);
                } catch (IOException e) {
                    error = "verify: " + FsErrors.describe(e);
                }
            }
            if (!keep || error != null) {
                CreatedEntries.Removal removal = c.created().removeAll();
                m.removed = removal.complete();
                if (!removal.complete()) {
                    error = error == null ? removal.problem() : error + "; " + removal.problem();
                }
            }
            return Ending.of(error);
        }
    }

    /** "sftp from h1 to h2: ", the prefix of a failure that may be at either end: it names both hosts, never neither. */
    private String between() {
        return "sftp from " + source.name() + " to " + target.name() + ": ";
    }

    /** The local file system type of a local end; SFTP does not tell a remote one (null). */
    private static FsFacts fsType(End end, Path p) {
        if (end.remote() || p == null) {
            return null;
        }
        try {
            return new FsFacts(Files.getFileStore(p).type(), null, null, null);
        } catch (IOException e) {
            return null; // unknown: left out
        }
    }

    /** One end: an SFTP file system over an SSH host's session, or the local file system. */
    private record End(FileSystem fs, Host host) implements AutoCloseable {
        static End open(Host host) throws HostException, InterruptedException, IOException {
            if (host instanceof SshHost ssh) {
                try {
                    return new End(SftpClientFactory.instance().createSftpFileSystem(ssh.sshSession()), host);
                } catch (IOException e) {
                    throw new HostException(host.name(), "sftp", "could not open an SFTP channel (" + e.getMessage()
                            + "); the SSH server must offer the sftp subsystem");
                }
            }
            return new End(null, host);
        }

        boolean remote() {
            return fs != null;
        }

        Path path(String p) throws IOException {
            Path abs = SafePaths.absolute(p);
            return fs == null ? abs : fs.getPath(abs.toString());
        }

        @Override
        public void close() throws IOException {
            if (fs != null) {
                fs.close();
            }
        }
    }
}

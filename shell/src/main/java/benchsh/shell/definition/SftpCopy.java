package benchsh.shell.definition;

import benchsh.peer.fs.CreatedEntries;
import benchsh.peer.fs.FsErrors;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        Map<String, Object> m = new LinkedHashMap<>();
        Ending end;
        try {
            end = copy(m);
        } catch (IOException e) {
            end = Ending.of(between() + FsErrors.describe(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end = new Ending(Status.INTERRUPTED, benchsh.shell.run.Control.BY_THE_USER);
        }
        return new PartOutcome(end.status(), end.error(), started, CopyMetrics.finish(verify, m, List.of()));
    }

    /** How the copy ended: ok (no error), or failed or interrupted with the error. */
    private record Ending(Status status, String error) {
        static Ending of(String error) {
            return new Ending(error == null ? Status.OK : Status.FAILED, error);
        }
    }

    /** Copies, putting the figures into {@code m}. */
    private Ending copy(Map<String, Object> m) throws HostException, IOException, InterruptedException {
        try (End from = End.open(source); End to = End.open(target)) {
            Path s = from.path(src);
            Path d = to.path(dst);
            fsType(m, "src_", from, s);
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
            fsType(m, "dst_", to, d.getParent());
            AtomicLong bytes = new AtomicLong();
            long deadline = System.nanoTime() + limit.toNanos();
            long t0 = System.nanoTime();
            PathCopy.Counts c;
            try {
                c = PathCopy.copy(s, d, bytes::addAndGet, () -> Thread.currentThread().isInterrupted() || System.nanoTime() > deadline);
            } catch (IOException e) {
                m.put("bytes", bytes.get());
                String why = System.nanoTime() > deadline ? "the copy took longer than " + limit.toMinutes() + " min; " : "";
                return new Ending(Thread.interrupted() ? Status.INTERRUPTED : Status.FAILED, between() + why + e.getMessage());
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            m.put("files", c.files());
            m.put("dirs", c.dirs());
            m.put("bytes", c.bytes());
            m.put("seconds", seconds);
            m.put("throughput_bps", seconds > 0 ? c.bytes() * 8 / seconds : 0.0);
            m.put("skipped", c.skipped());
            m.put("attributes_not_kept", c.attributesNotKept());
            String error = null;
            if (verify) {
                try {
                    m.put("src_digest", TreeDigest.of(s));
                    m.put("dst_digest", TreeDigest.of(d));
                } catch (IOException e) {
                    error = "verify: " + FsErrors.describe(e);
                }
            }
            if (!keep || error != null) {
                CreatedEntries.Removal removal = c.created().removeAll();
                m.put("removed", removal.complete());
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

    /** The local file system type of a local end; SFTP does not tell a remote one. */
    private static void fsType(Map<String, Object> m, String prefix, End end, Path p) {
        if (end.remote() || p == null) {
            return;
        }
        try {
            m.put(prefix + "fs_type", Files.getFileStore(p).type());
        } catch (IOException e) {
            // unknown: left out
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

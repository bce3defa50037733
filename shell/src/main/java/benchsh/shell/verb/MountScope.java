package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.host.HostException;
import benchsh.shell.run.SideOutcome;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code mount:}/{@code at:} of a verb: mounts on the host before the test (with the host's own
 * mount tool, through the peer) and unmounts after, also when the test failed. Without {@code mount:}
 * it does nothing. Not thread-safe.
 */
final class MountScope implements AutoCloseable {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    private final Session session;
    private final Host host;
    private final String at;

    private MountScope(Session session, Host host, String at) {
        this.session = session;
        this.host = host;
        this.at = at;
    }

    /**
     * Mounts when the verb has {@code mount:}.
     *
     * @throws HostException naming the host when mounting is not possible (no rights, no tool, bad source)
     */
    static MountScope open(Session session, Args args, Host host) throws HostException {
        if (!args.given("mount")) {
            if (args.given("at")) {
                throw new UsageException("at: is the mount point for mount:; give mount: too, or leave at: out");
            }
            return new MountScope(session, host, null);
        }
        if (!args.given("at")) {
            throw new UsageException("mount: needs at:, the directory to mount on, e.g. mount: 'server:/export', at: '/mnt/x'");
        }
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("source", args.text("mount"));
        spec.put("at", args.text("at"));
        if (args.given("type")) {
            spec.put("type", args.text("type"));
        }
        if (args.given("options")) {
            spec.put("options", args.text("options"));
        }
        SideOutcome o = session.single().run(host, "mount", "mount", spec, LIMIT);
        if (!o.status().equals(benchsh.shell.result.Status.OK)) {
            throw new HostException(host.name(), "mount " + args.text("mount"), strip(host, o.error()));
        }
        return new MountScope(session, host, args.text("at"));
    }

    private static String strip(Host host, String error) {
        String prefix = host.name() + ": ";
        return error != null && error.startsWith(prefix) ? error.substring(prefix.length()) : error;
    }

    /** Unmounts what {@link #open} mounted; a failure is printed as a warning (the result stands). */
    @Override
    public void close() {
        if (at == null) {
            return;
        }
        SideOutcome o = session.single().run(host, "mount", "umount", Map.of("at", at), LIMIT);
        if (o.error() != null) {
            session.print("warning: " + o.error() + "\n");
        }
    }
}

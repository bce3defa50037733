package benchsh.shell.definition;

import benchsh.peer.fs.MountWorkload;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.host.Host;
import benchsh.shell.host.HostException;
import benchsh.shell.result.Status;
import benchsh.shell.run.Executor;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.PartOutcome;
import benchsh.shell.run.SideSpec;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.List;

/**
 * The {@code mount:}/{@code at:} of a verb, as something its test holds while it runs: mounted on the
 * host before the test (with the host's own mount tool, through the peer's {@code mount} workload) and
 * unmounted after, also when the test failed. Immutable.
 */
final class Mount implements Test.Around {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    private final Host host;
    private final MountWorkload.Mount spec;

    private Mount(Host host, MountWorkload.Mount spec) {
        this.host = host;
        this.spec = spec;
    }

    /** Adds the mount the arguments ask for, if any, to {@code test}. */
    static void around(Test.Builder test, Args args, Host host) {
        if (!args.given("mount")) {
            if (args.given("at")) {
                throw new UsageException("at: is the mount point for mount:; give mount: too, or leave at: out");
            }
            return;
        }
        if (!args.given("at")) {
            throw new UsageException("mount: needs at:, the directory to mount on, e.g. mount: 'server:/export', at: '/mnt/x'");
        }
        MountWorkload.Mount spec;
        try {
            spec = new MountWorkload.Mount(args.text("mount"), args.text("at"), args.text("type"), args.text("options"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        test.around(new Mount(host, spec));
    }

    /**
     * @throws HostException naming the host when mounting is not possible (no rights, no tool, bad source)
     */
    @Override
    public AutoCloseable enter(Executor executor) throws HostException {
        PartOutcome o = run(executor, "mount", spec);
        if (o.status() != Status.OK) {
            throw new HostException(host.name(), "mount " + spec.source(), strip(o.error()));
        }
        return () -> {
            PartOutcome u = run(executor, "umount", new MountWorkload.Umount(spec.at()));
            if (u.error() != null) {
                executor.note("warning: " + u.error() + "\n");
            }
        };
    }

    private PartOutcome run(Executor executor, String role, Record s) {
        return executor.runAlone(MountWorkload.NAME, new Part.OnPeers(List.of(SideSpec.alone(host, MountWorkload.NAME, role, s)), role,
                sides -> Merged.NOTHING), LIMIT);
    }

    private String strip(String error) {
        String prefix = host.name() + ": ";
        return error != null && error.startsWith(prefix) ? error.substring(prefix.length()) : error;
    }
}

package benchsh.shell.run;

import benchsh.peer.protocol.Message;
import benchsh.shell.host.Host;
import benchsh.shell.host.HostException;
import benchsh.shell.host.SideHandle;
import benchsh.shell.result.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Runs a one-sided test (disk, tree, local copy, mount): starts one side on one host, shows its
 * intervals as progress, and stops it on interrupt or when it overruns {@code limit} plus a grace
 * period. Any verb that works on one host uses this. Measured figures survive a failure.
 */
public final class SingleRunner {
    private final ProgressListener progress;
    private final Plan plan;

    /** @param plan the dry run to note tests in instead of running them, or null */
    public SingleRunner(ProgressListener progress, Plan plan) {
        this.progress = progress;
        this.plan = plan;
    }

    /**
     * Runs the side. A host whose peer cannot be reached gives a failed outcome naming the host and
     * the step, so a script goes on and the failure is kept with the other results.
     *
     * @param limit how long the side may take before it is declared hung (the runner adds {@link PairRunner#GRACE})
     */
    public SideOutcome run(Host host, String workload, String role, Map<String, Object> spec, Duration limit) {
        Instant started = Instant.now();
        if (plan != null) {
            plan.expectUnknown();
            return new SideOutcome(Status.OK, null, started, null, Map.of());
        }
        String id = PairRunner.newToken().substring(0, 12);
        SideHandle side;
        try {
            side = host.peer().start(id + "-s", workload, role, spec);
        } catch (HostException e) {
            return new SideOutcome(Status.FAILED, e.getMessage(), started, null, host.facts());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TestCancelledException("interrupted while starting the test");
        }
        side.onInterval(s -> progress.interval(workload, s));
        progress.started(workload, limit);
        Status status = SideWatch.watch(java.util.List.of(side), limit.plus(PairRunner.GRACE));
        progress.finished(workload);
        Message.Done done = side.doneNow();
        String error;
        if (status == Status.INTERRUPTED) {
            error = "interrupted by the user";
        } else if (done == null) {
            error = "the test did not end within " + limit.plus(PairRunner.GRACE).toSeconds() + " s; it was stopped";
            status = Status.FAILED;
        } else if (done.error() != null) {
            error = done.error().startsWith(host.name() + ":") ? done.error() : host.name() + ": " + done.error();
            status = Status.FAILED;
        } else {
            error = null;
        }
        return new SideOutcome(status, error, started, done, host.facts());
    }

}

package benchsh.peer.observe;

import benchsh.peer.protocol.Endpoint;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One watch of this host: reads the counters at the start, then every interval (reporting each
 * interval's {@link Load} as an interval sample, its span since the start; qdisc drops where the host's tc prints
 * them), until cancelled or the spec's maximum passes; the outcome's report is the load over the whole watch, with
 * the host's CPU count. Being cancelled is how a watch normally ends, so the outcome has no error.
 * {@link #cancel()} may be called from any thread.
 */
final class ObserveSide implements Side {
    private final ObserveWorkload.Spec spec;
    private final Path proc;
    private final TcQdiscs tc;
    private final SideContext context;
    private final CountDownLatch stopped = new CountDownLatch(1);

    ObserveSide(ObserveWorkload.Spec spec, Path proc, TcQdiscs tc, SideContext context) {
        this.spec = spec;
        this.proc = proc;
        this.tc = tc;
        this.context = context;
    }

    @Override
    public Endpoint endpoint() {
        return null;
    }

    @Override
    public Outcome run() {
        ProcCounters first = ProcCounters.read(proc, spec.loopback(), tc);
        ProcCounters last = first;
        List<Interval<?>> intervals = new ArrayList<>();
        long end = first.nanos() + spec.maxNanos();
        boolean interrupted = false;
        while (true) {
            long next = last.nanos() + spec.intervalNanos();
            long wait = Math.min(next, end) - System.nanoTime();
            try {
                // a reading slower than the interval leaves no wait: the cancel is still seen
                if (wait > 0 ? stopped.await(wait, TimeUnit.NANOSECONDS) : stopped.getCount() == 0) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
                break;
            }
            if (System.nanoTime() - end >= 0) {
                break;
            }
            ProcCounters now = ProcCounters.read(proc, spec.loopback(), tc);
            Interval<Load> sample = Observation.interval(first, last, now);
            intervals.add(sample);
            context.interval(sample);
            last = now;
        }
        ObserveWorkload.Report report = Observation.whole(first, ProcCounters.read(proc, spec.loopback(), tc));
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return new Outcome(report, intervals, null, null);
    }

    @Override
    public void cancel() {
        stopped.countDown();
    }
}

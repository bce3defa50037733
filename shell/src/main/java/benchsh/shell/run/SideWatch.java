package benchsh.shell.run;

import benchsh.shell.host.SideEnd;
import benchsh.shell.host.SideHandle;
import benchsh.shell.result.Status;
import java.time.Duration;
import java.util.List;

/**
 * Waits for the sides of one test to end: until all are done, one fails, the limit passes or the
 * waiting thread is interrupted (Ctrl-C). On anything but a clean end every side is asked to stop,
 * and is given {@link #STOP_TIMEOUT} to report what it measured. Stateless.
 */
final class SideWatch {
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private static final long POLL_MILLIS = 20;

    private SideWatch() {
    }

    static Status watch(List<SideHandle> sides, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        Status status = Status.OK;
        while (!allDone(sides)) {
            if (sides.stream().anyMatch(SideWatch::failed) || System.nanoTime() > deadline) {
                status = Status.FAILED;
                break;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                status = Status.INTERRUPTED;
                break;
            }
        }
        if (status != Status.OK) {
            sides.forEach(SideHandle::stop);
            long stopBy = System.nanoTime() + STOP_TIMEOUT.toNanos();
            while (!allDone(sides) && System.nanoTime() < stopBy) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    break;
                }
            }
        }
        return status;
    }

    private static boolean allDone(List<SideHandle> sides) {
        return sides.stream().allMatch(SideHandle::isDone);
    }

    private static boolean failed(SideHandle s) {
        SideEnd d = s.doneNow();
        return d != null && d.error() != null;
    }
}

package benchsh.shell.observe;

import benchsh.peer.observe.Load;
import benchsh.peer.observe.ObserveWorkload;
import benchsh.peer.workload.Interval;
import benchsh.shell.host.SideEnd;
import benchsh.shell.host.SideHandle;
import java.time.Instant;
import java.util.List;

/** A watch by the host's peer: its {@code observe} workload's side. Thread-safe. */
final class PeerWatch implements HostWatch {
    private final String host;
    private final SideHandle handle;
    private final Instant began;

    PeerWatch(String host, SideHandle handle, Instant began) {
        this.host = host;
        this.handle = handle;
        this.began = began;
    }

    @Override
    public String via() {
        return "peer";
    }

    @Override
    public Instant began() {
        return began;
    }

    @Override
    public void stop() {
        handle.stop();
    }

    @Override
    public boolean isDone() {
        return handle.isDone();
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Interval<Load>> intervals() {
        return handle.intervals().stream().filter(i -> i.figures() instanceof Load).map(i -> (Interval<Load>) i).toList();
    }

    @Override
    public ObserveWorkload.Report figures() {
        SideEnd d = handle.doneNow();
        return d == null || d.error() != null || !(d.report() instanceof ObserveWorkload.Report r) ? null : r;
    }

    @Override
    public String error() {
        SideEnd d = handle.doneNow();
        if (d == null) {
            return host + ": observe: no report within " + Observers.STOP_TIMEOUT.toSeconds() + " s after the test";
        }
        if (d.error() == null) {
            return null;
        }
        return d.error().startsWith(host + ":") ? d.error() : host + ": observe: " + d.error();
    }

    @Override
    public List<String> notes() {
        return List.of();
    }

    @Override
    public void close() {
        // the side ended, or was stopped: the peer keeps nothing of it
    }
}

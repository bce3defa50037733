package benchsh.peer.stream;

import benchsh.peer.io.TcpInternals;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Interval;

/**
 * A tcp side's interval sample: the data it moved, and on a sending side what TCP did in the interval (TCP_INFO,
 * {@link TcpWatch}); absent on a receiving side, and where the kernel's figures cannot be read. Immutable.
 */
public record TcpSample(Interval.Bytes moved, @OrNull TcpInternals tcp) implements Interval.Moved {
    @Override
    public long bytes() {
        return moved.bytes();
    }

    @Override
    public double throughputBps() {
        return moved.throughputBps();
    }
}

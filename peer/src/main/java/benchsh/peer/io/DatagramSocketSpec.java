package benchsh.peer.io;

import java.net.InetSocketAddress;

/**
 * What socket to open: bound to {@code local} (a receiver; port 0 picks one), connected to {@code remote} (a
 * sender; it may also bind), or both. Buffer sizes in bytes, 0 for the system default (the kernel caps them at
 * {@code net.core.[rw]mem_max}). {@code datagramBytes}, when known (else 0), lets the factory skip GSO where
 * datagrams are too large for two to share one send. Immutable.
 */
public record DatagramSocketSpec(InetSocketAddress local, InetSocketAddress remote, int sendBufferBytes, int receiveBufferBytes,
                                 int datagramBytes) {

    public DatagramSocketSpec {
        if (local == null && remote == null) {
            throw new IllegalArgumentException("a datagram socket needs a local address to bind or a remote one to connect to");
        }
        for (InetSocketAddress a : new InetSocketAddress[] {local, remote}) {
            if (a != null && a.isUnresolved()) {
                throw new IllegalArgumentException("cannot resolve " + a.getHostString() + "; give an address that resolves on this host");
            }
        }
        if (sendBufferBytes < 0 || receiveBufferBytes < 0) {
            throw new IllegalArgumentException("socket buffer sizes are bytes ≥ 0 (0: the system default)");
        }
        if (datagramBytes < 0 || datagramBytes > DatagramBatch.MAX_DATAGRAM_BYTES) {
            throw new IllegalArgumentException("datagrams are 1 to " + DatagramBatch.MAX_DATAGRAM_BYTES + " bytes (0: not known yet)");
        }
    }

    /** A receiver's socket, bound to {@code local}. */
    public static DatagramSocketSpec bound(InetSocketAddress local) {
        return new DatagramSocketSpec(local, null, 0, 0, 0);
    }

    /** A sender's socket, connected to {@code remote} from an ephemeral port. */
    public static DatagramSocketSpec connected(InetSocketAddress remote) {
        return new DatagramSocketSpec(null, remote, 0, 0, 0);
    }

    public DatagramSocketSpec withBuffers(int sendBytes, int receiveBytes) {
        return new DatagramSocketSpec(local, remote, sendBytes, receiveBytes, datagramBytes);
    }

    public DatagramSocketSpec withDatagramBytes(int bytes) {
        return new DatagramSocketSpec(local, remote, sendBufferBytes, receiveBufferBytes, bytes);
    }
}

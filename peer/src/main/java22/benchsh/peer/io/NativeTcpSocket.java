package benchsh.peer.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.NetworkChannel;
import java.nio.charset.StandardCharsets;

/**
 * One TCP socket of a NIO channel, by the descriptor {@link ChannelFds} found: getsockopt and setsockopt at
 * IPPROTO_TCP. Each call is checked against the channel after it returned: a channel closed by then may have had its
 * descriptor released under the call, so what it read is dropped (null). Calls take turns on one scratch memory
 * (synchronized); the memory lives as long as this object.
 */
final class NativeTcpSocket implements TcpSocket {
    private final NetworkChannel channel;
    private final int fd;
    private final MemorySegment errno;
    private final MemorySegment value;
    private final MemorySegment length;

    NativeTcpSocket(NetworkChannel channel, int fd) {
        this.channel = channel;
        this.fd = fd;
        Arena arena = Arena.ofAuto();
        this.errno = Libc.newErrno(arena);
        this.value = arena.allocate(TcpLibc.TCP_INFO_ROOM, 8);
        this.length = arena.allocate(CLayouts.SOCKLEN_T);
    }

    @Override
    public synchronized TcpInfo info() throws IOException {
        long n = get(TcpLibc.TCP_INFO, "TCP_INFO");
        return n < 0 ? null : TcpLibc.tcpInfo(value, n);
    }

    @Override
    public synchronized String congestionControl() throws IOException {
        value.fill((byte) 0);
        long n = get(TcpLibc.TCP_CONGESTION, "TCP_CONGESTION");
        return n < 0 ? null : value.getString(0, StandardCharsets.US_ASCII);
    }

    @Override
    public synchronized void congestionControl(String name) throws IOException {
        byte[] bytes = name.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length >= TcpLibc.CA_NAME_MAX) {
            throw new IOException("no congestion control has a name as long as '" + name + "' (at most " + (TcpLibc.CA_NAME_MAX - 1) + " characters)");
        }
        value.fill((byte) 0);
        MemorySegment.copy(bytes, 0, value, ValueLayout.JAVA_BYTE, 0, bytes.length);
        int error = set(TcpLibc.TCP_CONGESTION, bytes.length);
        if (error != 0) {
            throw new IOException(CongestionControls.refusal(name, error, Libc.describe(error)));
        }
    }

    @Override
    public synchronized void maxSegment(int bytes) throws IOException {
        value.set(CLayouts.C_INT, 0, bytes);
        int error = set(TcpLibc.TCP_MAXSEG, (int) CLayouts.C_INT.byteSize());
        if (error != 0) {
            throw new IOException("the kernel refused an MSS of " + bytes + " bytes (TCP_MAXSEG): " + Libc.describe(error));
        }
    }

    /** getsockopt into the scratch memory: the length the kernel wrote, or -1 when the channel is (or was meanwhile) closed. */
    private long get(int option, String what) throws IOException {
        if (!channel.isOpen()) {
            return -1;
        }
        length.set(CLayouts.SOCKLEN_T, 0, (int) value.byteSize());
        int rc = Libc.getsockopt(errno, fd, TcpLibc.IPPROTO_TCP, option, value, length);
        if (!channel.isOpen()) {
            return -1;
        }
        if (rc != 0) {
            throw new IOException("getsockopt(" + what + "): " + Libc.describe(Libc.errno(errno)));
        }
        return Integer.toUnsignedLong(length.get(CLayouts.SOCKLEN_T, 0));
    }

    /**
     * setsockopt from the scratch memory: 0, or the errno. Only a close racing the call (a side cancelled while it sets
     * its sockets up) could let it reach a descriptor reused meanwhile: a socket option, never data.
     */
    private int set(int option, int bytes) throws IOException {
        if (!channel.isOpen()) {
            throw new java.nio.channels.ClosedChannelException();
        }
        return Libc.setsockopt(errno, fd, TcpLibc.IPPROTO_TCP, option, value, bytes) == 0 ? 0 : Libc.errno(errno);
    }
}

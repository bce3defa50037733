package benchsh.peer.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.NotYetConnectedException;
import java.time.Duration;

/**
 * The {@link IoPath#MMSG} and {@link IoPath#GSO} paths: a UDP socket this class creates with socket(2) and owns.
 *
 * <p>Why its own socket rather than the descriptor of a {@code DatagramChannel}: Java 22+ hides that descriptor
 * ({@code sun.nio.ch} is not exported, reaching it needs {@code --add-opens}), and even with it, a channel
 * closed from another thread closes the descriptor under a native call still blocked on it, whose number the
 * process may reuse at once. Owning the socket lets {@link FdGuard} close it only after the last call has left.
 *
 * <p>The socket is non-blocking; calls wait in poll(2), in slices, so close (shutdown(2) then close(2)) unblocks
 * them. Sending state ({@link MmsgSender}) and receiving state ({@link MmsgReceiver}) are separate, so one
 * thread may send while another receives.
 */
final class NativeDatagramSocket implements BatchedDatagramSocket {
    private final int fd;
    private final int family;
    private final Arena arena;
    private final FdGuard guard;
    private final MmsgSender sender;
    private final MmsgReceiver receiver;
    private final String fallback;
    private volatile InetSocketAddress remote;

    private NativeDatagramSocket(int fd, int family, Arena arena, boolean gso, String fallback) {
        this.fd = fd;
        this.family = family;
        this.arena = arena;
        this.guard = new FdGuard(this::release);
        this.sender = new MmsgSender(fd, arena, gso, guard);
        this.receiver = new MmsgReceiver(fd, arena, gso, guard);
        this.fallback = fallback;
    }

    static NativeDatagramSocket open(DatagramSocketSpec spec, IoPath path, String fallback) throws IOException {
        int family = SocketAddresses.family(spec.local(), spec.remote());
        Arena arena = Arena.ofShared();
        MemorySegment errno = Libc.newErrno(arena);
        int fd = Libc.socket(errno, family, Libc.SOCK_DGRAM | Libc.SOCK_NONBLOCK | Libc.SOCK_CLOEXEC, Libc.IPPROTO_UDP);
        if (fd < 0) {
            arena.close();
            throw new IOException("socket(): " + Libc.describe(Libc.errno(errno)));
        }
        try {
            if (family == Libc.AF_INET6) {
                setInt(fd, Libc.IPPROTO_IPV6, Libc.IPV6_V6ONLY, 0, "IPV6_V6ONLY", arena); // dual-stack, as NIO opens it
            }
            if (spec.sendBufferBytes() > 0) {
                setInt(fd, Libc.SOL_SOCKET, Libc.SO_SNDBUF, spec.sendBufferBytes(), "SO_SNDBUF", arena);
            }
            if (spec.receiveBufferBytes() > 0) {
                setInt(fd, Libc.SOL_SOCKET, Libc.SO_RCVBUF, spec.receiveBufferBytes(), "SO_RCVBUF", arena);
            }
            boolean gso = path == IoPath.GSO;
            String why = fallback;
            if (gso) {
                String refused = spec.datagramBytes() > 0 && MmsgSender.datagramsPerSend(spec.datagramBytes()) < 2
                        ? spec.datagramBytes() + "-byte datagrams leave no room for two in one send of at most "
                                + MmsgSender.MAX_SEND_BYTES + " bytes"
                        : gsoRefusal(fd, arena);
                if (refused != null) {
                    gso = false;
                    why = join(fallback, "gso: " + refused);
                }
            }
            NativeDatagramSocket s = new NativeDatagramSocket(fd, family, arena, gso, why);
            if (spec.local() != null) {
                s.call("bind to " + spec.local(), spec.local(), true);
            }
            if (spec.remote() != null) {
                s.connect(spec.remote());
            }
            return s;
        } catch (IOException | RuntimeException e) {
            Libc.close(errno, fd);
            arena.close();
            throw e;
        }
    }

    /** Null if the kernel accepts UDP_SEGMENT and UDP_GRO on {@code fd} (and now has GRO on), else why not. */
    static String gsoRefusal(int fd, Arena arena) {
        MemorySegment errno = Libc.newErrno(arena);
        MemorySegment value = arena.allocate(CLayouts.C_INT);
        MemorySegment length = arena.allocate(CLayouts.SOCKLEN_T);
        length.set(CLayouts.SOCKLEN_T, 0, (int) CLayouts.C_INT.byteSize());
        if (Libc.getsockopt(errno, fd, Libc.SOL_UDP, Libc.UDP_SEGMENT, value, length) != 0) {
            return "the kernel has no UDP_SEGMENT (Linux 4.18+): " + Libc.describe(Libc.errno(errno));
        }
        value.set(CLayouts.C_INT, 0, 1);
        if (Libc.setsockopt(errno, fd, Libc.SOL_UDP, Libc.UDP_GRO, value, (int) CLayouts.C_INT.byteSize()) != 0) {
            return "the kernel has no UDP_GRO (Linux 5.0+): " + Libc.describe(Libc.errno(errno));
        }
        return null;
    }

    private static void setInt(int fd, int level, int name, int value, String what, Arena arena) throws IOException {
        MemorySegment errno = Libc.newErrno(arena);
        MemorySegment v = arena.allocate(CLayouts.C_INT);
        v.set(CLayouts.C_INT, 0, value);
        if (Libc.setsockopt(errno, fd, level, name, v, (int) CLayouts.C_INT.byteSize()) != 0) {
            throw new IOException("setsockopt(" + what + ", " + value + "): " + Libc.describe(Libc.errno(errno)));
        }
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : a + "; " + b;
    }

    @Override
    public IoPath io() {
        return sender.gso() ? IoPath.GSO : IoPath.MMSG;
    }

    @Override
    public String fallback() {
        String downgrade = sender.downgrade();
        return downgrade == null ? fallback : join(fallback, "gso: " + downgrade);
    }

    @Override
    public Sent send(DatagramBatch batch) throws IOException {
        guard.enter();
        try {
            if (remote == null) {
                throw new NotYetConnectedException();
            }
            return sender.send(batch);
        } finally {
            guard.exit();
        }
    }

    @Override
    public int receive(DatagramBatch batch, Duration timeout) throws IOException {
        guard.enter();
        try {
            return receiver.receive(batch, timeout, remote);
        } finally {
            guard.exit();
        }
    }

    @Override
    public void connect(InetSocketAddress to) throws IOException {
        call("connect to " + to, to, false);
        remote = to;
    }

    /** bind(2) or connect(2) to {@code address}, under the guard. */
    private void call(String what, InetSocketAddress address, boolean bind) throws IOException {
        guard.enter();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.newErrno(a);
            MemorySegment sockaddr = a.allocate(CLayouts.SOCKADDR_MAX, 8);
            int length = SocketAddresses.encode(address, family, sockaddr);
            int r = bind ? Libc.bind(errno, fd, sockaddr, length) : Libc.connect(errno, fd, sockaddr, length);
            if (r != 0) {
                throw new IOException(what + ": " + Libc.describe(Libc.errno(errno)));
            }
        } finally {
            guard.exit();
        }
    }

    @Override
    public InetSocketAddress localAddress() throws IOException {
        guard.enter();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.newErrno(a);
            MemorySegment sockaddr = a.allocate(CLayouts.SOCKADDR_MAX, 8);
            MemorySegment length = a.allocate(CLayouts.SOCKLEN_T);
            length.set(CLayouts.SOCKLEN_T, 0, (int) sockaddr.byteSize());
            if (Libc.getsockname(errno, fd, sockaddr, length) != 0) {
                throw new IOException("getsockname: " + Libc.describe(Libc.errno(errno)));
            }
            return SocketAddresses.decode(sockaddr);
        } finally {
            guard.exit();
        }
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return remote;
    }

    @Override
    public int sendBufferBytes() throws IOException {
        return getInt(Libc.SOL_SOCKET, Libc.SO_SNDBUF, "SO_SNDBUF");
    }

    @Override
    public int receiveBufferBytes() throws IOException {
        return getInt(Libc.SOL_SOCKET, Libc.SO_RCVBUF, "SO_RCVBUF");
    }

    private int getInt(int level, int name, String what) throws IOException {
        guard.enter();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.newErrno(a);
            MemorySegment value = a.allocate(CLayouts.C_INT);
            MemorySegment length = a.allocate(CLayouts.SOCKLEN_T);
            length.set(CLayouts.SOCKLEN_T, 0, (int) value.byteSize());
            if (Libc.getsockopt(errno, fd, level, name, value, length) != 0) {
                throw new IOException("getsockopt(" + what + "): " + Libc.describe(Libc.errno(errno)));
            }
            return value.get(CLayouts.C_INT, 0);
        } finally {
            guard.exit();
        }
    }

    @Override
    public boolean isOpen() {
        return !guard.closed();
    }

    @Override
    public void close() {
        guard.close(() -> {
            try (Arena a = Arena.ofConfined()) {
                Libc.shutdown(Libc.newErrno(a), fd, Libc.SHUT_RDWR); // wakes poll(2); ENOTCONN on an unconnected socket is fine
            }
        });
    }

    /** Runs once, when closed and no call is under way. */
    private void release() {
        try (Arena a = Arena.ofConfined()) {
            Libc.close(Libc.newErrno(a), fd);
        }
        arena.close();
    }

    /** Thrown by a call that finds the socket closed under it. */
    static AsynchronousCloseException closedUnder() {
        return new AsynchronousCloseException();
    }

    @Override
    public String toString() {
        return io() + " datagram socket fd " + fd + (remote != null ? " to " + remote : "");
    }
}

package benchsh.peer.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The file descriptors behind NIO socket channels, found without the JDK's internals ({@code sun.nio.ch} is not opened
 * to the peer): of the process's open descriptors ({@code /proc/self/fd}), the one whose local address
 * (getsockname(2)) and partner (getpeername(2); none for a listener) are the channel's. No two open TCP sockets have
 * both: a connection is the only one with its pair of addresses, and a listener the only unconnected socket bound to
 * its own. A descriptor found is the channel's only while the channel is open: callers check {@link
 * NetworkChannel#isOpen()} after each call on it (a channel closes before its descriptor is released). Stateless.
 */
final class ChannelFds {
    private static final Path FDS = Path.of("/proc/self/fd");
    private static final int SO_TYPE = 3;
    private static final int SOCK_STREAM = 1;

    private ChannelFds() {
    }

    /** Where a channel's socket meets the network; {@code remote} is null for a listener. */
    private record Ends(InetSocketAddress local, InetSocketAddress remote) {
        static Ends of(NetworkChannel channel) throws IOException {
            SocketAddress remote = channel instanceof SocketChannel s ? s.getRemoteAddress() : null;
            return new Ends((InetSocketAddress) channel.getLocalAddress(), (InetSocketAddress) remote);
        }
    }

    /**
     * The descriptor of each of {@code channels}, in their order, read from one pass over {@code /proc/self/fd}.
     *
     * @throws IOException when a channel is closed or unbound, or no descriptor has its addresses
     */
    static List<Integer> of(List<? extends NetworkChannel> channels) throws IOException {
        Map<Ends, Integer> wanted = new HashMap<>();
        List<Ends> ends = new ArrayList<>();
        for (NetworkChannel c : channels) {
            Ends e = Ends.of(c);
            if (e.local() == null) {
                throw new IOException("a socket that is not bound has no descriptor to find");
            }
            ends.add(e);
            wanted.put(e, -1);
        }
        try (Arena arena = Arena.ofConfined(); DirectoryStream<Path> fds = Files.newDirectoryStream(FDS)) {
            MemorySegment errno = Libc.newErrno(arena);
            MemorySegment address = arena.allocate(CLayouts.SOCKADDR_MAX, 8);
            MemorySegment length = arena.allocate(CLayouts.SOCKLEN_T);
            for (Path entry : fds) {
                int fd = Integer.parseInt(entry.getFileName().toString());
                InetSocketAddress local = name(errno, fd, address, length, false);
                if (local == null || wanted.keySet().stream().noneMatch(e -> e.local().equals(local)) || !stream(errno, fd, length, arena)) {
                    continue;
                }
                Ends found = new Ends(local, name(errno, fd, address, length, true));
                wanted.computeIfPresent(found, (e, fdBefore) -> fd);
            }
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < ends.size(); i++) {
            Integer fd = wanted.get(ends.get(i));
            if (fd < 0 || !channels.get(i).isOpen()) {
                throw new IOException("no open descriptor of this process has the socket of " + describe(ends.get(i)));
            }
            out.add(fd);
        }
        return out;
    }

    /** The local (or, {@code peer}, the partner's) address of socket {@code fd}; null when it has none or is no socket. */
    private static InetSocketAddress name(MemorySegment errno, int fd, MemorySegment address, MemorySegment length, boolean peer) {
        length.set(CLayouts.SOCKLEN_T, 0, (int) address.byteSize());
        int rc = peer ? TcpLibc.getpeername(errno, fd, address, length) : Libc.getsockname(errno, fd, address, length);
        if (rc != 0) {
            return null;
        }
        int family = address.get(CLayouts.C_SHORT, 0);
        return family == Libc.AF_INET || family == Libc.AF_INET6 ? SocketAddresses.decode(address) : null;
    }

    /** Whether socket {@code fd} is a stream socket (TCP, where its address is an internet one): UDP has ports of its own. */
    private static boolean stream(MemorySegment errno, int fd, MemorySegment length, Arena arena) {
        MemorySegment type = arena.allocate(CLayouts.C_INT);
        length.set(CLayouts.SOCKLEN_T, 0, (int) CLayouts.C_INT.byteSize());
        return Libc.getsockopt(errno, fd, Libc.SOL_SOCKET, SO_TYPE, type, length) == 0 && type.get(CLayouts.C_INT, 0) == SOCK_STREAM;
    }

    private static String describe(Ends e) {
        return Objects.toString(e.local()) + (e.remote() == null ? " (listening)" : " → " + e.remote());
    }
}

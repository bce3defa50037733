package benchsh.peer.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.Inet6Address;
import java.net.InetSocketAddress;

/**
 * Opens a client's blocking TCP sockets to one server: socket(2) of the server's family, close-on-exec, and
 * no option (as the C loop). The server's address is encoded once. Used by
 * the thread that created it.
 */
final class NativeRrConnector implements RrConnector {
    private final InetSocketAddress server;
    private final int family;
    private final MemorySegment sockaddr;
    private final int length;
    private final RrScratch scratch = new RrScratch();

    NativeRrConnector(InetSocketAddress server) throws IOException {
        if (server.isUnresolved()) {
            throw new IOException("cannot resolve " + server.getHostString());
        }
        this.server = server;
        this.family = server.getAddress() instanceof Inet6Address ? Libc.AF_INET6 : Libc.AF_INET;
        this.sockaddr = Arena.ofAuto().allocate(CLayouts.SOCKADDR_MAX, 8);
        this.length = SocketAddresses.encode(server, family, sockaddr);
        scratch.claim();
    }

    @Override
    public RrConnection open() throws IOException {
        int fd = Libc.socket(scratch.errno, family, RrLibc.SOCK_STREAM | Libc.SOCK_CLOEXEC, 0);
        if (fd < 0) {
            throw new IOException("socket: " + Libc.describe(Libc.errno(scratch.errno)));
        }
        return new NativeRrConnection(fd, scratch, true, sockaddr, length, server);
    }
}

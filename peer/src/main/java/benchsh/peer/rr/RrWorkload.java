package benchsh.peer.rr;

import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.util.Map;

/**
 * What the request/response workloads ({@link TcpRr}, {@link TcpCrr}, {@link UdpRr}) share in their shape:
 * two roles, "listen" (the server, which answers) and "connect" (the client, which asks and measures), each
 * with its spec record, both needing the test's link. Stateless.
 *
 * @param <S> the server's spec record
 * @param <C> the client's spec record
 */
abstract class RrWorkload<S extends Record, C extends Record> implements Workload {
    private final String name;
    private final Class<S> server;
    private final Class<C> client;

    RrWorkload(String name, Class<S> server, Class<C> client) {
        this.name = name;
        this.server = server;
        this.client = client;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Map<String, Class<? extends Record>> roles() {
        return Map.of("listen", server, "connect", client);
    }

    @Override
    public final Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        return server.isInstance(spec) ? server(server.cast(spec), link, context) : client(client.cast(spec), link, context);
    }

    /** Sets up the listening side on the link's address and port (0: any free one). */
    protected abstract Side server(S spec, Link link, SideContext context) throws IOException;

    /** The connecting side, which reaches the server at the link's address and port when it runs. */
    protected abstract Side client(C spec, Link link, SideContext context);
}

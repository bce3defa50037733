package benchsh.peer.workload;

import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.SpecCodec;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs both sides of any workload in this JVM, as two peers would, linked on loopback by one token. */
public final class Sides {
    public static final String TOKEN = "00112233445566778899aabbccddeeff";
    public static final String LOOPBACK = "127.0.0.1";

    private Sides() {
    }

    /** The listener's link: loopback, any port. */
    public static Link listening() {
        return new Link(TOKEN, LOOPBACK, 0);
    }

    /** The connector's link to {@code listener}'s port. */
    public static Link to(Side listener) {
        return new Link(TOKEN, LOOPBACK, ((Number) listener.endpoint().get("port")).intValue());
    }

    /**
     * Opens the listen side, hands its port to the connect side, runs both; returns {listen, connect}. The specs
     * travel in their wire form, as the peer receives them.
     */
    public static Outcome[] pair(Workload w, Record listen, Record connect, SideContext lc, SideContext cc) throws Exception {
        Side l = w.open("listen", SpecCodec.encode(listen), listening(), lc);
        Side c = w.open("connect", SpecCodec.encode(connect), to(l), cc);
        return run(l, c);
    }

    private static Outcome[] run(Side l, Side c) throws Exception {
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        Outcome co = c.run();
        return new Outcome[] {lo.get(30, TimeUnit.SECONDS), co};
    }

    public static long longOf(Outcome o, String metric) {
        Object v = o.metrics().get(metric);
        if (!(v instanceof Number n)) {
            throw new AssertionError("no metric " + metric + " in " + o.metrics());
        }
        return n.longValue();
    }

    public static double doubleOf(Outcome o, String metric) {
        Object v = o.metrics().get(metric);
        if (!(v instanceof Number n)) {
            throw new AssertionError("no metric " + metric + " in " + o.metrics());
        }
        return n.doubleValue();
    }
}

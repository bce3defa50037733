package benchsh.peer.workload;

import benchsh.peer.metric.Flat;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.Json;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import java.util.Map;
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
        return new Link(TOKEN, LOOPBACK, listener.endpoint().port());
    }

    /**
     * A side's report in its flat form ({@link Flat}), the names a result shows it under, after a round trip through the
     * wire form and back into its record, as the shell receives it; empty for a side without a report.
     */
    public static Map<String, Object> metrics(Outcome o) {
        return Flat.of(o.report() == null ? null : rewired(o.report()));
    }

    /** A report through its wire form and back. */
    private static Record rewired(Record report) {
        try {
            return SpecCodec.decodeFigures(report.getClass(), new Fields("report", Json.parseObject(Json.write(SpecCodec.encode(report)))));
        } catch (ProtocolException e) {
            throw new AssertionError("the report does not survive the wire: " + e.getMessage(), e);
        }
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
        Object v = metrics(o).get(metric);
        if (!(v instanceof Number n)) {
            throw new AssertionError("no metric " + metric + " in " + metrics(o));
        }
        return n.longValue();
    }

    public static double doubleOf(Outcome o, String metric) {
        Object v = metrics(o).get(metric);
        if (!(v instanceof Number n)) {
            throw new AssertionError("no metric " + metric + " in " + metrics(o));
        }
        return n.doubleValue();
    }
}

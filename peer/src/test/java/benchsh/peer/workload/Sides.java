package benchsh.peer.workload;

import benchsh.peer.protocol.Fields;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs both sides of any workload in this JVM, as two peers would. */
final class Sides {
    private Sides() {
    }

    /** Opens the listen side, hands its port to the connect side, runs both; returns {listen, connect}. */
    static Outcome[] pair(Workload w, Map<String, Object> listen, Map<String, Object> connect, SideContext lc, SideContext cc) throws Exception {
        Side l = w.open("listen", new Fields("spec", listen), lc);
        connect.put("port", l.endpoint().get("port"));
        Side c = w.open("connect", new Fields("spec", connect), cc);
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        Outcome co = c.run();
        return new Outcome[] {lo.get(30, TimeUnit.SECONDS), co};
    }

    static long longOf(Outcome o, String metric) {
        Object v = o.metrics().get(metric);
        if (!(v instanceof Number n)) {
            throw new AssertionError("no metric " + metric + " in " + o.metrics());
        }
        return n.longValue();
    }

    static double doubleOf(Outcome o, String metric) {
        Object v = o.metrics().get(metric);
        if (!(v instanceof Number n)) {
            throw new AssertionError("no metric " + metric + " in " + o.metrics());
        }
        return n.doubleValue();
    }
}

package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.result.Result;
import benchsh.shell.run.PairOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the two-host verbs (tcp, udp, rr, pipe; copy and http for their addresses) share: their common arguments, the hosts they run
 * between, the spec fields every side gets, and how their result is built. Stateless.
 */
final class PairVerbs {
    private PairVerbs() {
    }

    static final Arg TO = Arg.of("to", ArgType.HOST, null, "the receiving (listening) host (default local)");
    static final Arg FROM = Arg.of("from", ArgType.HOST, null, "the sending (connecting) host (default local)");
    static final Arg INTERVAL = Arg.of("interval", ArgType.DURATION, java.time.Duration.ofSeconds(1), "interval between samples");
    static final Arg BIND = Arg.of("bind", ArgType.TEXT, null, "address the receiver listens on");
    static final Arg TARGET = Arg.of("target", ArgType.TEXT, null, "address the sender connects to");
    static final Arg TIMEOUT = Arg.of("timeout", ArgType.DURATION, java.time.Duration.ofSeconds(10), "give up after this long without data");
    static final Arg LABEL = Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons");
    static final Arg TAGS = Arg.of("tags", ArgType.MAP, null, "extra tags for tables");
    static final Arg REPEATS = Arg.of("repeats", ArgType.COUNT, 1, "run this many times (results are numbered)");

    /** A two-host verb's arguments: to and from, then its own, then the common ones. */
    static List<Arg> args(Arg... own) {
        List<Arg> all = new java.util.ArrayList<>(List.of(TO, FROM));
        all.addAll(List.of(own));
        all.addAll(List.of(INTERVAL, BIND, TARGET, TIMEOUT, LABEL, REPEATS, TAGS));
        return all;
    }

    static Host from(Args args, Session session) {
        return args.given("from") ? args.host("from") : session.hosts().local();
    }

    static Host to(Args args, Session session) {
        return args.given("to") ? args.host("to") : session.hosts().local();
    }

    /** The interval, timeout and address fields, into both sides' specs. */
    static void common(Args args, Map<String, Object> listen, Map<String, Object> connect) {
        for (Map<String, Object> side : List.of(listen, connect)) {
            side.put("interval_ns", args.duration("interval").toNanos());
            side.put("timeout_ns", args.duration("timeout").toNanos());
        }
        addresses(args, listen, connect);
    }

    /**
     * The user's {@code bind:} into the listening side's spec and {@code target:} into the connecting
     * side's, as {@code address}; the runner fills in what is not given ({@link benchsh.shell.host.DataAddresses}).
     */
    static void addresses(Args args, Map<String, Object> listen, Map<String, Object> connect) {
        if (args.given("bind")) {
            listen.put("address", args.text("bind"));
        }
        if (args.given("target")) {
            connect.put("address", args.text("target"));
        }
    }

    /** The tags map plus the label. */
    static Map<String, Object> tags(Args args) {
        Map<String, Object> tags = new LinkedHashMap<>(args.map("tags"));
        if (args.given("label")) {
            tags.put("label", args.text("label"));
        }
        return tags;
    }

    static Result result(String test, PairOutcome o, Host from, Host to, Map<String, Object> params, Map<String, Object> metrics, Args args,
                         List<Map<String, Object>> intervals) {
        return new Result(test, o.status(), from.name(), to.name(), params, metrics, tags(args), o.started(), 1, o.error(), intervals);
    }
}

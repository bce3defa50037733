package benchsh.shell.definition;

import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Timing;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.SideSpec;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the two-host definitions (tcp, udp, rr, pipe; copy and http for their addresses) share: their common
 * arguments, the hosts they run between, the fields every side's spec gets, and the link's two sides.
 * Stateless.
 */
final class PairArgs {
    static final Arg TO = Arg.of("to", ArgType.HOST, null, "the receiving (listening) host (default local)");
    static final Arg FROM = Arg.of("from", ArgType.HOST, null, "the sending (connecting) host (default local)");
    static final Arg INTERVAL = Arg.of("interval", ArgType.DURATION, Duration.ofSeconds(1), "interval between samples");
    static final Arg BIND = Arg.of("bind", ArgType.TEXT, null, "address the receiver listens on");
    static final Arg TARGET = Arg.of("target", ArgType.TEXT, null, "address the sender connects to");
    static final Arg TIMEOUT = Arg.of("timeout", ArgType.DURATION, Duration.ofSeconds(10), "give up after this long without data");
    static final Arg LABEL = Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons");
    static final Arg TAGS = Arg.of("tags", ArgType.MAP, null, "extra tags for tables");
    static final Arg BUSY_WAIT = Arg.of("busywait", ArgType.DURATION_OR_ZERO, Duration.ofNanos(Timing.BUSY_WAIT_NANOS),
            "how long the receiver asks an empty socket again before it sleeps, up to 10.ms (0: sleeps at once, as iperf3 and netperf do)");
    static final Arg OMIT = Arg.of("omit", ArgType.DURATION_OR_ZERO, Duration.ofSeconds(1), "warm-up left out of the figures");
    static final Arg REPEATS = Arg.of("repeats", ArgType.COUNT, 1, "run this many times (results are numbered)");

    private PairArgs() {
    }

    /** A two-host verb's arguments: to and from, then its own, then the common ones. */
    static List<Arg> args(Arg... own) {
        List<Arg> all = new java.util.ArrayList<>(List.of(TO, FROM));
        all.addAll(List.of(own));
        all.addAll(List.of(INTERVAL, BIND, TARGET, TIMEOUT, LABEL, REPEATS, TAGS));
        return all;
    }

    static Host from(Args args, Hosts hosts) {
        return args.given("from") ? args.host("from") : hosts.local();
    }

    static Host to(Args args, Hosts hosts) {
        return args.given("to") ? args.host("to") : hosts.local();
    }

    /** The interval and timeout of a side. */
    static Timing timing(Args args) {
        return new Timing(args.duration("interval").toNanos(), args.duration("timeout").toNanos());
    }

    /** The interval, timeout and {@link #BUSY_WAIT} of a stream's side. */
    static Timing streamTiming(Args args) {
        long busyWait = args.duration("busywait").toNanos();
        if (busyWait > Timing.MAX_BUSY_WAIT_NANOS) {
            throw new UsageException(String.format(java.util.Locale.ROOT, "busywait %.3g ms is longer than the peer's cap of %d ms; past that sleeping costs less",
                    busyWait / 1e6, Timing.MAX_BUSY_WAIT_NANOS / 1_000_000));
        }
        return new Timing(args.duration("interval").toNanos(), args.duration("timeout").toNanos(), busyWait);
    }

    /** The interval and timeout fields, into a side's spec. */
    static Map<String, Object> timing(Args args, Map<String, Object> spec) {
        spec.put("interval_ns", args.duration("interval").toNanos());
        spec.put("timeout_ns", args.duration("timeout").toNanos());
        return spec;
    }

    /** The listening side on {@code host}, at the user's {@code bind:} if given. */
    static SideSpec listen(Args args, Host host, String workload, Map<String, Object> spec) {
        return SideSpec.listen(host, workload, spec, args.given("bind") ? args.text("bind") : null);
    }

    /** The listening side on {@code host} with its spec record, at the user's {@code bind:} if given. */
    static SideSpec listen(Args args, Host host, String workload, Record spec) {
        return listen(args, host, workload, SpecCodec.encode(spec));
    }

    /** The connecting side on {@code host}, to the user's {@code target:} if given. */
    static SideSpec connect(Args args, Host host, String workload, Map<String, Object> spec) {
        return SideSpec.connect(host, workload, spec, args.given("target") ? args.text("target") : null);
    }

    /** The connecting side on {@code host} with its spec record, to the user's {@code target:} if given. */
    static SideSpec connect(Args args, Host host, String workload, Record spec) {
        return connect(args, host, workload, SpecCodec.encode(spec));
    }

    /** The tags map plus the label. */
    static Map<String, Object> tags(Args args) {
        Map<String, Object> tags = new LinkedHashMap<>(args.map("tags"));
        if (args.given("label")) {
            tags.put("label", args.text("label"));
        }
        return tags;
    }
}

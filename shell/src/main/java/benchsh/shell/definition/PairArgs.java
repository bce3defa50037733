package benchsh.shell.definition;

import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Timing;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.RunContext;
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
    static final Arg INTERVAL = Arg.of("interval", ArgType.DURATION, Duration.ofSeconds(1), "interval between samples").within(Timing.class);
    static final Arg BIND = Arg.of("bind", ArgType.TEXT, null, "address the receiver listens on");
    static final Arg TARGET = Arg.of("target", ArgType.TEXT, null, "address the sender connects to");
    static final Arg TIMEOUT = Arg.of("timeout", ArgType.DURATION, Duration.ofSeconds(10), "give up after this long without data").within(Timing.class);
    static final Arg LABEL = Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons");
    static final Arg TAGS = Arg.of("tags", ArgType.MAP, null, "extra tags for tables");
    static final Arg BUSY_WAIT = Arg.of("busywait", ArgType.DURATION_OR_ZERO, Duration.ofNanos(Timing.BUSY_WAIT_NANOS),
            "how long the receiver asks an empty socket again before it sleeps; past 10 ms sleeping costs less (0: sleeps at once, as iperf3"
                    + " and netperf do)").within(Timing.class);
    /** The warm-up: the same cap in every workload's spec ({@code omit_nanos}), checked again where each spec leaves. */
    static final Arg OMIT = Arg.of("omit", ArgType.DURATION_OR_ZERO, Duration.ofSeconds(1), "warm-up left out of the figures")
            .within(TcpStream.Spec.class);
    /** The IP version of the data connection (iperf3's -4 and -6); a verb that takes it says so in its own list. */
    static final Arg FAMILY = Arg.of("family", ArgType.COUNT, null, "the IP version of the data connection: 4 or 6 (default: the version the"
            + " hosts were reached by)").within(4, 6);
    static final Arg REPEATS = Arg.of("repeats", ArgType.COUNT, 1, "run this many times (results are numbered)").within(1, RunContext.MAX_REPEATS);

    private PairArgs() {
    }

    /** A two-host verb's arguments: to and from, then its own, then the common ones. */
    static List<Arg> args(Arg... own) {
        List<Arg> all = new java.util.ArrayList<>(List.of(TO, FROM));
        all.addAll(List.of(own));
        all.addAll(List.of(INTERVAL, BIND, TARGET, TIMEOUT, LABEL, REPEATS, TAGS));
        return all;
    }

    /** The lists one after the other: a verb's arguments, some from lists it shares with others. */
    @SafeVarargs
    static List<Arg> with(List<Arg>... lists) {
        List<Arg> all = new java.util.ArrayList<>();
        for (List<Arg> l : lists) {
            all.addAll(l);
        }
        return List.copyOf(all);
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
        return new Timing(args.duration("interval").toNanos(), args.duration("timeout").toNanos(), args.duration("busywait").toNanos());
    }

    /**
     * The listening side on {@code host} with its spec record (checked: {@link SpecLimits}), at the user's {@code bind:} if
     * given, on an address of the IP version of {@code family:} where the verb takes it and it is given.
     */
    static SideSpec listen(Args args, Host host, String workload, Record spec) {
        SideSpec side = SideSpec.listen(host, workload, SpecLimits.encode(args, spec), args.given("bind") ? args.text("bind") : null);
        return args.given("family") ? side.inFamily(family(args)) : side;
    }

    /** {@code family:}, 4 or 6. */
    private static int family(Args args) {
        int family = args.count("family");
        if (family != 4 && family != 6) {
            throw new UsageException(args.spec().name() + ": family is 4 (IPv4) or 6 (IPv6), not " + family);
        }
        return family;
    }

    /** The connecting side on {@code host} with its spec record (checked: {@link SpecLimits}), to the user's {@code target:} if given. */
    static SideSpec connect(Args args, Host host, String workload, Record spec) {
        return SideSpec.connect(host, workload, SpecLimits.encode(args, spec), args.given("target") ? args.text("target") : null);
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

package benchsh.shell.definition;

import benchsh.peer.rr.TcpCrr;
import benchsh.peer.rr.TcpRr;
import benchsh.peer.rr.UdpRr;
import benchsh.peer.workload.Timing;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.report.LatencyDistribution;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code rr}: request/response transactions per second and latency percentiles. One verb for three peer
 * workloads, chosen by {@code proto:} and {@code connect:}: netperf TCP_RR ({@link TcpRr}), {@code connect:
 * true} TCP_CRR ({@link TcpCrr}), {@code proto: 'udp'} UDP_RR ({@link UdpRr}); the result's {@code kind}
 * says which. {@code burst: N} keeps N+1 TCP_RR transactions in flight; the other kinds refuse it.
 */
public final class RrDefinition implements Definition {
    static final List<String> COLUMNS = List.of("from", "to", "kind", "request", "response", "transactions_per_s", "latency_p50_us",
            "latency_p90_us", "latency_p99_us", "latency_p99_9_us", "latency_max_us", "cpu_local_pct", "cpu_remote_pct",
            "service_demand_local_us_per_tran", "service_demand_remote_us_per_tran");

    private static final VerbSpec VERB = new VerbSpec("rr", "request/response: transactions/s and latency percentiles", "",
            PairArgs.args(
                    Arg.of("proto", ArgType.TEXT, "tcp", "tcp or udp"),
                    Arg.of("connect", ArgType.BOOL, false, "a new TCP connection per transaction (TCP_CRR)"),
                    Arg.of("request", ArgType.SIZE, 1L, "request bytes (UDP: at most a datagram's payload, 65,507 B)").within(TcpRr.ClientSpec.class),
                    Arg.of("response", ArgType.SIZE, 1L, "response bytes (UDP: at most 65,507 B)").within(TcpRr.ClientSpec.class),
                    Arg.of("time", ArgType.DURATION, Duration.ofSeconds(10), "how long to measure, after the warm-up").within(TcpRr.ClientSpec.class),
                    PairArgs.OMIT,
                    Arg.of("histogram", ArgType.BOOL, false, "also print the latency distribution"),
                    Arg.of("burst", ArgType.COUNT, null, "TCP_RR only: keep this many transactions in flight beyond the first"
                            + " (netperf -b); each one's latency includes its wait behind the others; omit for one at a time")
                            .within(TcpRr.ClientSpec.class)),
            List.of("rr to: local, time: 5.s",
                    "rr proto: 'udp', request: 64, response: 1024",
                    "rr connect: true, histogram: true",
                    "rr burst: 8, request: 64, response: 64"));

    /** The three kinds of request/response test, by their netperf names. */
    enum Kind {
        TCP_RR(TcpRr.NAME),
        TCP_CRR(TcpCrr.NAME),
        UDP_RR(UdpRr.NAME);

        final String workload;

        Kind(String workload) {
            this.workload = workload;
        }
    }

    /** A kind's two specs: the listening (server) side's and the connecting (client) side's. */
    private record Specs(Record server, Record client) {
    }

    @Override
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        Host from = PairArgs.from(args, hosts);
        Host to = PairArgs.to(args, hosts);
        Kind kind = kind(args);
        Specs specs = specs(kind, args);
        Map<String, Object> params = args.params();
        params.put("kind", kind.name());
        Part part = new Part.OnPeers(List.of(PairArgs.listen(args, to, kind.workload, specs.server()),
                PairArgs.connect(args, from, kind.workload, specs.client())), "connect",
                sides -> Merged.of(RrMetrics.merge(sides.get("connect"), sides.get("listen")), sides.intervals("connect")));
        Test.Builder test = Test.of("rr", from, to).params(params).tags(PairArgs.tags(args)).columns(COLUMNS).part(part)
                .runsFor(args.duration("omit").plus(args.duration("time")).plus(Duration.ofSeconds(2)));
        if (args.bool("histogram")) {
            test.epilogue(r -> r.metrics().get("latency_buckets_ns") instanceof List<?> buckets ? LatencyDistribution.render(buckets) : null);
        }
        return test.build();
    }

    /** The kind {@code proto:} and {@code connect:} ask for. */
    static Kind kind(Args args) {
        String proto = args.text("proto");
        boolean udp = proto.equals("udp");
        if (!udp && !proto.equals("tcp")) {
            throw new UsageException("rr proto must be 'tcp' or 'udp', not '" + proto + "'");
        }
        if (udp && args.bool("connect")) {
            throw new UsageException("rr connect: true (TCP_CRR) needs proto 'tcp'");
        }
        Kind kind = udp ? Kind.UDP_RR : args.bool("connect") ? Kind.TCP_CRR : Kind.TCP_RR;
        if (args.given("burst") && kind != Kind.TCP_RR) {
            throw new UsageException("rr burst: is for TCP_RR only (proto 'tcp' without connect: true); " + kind
                    + " asks one transaction at a time: leave burst: out");
        }
        return kind;
    }

    private static Specs specs(Kind kind, Args args) {
        int request = args.intSize("request");
        int response = args.intSize("response");
        long time = args.duration("time").toNanos();
        long omit = args.duration("omit").toNanos();
        Timing timing = PairArgs.timing(args);
        boolean histogram = args.bool("histogram");
        return switch (kind) {
            case TCP_RR -> new Specs(new TcpRr.ServerSpec(request, response, omit, timing),
                    new TcpRr.ClientSpec(request, response, time, omit, timing, histogram, args.given("burst") ? args.count("burst") : 0));
            case TCP_CRR -> new Specs(new TcpCrr.ServerSpec(request, response, omit, timing),
                    new TcpCrr.ClientSpec(request, response, time, omit, timing, histogram));
            case UDP_RR -> new Specs(new UdpRr.ServerSpec(response, time, omit, timing),
                    new UdpRr.ClientSpec(request, response, time, omit, timing, histogram));
        };
    }
}

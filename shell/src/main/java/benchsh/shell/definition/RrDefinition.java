package benchsh.shell.definition;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.peer.workload.RequestResponse;
import benchsh.peer.workload.UdpStream;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import benchsh.shell.report.LatencyDistribution;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code rr}: request/response transactions per second and latency percentiles (netperf TCP_RR,
 * {@code proto: 'udp'} UDP_RR, {@code connect: true} TCP_CRR).
 */
public final class RrDefinition implements Definition {
    static final List<String> COLUMNS = List.of("from", "to", "kind", "request", "response", "transactions_per_s", "latency_p50_us",
            "latency_p90_us", "latency_p99_us", "latency_p99_9_us", "latency_max_us", "cpu_local_pct", "cpu_remote_pct",
            "service_demand_local_us_per_tran", "service_demand_remote_us_per_tran");

    private static final VerbSpec VERB = new VerbSpec("rr", "request/response: transactions/s and latency percentiles", "",
            PairArgs.args(
                    Arg.of("proto", ArgType.TEXT, "tcp", "tcp or udp"),
                    Arg.of("connect", ArgType.BOOL, false, "a new TCP connection per transaction (TCP_CRR)"),
                    Arg.of("request", ArgType.SIZE, 1L, "request bytes"),
                    Arg.of("response", ArgType.SIZE, 1L, "response bytes"),
                    Arg.of("time", ArgType.DURATION, Duration.ofSeconds(10), "how long to measure, after the warm-up"),
                    Arg.of("omit", ArgType.DURATION_OR_ZERO, Duration.ofSeconds(1), "warm-up left out of the figures"),
                    Arg.of("histogram", ArgType.BOOL, false, "also print the latency distribution")),
            List.of("rr to: local, time: 5.s",
                    "rr proto: 'udp', request: 64, response: 1024",
                    "rr connect: true, histogram: true"));

    @Override
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        Host from = PairArgs.from(args, hosts);
        Host to = PairArgs.to(args, hosts);
        String proto = args.text("proto");
        boolean udp = proto.equals("udp");
        if (!udp && !proto.equals("tcp")) {
            throw new UsageException("rr proto must be 'tcp' or 'udp', not '" + proto + "'");
        }
        if (udp && args.bool("connect")) {
            throw new UsageException("rr connect: true (TCP_CRR) needs proto 'tcp'");
        }
        long max = udp ? UdpStream.MAX_SIZE : RequestResponse.MAX_TCP_MESSAGE;
        for (String size : List.of("request", "response")) {
            if (args.size(size) > max) {
                throw new UsageException("rr " + size + " " + args.size(size) + " is over the " + proto + " limit of " + max + " bytes");
            }
        }
        Map<String, Object> listen = new LinkedHashMap<>();
        Map<String, Object> connect = new LinkedHashMap<>();
        for (Map<String, Object> side : List.of(listen, connect)) {
            side.put("proto", proto);
            side.put("connect", args.bool("connect"));
            side.put("request", args.size("request"));
            side.put("response", args.size("response"));
            side.put("time_ns", args.duration("time").toNanos());
            side.put("omit_ns", args.duration("omit").toNanos());
        }
        connect.put("histogram", args.bool("histogram"));
        Map<String, Object> params = args.params();
        params.put("kind", udp ? "UDP_RR" : args.bool("connect") ? "TCP_CRR" : "TCP_RR");
        Part part = new Part.OnPeers(List.of(PairArgs.listen(args, to, "rr", PairArgs.timing(args, listen)),
                PairArgs.connect(args, from, "rr", PairArgs.timing(args, connect))), "connect",
                sides -> Merged.of(RrMetrics.merge(sides.get("connect"), sides.get("listen")), sides.intervals("connect")));
        Test.Builder test = Test.of("rr", from, to).params(params).tags(PairArgs.tags(args)).columns(COLUMNS).part(part)
                .runsFor(args.duration("omit").plus(args.duration("time")).plus(Duration.ofSeconds(2)));
        if (args.bool("histogram")) {
            test.epilogue(r -> r.metrics().get("latency_buckets_ns") instanceof List<?> buckets ? LatencyDistribution.render(buckets) : null);
        }
        return test.build();
    }
}

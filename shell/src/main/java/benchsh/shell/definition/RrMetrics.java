package benchsh.shell.definition;

import static benchsh.shell.definition.StreamMetrics.number;

import benchsh.peer.protocol.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result metrics of a request/response test: transactions and transactions/s and the latency
 * percentiles the client measured (µs), with CPU and service demand per transaction
 * ({@code service_demand_*_us_per_tran}, netperf's "us/Tr"), and for TCP_CRR which sockets each side used
 * ({@code client_io}, {@code server_io}: native or nio; on nio why in {@code *_io_note}). Stateless.
 */
public final class RrMetrics {
    static final List<String> CLIENT_FIGURES = List.of("transactions", "seconds", "transactions_per_s", "udp_retransmits",
            "latency_min_us", "latency_mean_us", "latency_p50_us", "latency_p90_us", "latency_p99_us", "latency_p99_9_us",
            "latency_max_us", "latency_buckets_ns");

    private RrMetrics() {
    }

    /** @param client the side that asked (the {@code from} host) */
    public static Map<String, Object> merge(Message.Done client, Message.Done server) {
        Map<String, Object> c = StreamMetrics.figures(client);
        Map<String, Object> s = StreamMetrics.figures(server);
        Map<String, Object> m = new LinkedHashMap<>();
        for (String k : CLIENT_FIGURES) {
            m.put(k, c.get(k));
        }
        m.put("server_transactions", s.get("transactions"));
        StreamMetrics.cpu(m, c, s, number(c.get("transactions")), "tran");
        StreamMetrics.strays(m, s, c);
        m.put("client_io", c.get("client_io"));
        m.put("server_io", s.get("server_io"));
        m.put("client_io_note", c.get("client_io_note"));
        m.put("server_io_note", s.get("server_io_note"));
        return StreamMetrics.clean(m);
    }
}

package benchsh.shell.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import benchsh.peer.protocol.Message;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NetMetricsTest {
    static Message.Done done(Map<String, Object> metrics) {
        return new Message.Done("t", metrics, List.of(), null, null);
    }

    @Test
    void udpLossIsReconciledFromTheSendersCount() {
        Map<String, Object> m = UdpMetrics.merge(
                done(Map.of("bytes", 9000L, "seconds", 1.0, "throughput_bps", 72000.0, "messages_received", 9L, "messages_out_of_order", 1L,
                        "message_bytes", 1000L)),
                done(Map.of("bytes", 10000L, "seconds", 1.0, "throughput_bps", 80000.0, "messages_sent", 10L, "send_errors", 2L, "message_bytes", 1000L)));
        assertEquals(1L, m.get("messages_lost"));
        assertEquals(10.0, (Double) m.get("loss_pct"), 1e-9);
        assertEquals(10.0, (Double) m.get("send_messages_per_s"), 1e-9);
        assertEquals(9.0, (Double) m.get("recv_messages_per_s"), 1e-9);
        assertEquals(2L, m.get("send_errors"));
    }

    /** After a warm-up the counts are the whole test's, the rates only the measured span's bytes over its seconds. */
    @Test
    void udpRatesLeaveTheWarmUpOutAndCountsKeepIt() {
        Map<String, Object> m = UdpMetrics.merge(
                done(Map.of("bytes", 4000L, "bytes_total", 9000L, "seconds", 2.0, "omitted_seconds", 1.0, "messages_received", 9L, "message_bytes", 1000L)),
                done(Map.of("bytes", 6000L, "bytes_total", 12000L, "seconds", 2.0, "omitted_seconds", 1.0, "messages_sent", 12L, "message_bytes", 1000L)));
        assertEquals(3L, m.get("messages_lost"), "sent = received + lost over the whole test");
        assertEquals(3.0, (Double) m.get("send_messages_per_s"), 1e-9);
        assertEquals(2.0, (Double) m.get("recv_messages_per_s"), 1e-9);
        assertEquals(9000L, m.get("bytes_total"));
        assertEquals(1.0, m.get("omitted_seconds"));
    }

    @Test
    void pipeNamesTheSlowestStage() {
        Map<String, Object> sink = Map.of("bytes", 1_000_000L, "seconds", 2.0, "throughput_bps", 4e6, "net_read_seconds", 0.1,
                "sink_write_seconds", 1.5, "sync_seconds", 0.3);
        Map<String, Object> source = Map.of("bytes", 1_000_000L, "seconds", 2.0, "source_read_seconds", 0.2, "net_write_seconds", 1.7);
        Map<String, Object> m = PipeMetrics.merge(done(sink), done(source));
        assertEquals("sink", m.get("bounded_by"));
        assertEquals(8e6 / 1.8, (Double) m.get("sink_write_bps"), 1e-6);
        assertEquals(8e6 / 0.1, (Double) m.get("network_bps"), 1e-6, "network time is the smaller of the two socket times");

        Map<String, Object> slowSource = PipeMetrics.merge(done(Map.of("bytes", 1_000_000L, "seconds", 2.0, "net_read_seconds", 1.9,
                "sink_write_seconds", 0.05, "sync_seconds", 0.0)), done(Map.of("bytes", 1_000_000L, "source_read_seconds", 1.8, "net_write_seconds", 0.1, "seconds", 2.0)));
        assertEquals("source", slowSource.get("bounded_by"));
    }

    @Test
    void aZeroSourceWithNoMeasurableTimeIsLeftOutNotInfinite() {
        Map<String, Object> m = PipeMetrics.merge(done(Map.of("bytes", 1000L, "seconds", 1.0, "net_read_seconds", 0.5, "sink_write_seconds", 0.1,
                "sync_seconds", 0.0)), done(Map.of("bytes", 1000L, "seconds", 1.0, "source_read_seconds", 0.0, "net_write_seconds", 0.6)));
        assertFalse(m.containsKey("source_read_bps"));
        assertEquals("network", m.get("bounded_by"));
    }

    @Test
    void rrServiceDemandIsPerTransaction() {
        Map<String, Object> client = Map.of("transactions", 1000L, "seconds", 1.0, "transactions_per_s", 1000.0, "cpu_pct", 50.0,
                "cpu_count", 2L, "process_cpu_seconds", 0.4, "latency_p50_us", 20.0);
        Map<String, Object> m = RrMetrics.merge(done(client), done(Map.of("transactions", 1000L, "seconds", 1.0, "cpu_pct", 25.0, "cpu_count", 2L)));
        // 50 % of 2 CPUs for 1 s = 1 CPU-second = 1e6 us over 1000 transactions
        assertEquals(1000.0, (Double) m.get("service_demand_local_us_per_tran"), 1e-9);
        assertEquals(500.0, (Double) m.get("service_demand_remote_us_per_tran"), 1e-9);
        assertEquals(20.0, m.get("latency_p50_us"));
    }

    @Test
    void crrSaysWhichSocketsEachSideUsed() {
        Map<String, Object> m = RrMetrics.merge(done(Map.of("transactions", 10L, "seconds", 1.0, "client_io", "native")),
                done(Map.of("transactions", 10L, "seconds", 1.0, "server_io", "nio", "server_io_note", "needs Java 22 or newer")));
        assertEquals("native", m.get("client_io"));
        assertEquals("nio", m.get("server_io"));
        assertEquals("needs Java 22 or newer", m.get("server_io_note"));
        assertFalse(m.containsKey("client_io_note"), "no note when the native path ran");
    }

    @Test
    void bidirectionalAddsBothDirections() {
        Map<String, Object> f = Map.of("bytes", 1000L, "seconds", 1.0, "throughput_bps", 8000.0, "service_demand_local_us_per_kb", 10.0);
        Map<String, Object> r = Map.of("bytes", 3000L, "seconds", 1.1, "throughput_bps", 24000.0, "service_demand_local_us_per_kb", 99.0);
        Map<String, Object> m = StreamMetrics.bidirectional(f, r);
        assertEquals(32000.0, m.get("throughput_bps"));
        assertEquals(4000L, m.get("bytes"));
        assertEquals(2.5, (Double) m.get("service_demand_local_us_per_kb"), 1e-9, "the same CPU spread over four times the bytes");
    }
}

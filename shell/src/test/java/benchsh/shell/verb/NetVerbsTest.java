package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Batch;
import benchsh.shell.Main;
import benchsh.shell.host.NativeJava;
import benchsh.shell.host.PeerJar;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The network verbs end to end: batch mode, a real local peer, JSON lines out. */
@Timeout(120)
class NetVerbsTest {
    record Run(int code, List<Map<String, Object>> results, String human) {
        Map<String, Object> result(int i) {
            return results.get(i);
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> metrics(int i) {
            return (Map<String, Object>) results.get(i).get("metrics");
        }
    }

    static Run benchsh(String statements) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"-e", statements, "--json", "-"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, Batch.results(out.toString(StandardCharsets.UTF_8)), err.toString(StandardCharsets.UTF_8));
    }

    static double num(Map<String, Object> m, String key) {
        Object v = m.get(key);
        assertTrue(v instanceof Number, key + " missing in " + m);
        return ((Number) v).doubleValue();
    }

    static void hasCpu(Map<String, Object> m, String per) {
        for (String k : List.of("cpu_local_pct", "cpu_remote_pct", "process_cpu_local_seconds", "process_cpu_remote_seconds",
                "service_demand_local_us_per_" + per, "service_demand_remote_us_per_" + per)) {
            num(m, k);
        }
    }

    @Test
    void udpRrAndPipeRunThroughALocalPeer() throws Exception {
        Run r = benchsh("udp time: 1.s, rate: 50.Mbit, size: 1000; "
                + "rr time: 1.s, omit: 0.s; rr proto: 'udp', time: 1.s, omit: 0.s, request: 100, response: 200; "
                + "rr connect: true, time: 1.s, omit: 0.s, histogram: true; "
                + "pipe source: 'random', bs: 64.KiB, count: 100");
        assertEquals(0, r.code(), r.human());
        assertEquals(5, r.results().size(), r.human());
        r.results().forEach(x -> assertEquals("ok", x.get("status"), String.valueOf(x)));

        Map<String, Object> udp = r.metrics(0);
        assertEquals(num(udp, "messages_sent"), num(udp, "messages_received") + num(udp, "messages_lost"));
        for (String k : List.of("send_errors", "messages_out_of_order", "jitter_us", "throughput_bps", "sender_throughput_bps",
                "send_socket_bytes", "recv_socket_bytes", "send_messages_per_s", "recv_messages_per_s")) {
            num(udp, k);
        }
        hasCpu(udp, "kb");
        assertTrue(r.human().contains("messages lost"), r.human());

        List<String> kinds = List.of("TCP_RR", "UDP_RR", "TCP_CRR");
        for (int i = 1; i <= 3; i++) {
            Map<String, Object> rr = r.metrics(i);
            assertTrue(num(rr, "transactions_per_s") > 0);
            for (String p : List.of("p50", "p90", "p99", "p99_9", "max")) {
                num(rr, "latency_" + p + "_us");
            }
            hasCpu(rr, "tran");
            @SuppressWarnings("unchecked")
            Map<String, Object> params = (Map<String, Object>) r.result(i).get("params");
            assertEquals(kinds.get(i - 1), params.get("kind"));
        }
        for (String side : List.of("client_io", "server_io")) {
            assertTrue(List.of("native", "nio").contains(r.metrics(3).get(side)), side + " in " + r.metrics(3));
        }
        assertTrue(r.human().contains("latency up to"), "histogram: true prints the distribution");

        Map<String, Object> pipe = r.metrics(4);
        assertEquals(100 * 65536.0, num(pipe, "bytes"));
        assertTrue(List.of("source", "network", "sink").contains(pipe.get("bounded_by")), String.valueOf(pipe));
        num(pipe, "source_read_bps");
        num(pipe, "network_bps");
        hasCpu(pipe, "kb");
    }

    @Test
    void udpDatagramsSmallerThanTheHeaderMeasureLossOnly() throws Exception {
        Run r = benchsh("udp size: 1, time: 1.s");
        assertEquals(0, r.code(), r.human());
        assertEquals(1, r.results().size(), r.human());
        assertEquals("ok", r.result(0).get("status"), String.valueOf(r.result(0)));
        Map<String, Object> udp = r.metrics(0);
        assertEquals(1.0, num(udp, "message_bytes"));
        assertTrue(num(udp, "messages_received") > 0, String.valueOf(udp));
        assertEquals(num(udp, "messages_sent"), num(udp, "messages_received") + num(udp, "messages_lost"));
        assertEquals(num(udp, "messages_received"), num(udp, "bytes_total"), "1 byte per datagram");
        for (String absent : List.of("messages_out_of_order", "messages_duplicate", "jitter_us")) {
            assertFalse(udp.containsKey(absent), absent + " is not measured without a header: " + udp);
        }
        String row = r.human().lines().filter(l -> l.startsWith("local")).findFirst().orElseThrow();
        assertTrue(row.matches(".*\\s-\\s.*"), "jitter shows as -: " + row);
    }

        @Test
    void tcpOptionsBidirStreamsRateAndZerocopy() throws Exception {
        Run r = benchsh("tcp time: 1.s, omit: 0.s, bidir: true; "
                + "tcp time: 1.s, omit: 0.s, streams: 2, rate: 400.Mbit, zerocopy: true, window: 256.KiB, nodelay: true; "
                + "tcp time: 1.s, omit: 0.s, reverse: true, interval: 0.25");
        assertEquals(0, r.code(), r.human());
        Map<String, Object> bidir = r.metrics(0);
        assertEquals(num(bidir, "throughput_bps"), num(bidir, "forward_throughput_bps") + num(bidir, "reverse_throughput_bps"), 1.0);
        assertTrue(num(bidir, "reverse_throughput_bps") > 0);
        hasCpu(bidir, "kb");
        Map<String, Object> streams = r.metrics(1);
        assertEquals(2, ((List<?>) streams.get("stream_throughput_bps")).size());
        assertTrue(num(streams, "throughput_bps") <= 400e6 * 1.05, "paced: " + streams.get("throughput_bps"));
        assertTrue(r.human().contains("stream throughput"), r.human());
        assertTrue(((List<?>) r.result(2).get("intervals")).size() >= 3, "samples every 0.25 s");
        String path = PeerJar.hasNativePaths() && !NativeJava.candidates().isEmpty() ? "native" : "nio";
        assertEquals(List.of(path, path), List.of(bidir.get("send_io"), bidir.get("recv_io")), "the local peer's calls: " + bidir);
        assertEquals(List.of("sendfile", path), List.of(streams.get("send_io"), streams.get("recv_io")), "zerocopy: " + streams);
    }

    /** window: 1 runs with the buffers the kernel raised it to, and the row shows them beside the window asked for. */
    @Test
    void tcpWindowIsShownBesideTheSocketBuffersTheKernelGave() throws Exception {
        Run r = benchsh("tcp window: 1, time: 1.s, omit: 0.s");
        assertEquals(0, r.code(), r.human());
        Map<String, Object> m = r.metrics(0);
        assertEquals(1L, ((Number) ((Map<?, ?>) r.result(0).get("params")).get("window")).longValue(), "the window asked for is recorded as asked");
        assertTrue(num(m, "send_socket_bytes") > 1 && num(m, "recv_socket_bytes") > 1, "the kernel's buffers, not 1 byte: " + m);
        String header = r.human().lines().filter(l -> l.startsWith("from")).findFirst().orElseThrow(() -> new AssertionError(r.human()));
        assertTrue(header.indexOf("window") < header.indexOf("send socket") && header.indexOf("send socket") < header.indexOf("recv socket"), header);
    }

    @Test
    void badInputGivesAClearErrorAndNoHang() throws Exception {
        Map<String, String> cases = Map.of(
                "udp size: 65508", "udp: size must be between 1 B and 65,507 B, not 65,508 B",
                "udp rate: 0", "udp: rate must be between 1 bit/s and 1 Tbit/s, not 0 bit/s",
                "tcp rate: 0", "tcp: rate must be between 1 bit/s and 1 Tbit/s, not 0 bit/s",
                "pipe source: '/nonexistent/benchsh-source', count: 1", "source file does not exist",
                "pipe sink: '/proc/benchsh-no-dir/x', count: 1", "sink directory /proc/benchsh-no-dir does not exist",
                "pipe sink: 'relative/path'", "absolute path",
                "rr proto: 'udp', connect: true", "needs proto 'tcp'");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Run r = benchsh(c.getKey());
            assertTrue(r.code() != 0, c.getKey());
            String all = r.human() + r.results();
            assertTrue(all.contains(c.getValue()), c.getKey() + " -> " + all);
        }
    }

    @Test
    void aSinkThatExistsIsNeverOverwritten() throws Exception {
        java.nio.file.Path f = java.nio.file.Files.createTempFile("benchsh-precious-", ".txt");
        try {
            java.nio.file.Files.writeString(f, "precious");
            Run r = benchsh("pipe count: 4, sink: '" + f + "'");
            assertTrue(r.code() != 0);
            assertTrue(r.human().contains("never overwrites"), r.human());
            assertEquals("precious", java.nio.file.Files.readString(f));
        } finally {
            java.nio.file.Files.deleteIfExists(f);
        }
    }

    @Test
    void helpListsTheNewVerbs() throws Exception {
        Run r = benchsh("help 'udp'; help 'rr'; help 'pipe'");
        assertEquals(0, r.code(), r.human());
        assertNotNull(r.human());
        for (String arg : List.of("rate", "histogram", "connect", "sync", "bs", "count")) {
            assertTrue(r.human().contains(arg), arg + " in " + r.human());
        }
    }
}

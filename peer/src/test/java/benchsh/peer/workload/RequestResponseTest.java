package benchsh.peer.workload;

import static benchsh.peer.workload.Sides.doubleOf;
import static benchsh.peer.workload.Sides.longOf;
import static benchsh.peer.workload.Sides.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Fields;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(60)
class RequestResponseTest {
    @ParameterizedTest
    @CsvSource({"tcp,false,1,1", "tcp,false,100,10000", "udp,false,1,1", "udp,false,2000,30", "tcp,true,1,1", "tcp,true,64,4096"})
    void everyKindCountsTransactionsAndLatencies(String proto, boolean perConnection, long request, long response) throws Exception {
        Map<String, Object> common = Map.of("proto", proto, "connect", perConnection, "request", request, "response", response,
                "time_ns", 600_000_000L, "omit_ns", 100_000_000L);
        Map<String, Object> client = spec();
        client.putAll(common);
        client.put("histogram", true);
        Map<String, Object> server = spec();
        server.putAll(common);
        Outcome[] o = Sides.pair(new RequestResponse(), server, client, new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        long transactions = longOf(o[1], "transactions_total");
        assertTrue(transactions > 0);
        assertEquals(transactions, longOf(o[0], "transactions_total"), "every request answered once");
        assertTrue(longOf(o[1], "latency_count") <= transactions);
        double p50 = doubleOf(o[1], "latency_p50_us");
        assertTrue(p50 > 0 && p50 <= doubleOf(o[1], "latency_p90_us") && doubleOf(o[1], "latency_p90_us") <= doubleOf(o[1], "latency_p99_us")
                && doubleOf(o[1], "latency_p99_us") <= doubleOf(o[1], "latency_p99_9_us")
                && doubleOf(o[1], "latency_p99_9_us") <= doubleOf(o[1], "latency_max_us"), o[1].metrics().toString());
        List<?> buckets = (List<?>) o[1].metrics().get("latency_buckets_ns");
        long inBuckets = 0;
        for (int i = 2; i < buckets.size(); i += 3) {
            inBuckets += ((Number) buckets.get(i)).longValue();
        }
        assertEquals(longOf(o[1], "latency_count"), inBuckets);
    }

    @Test
    void aLostUdpResponseIsRetransmittedNotFatal() throws Exception {
        try (java.nio.channels.DatagramChannel server = java.nio.channels.DatagramChannel.open()) {
            server.bind(new java.net.InetSocketAddress("127.0.0.1", 0));
            Map<String, Object> client = spec("proto", "udp", "time_ns", 1_000_000_000L, "omit_ns", 0L);
            client.put("port", (long) ((java.net.InetSocketAddress) server.getLocalAddress()).getPort());
            Side c = new RequestResponse().open("connect", client, null, new RecordingContext());
            java.util.concurrent.CompletableFuture<Outcome> co = java.util.concurrent.CompletableFuture.supplyAsync(c::run);
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(2048);
            boolean droppedOne = false;
            while (true) { // a server that loses the first request
                b.clear();
                java.net.SocketAddress from = server.receive(b);
                long seq = b.getLong(16);
                if (seq < 0) {
                    break;
                }
                if (!droppedOne) {
                    droppedOne = true;
                    continue;
                }
                server.send(java.nio.ByteBuffer.allocate(8).putLong(0, seq), from);
            }
            Outcome o = co.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertNull(o.error(), o.error());
            assertEquals(1L, o.metrics().get("udp_retransmits"));
            assertTrue(doubleOf(o, "latency_max_us") >= 500_000, "the lost one waited for its retransmission");
        }
    }

    @Test
    void silentStraysDoNotStallAConnectPerTransactionServer() throws Exception {
        Map<String, Object> server = spec();
        server.putAll(Map.of("proto", "tcp", "connect", true, "time_ns", 1_000_000_000L, "omit_ns", 0L));
        Side l = new RequestResponse().open("listen", server, null, new RecordingContext());
        int port = ((Number) l.endpoint().get("port")).intValue();
        java.util.concurrent.CompletableFuture<Outcome> lo = java.util.concurrent.CompletableFuture.supplyAsync(l::run);
        List<java.net.Socket> strays = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                strays.add(new java.net.Socket("127.0.0.1", port)); // connect and say nothing
            }
            Map<String, Object> client = spec();
            client.putAll(server);
            client.put("port", (long) port);
            Outcome co = new RequestResponse().open("connect", client, null, new RecordingContext()).run();
            assertNull(co.error(), co.error());
            // a stalled server would answer one transaction per token timeout (5 s); the pool keeps answering
            assertTrue(longOf(co, "transactions_total") > 10, co.metrics().toString());
        } finally {
            for (java.net.Socket s : strays) {
                s.close();
            }
        }
        Outcome so = lo.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertNull(so.error(), so.error());
        assertTrue(longOf(so, "strays_dropped") >= 3, so.metrics().toString());
    }

    @Test
    void connectPerTransactionNeedsTcpAndSizesAreCapped() {
        RequestResponse rr = new RequestResponse();
        assertThrows(Exception.class, () -> rr.open("connect", spec("proto", "udp", "connect", true, "port", 1L), null, null));
        Exception e = assertThrows(Exception.class,
                () -> rr.open("connect", spec("proto", "udp", "request", 65_508L, "port", 1L), null, null));
        assertTrue(e.getMessage().contains("request"), e.getMessage());
    }

    @Test
    void aServerWithoutClientGivesUpAtItsTimeout() throws Exception {
        for (String proto : List.of("tcp", "udp")) {
            for (boolean crr : proto.equals("tcp") ? List.of(false, true) : List.of(false)) {
                Side s = new RequestResponse().open("listen", spec("proto", proto, "connect", crr, "timeout_ns", 300_000_000L), null,
                        new RecordingContext());
                Outcome o = s.run();
                assertTrue(o.error() != null && o.error().contains("within"), proto + " crr=" + crr + ": " + o.error());
            }
        }
    }
}

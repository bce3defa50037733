package benchsh.peer.net;

import static benchsh.peer.datagram.UdpSpecBuilder.udp;
import static benchsh.peer.fs.CopySpecBuilder.copy;
import static benchsh.peer.fs.TreeSpecBuilder.tree;
import static benchsh.peer.pipe.PipeSpecBuilder.pipe;
import static benchsh.peer.rr.RrSpecBuilder.rr;
import static benchsh.peer.stream.TcpSpecBuilder.tcp;
import static benchsh.peer.http.HttpSpecBuilder.http;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.datagram.UdpStream;
import benchsh.peer.fs.CopyWorkload;
import benchsh.peer.fs.TreePlan;
import benchsh.peer.fs.TreeWorkload;
import benchsh.peer.http.HttpTransfer;
import benchsh.peer.pipe.PipeSink;
import benchsh.peer.pipe.PipeSource;
import benchsh.peer.pipe.PipeStream;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.rr.RrSpecBuilder;
import benchsh.peer.workload.Outcome;
import benchsh.peer.rr.TcpCrr;
import benchsh.peer.rr.TcpRr;
import benchsh.peer.rr.UdpRr;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of data listener under a {@link StrayFlood} (silent connections beyond the waiting limit,
 * slow talkers, connect-and-close, garbage; random datagrams and wrong-token hellos for UDP) started
 * before the real test connects and kept up while it runs. Each real test must end ok with exact
 * counts, and its listener must have counted strays. No speed is asserted.
 */
@Timeout(120)
class StrayFloodTest {
    private static final String TOKEN = "00112233445566778899aabbccddeeff";
    private static final ExecutorService LISTENERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "flood-test-listener");
        t.setDaemon(true);
        return t;
    });

    @AfterAll
    static void stopListeners() {
        LISTENERS.shutdownNow();
    }

    @Test
    void tcpOneStreamMovesEveryByte() throws Exception {
        assertStreamExact(1);
    }

    @Test
    void tcpSeveralStreamsMoveEveryByte() throws Exception {
        assertStreamExact(4);
    }

    private static void assertStreamExact(int streams) throws Exception {
        long bytes = 16L << 20;
        Outcome[] o = underFlood(new TcpStream(), StrayFlood.Target.TOKEN, SpecCodec.encode(tcp().size(64 * 1024).streams(streams).build()),
                SpecCodec.encode(tcp().send().size(64 * 1024).bytes(bytes).streams(streams).build()));
        assertOk(o);
        assertEquals(bytes, number(o[1], "bytes_total"), "sent");
        assertEquals(bytes, number(o[0], "bytes_total"), "received");
        assertStraysCounted(o[0]);
    }

    @Test
    void pipeDeliversEveryBlock() throws Exception {
        Outcome[] o = underFlood(new PipeStream(), StrayFlood.Target.TOKEN, SpecCodec.encode(pipe().bs(1 << 20).nullSink()),
                SpecCodec.encode(pipe().bs(65_536).count(256).zeros()));
        assertOk(o);
        assertEquals(256L * 65_536, number(o[1], "bytes_total"));
        assertEquals(256L * 65_536, number(o[0], "bytes_total"));
        assertStraysCounted(o[0]);
    }

    @Test
    void tcpRrCountsEveryTransactionOnBothSides() throws Exception {
        assertTransactionsExact(false);
    }

    @Test
    void tcpCrrAdmitsEveryTransactionConnectionBesideTheStrays() throws Exception {
        assertTransactionsExact(true);
    }

    private static void assertTransactionsExact(boolean connectPerTransaction) throws Exception {
        RrSpecBuilder rr = rr().request(64).response(1_024).time(Duration.ofSeconds(2));
        Outcome[] o = connectPerTransaction
                ? underFlood(new TcpCrr(), StrayFlood.Target.TOKEN, SpecCodec.encode(rr.crrServer()), SpecCodec.encode(rr.crrClient()))
                : underFlood(new TcpRr(), StrayFlood.Target.TOKEN, SpecCodec.encode(rr.tcpServer()), SpecCodec.encode(rr.tcpClient()));
        assertOk(o);
        long transactions = number(o[1], "transactions_total");
        assertTrue(transactions > 0, Sides.metrics(o[1]).toString());
        assertEquals(transactions, number(o[0], "transactions_total"), "every request answered once");
        assertStraysCounted(o[0]);
    }

    @Test
    void udpRrAnswersEveryRequestOnceBesideRetransmissions() throws Exception {
        RrSpecBuilder rr = rr().time(Duration.ofSeconds(2));
        Outcome[] o = underFlood(new UdpRr(), StrayFlood.Target.UDP, SpecCodec.encode(rr.udpServer()), SpecCodec.encode(rr.udpClient()));
        assertOk(o);
        long client = number(o[1], "transactions_total");
        long server = number(o[0], "transactions_total");
        assertTrue(client > 0, Sides.metrics(o[1]).toString());
        // a request whose first copy was only late is answered twice; no stray is ever answered or counted
        assertTrue(server >= client && server - client <= number(o[1], "udp_retransmits"), "server " + server + ", client " + client
                + ", retransmits " + number(o[1], "udp_retransmits"));
        assertStraysCounted(o[0]);
    }

    @Test
    void udpCountsOnlyTheSendersDatagrams() throws Exception {
        assertUdpExact(1_000);
    }

    @Test
    void udpSmallDatagramsAdmitOnlyTheSendersHello() throws Exception {
        assertUdpExact(16);
    }

    private static void assertUdpExact(int size) throws Exception {
        Outcome[] o = underFlood(new UdpStream(), StrayFlood.Target.UDP, SpecCodec.encode(udp().size(size).build()),
                SpecCodec.encode(udp().size(size).time(Duration.ofMillis(1500)).rate(20_000_000L).build()));
        assertOk(o);
        long sent = number(o[1], "messages_sent");
        long received = number(o[0], "messages_received");
        assertTrue(received > 0 && received <= sent, "received " + received + " of " + sent);
        assertEquals(received * size, number(o[0], "bytes_total"), "only the sender's datagrams are counted as data");
        if (Sides.metrics(o[0]).get("sender_messages_sent") != null) { // absent only if the kernel dropped all end markers
            assertEquals(sent, number(o[0], "sender_messages_sent"));
            assertEquals(sent, received + number(o[0], "messages_lost"), "sent = received + lost");
        }
        if (size >= UdpStream.HEADER_BYTES) {
            assertEquals(0L, number(o[0], "messages_duplicate"));
        }
        assertStraysCounted(o[0]);
    }

    @Test
    void copyStreamArrivesWhole(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("src");
        Timing timing = new Timing(1_000_000_000L, 10_000_000_000L);
        TreeWorkload.Spec generate = tree(TreePlan.Profile.MAILDIR).scaled(0.02).seed(3).timing(timing).at(src);
        Outcome tree = new TreeWorkload().open("run", SpecCodec.encode(generate), null, new RecordingContext()).run();
        assertNull(tree.error(), tree.error());
        Outcome[] o = underFlood(new CopyWorkload(), StrayFlood.Target.TOKEN,
                SpecCodec.encode(copy().verify().keep().timing(timing).receive(dir.resolve("dst"))), SpecCodec.encode(copy().verify().timing(timing).send(src)));
        assertOk(o);
        assertEquals(number(o[1], "files"), number(o[0], "files"));
        assertEquals(number(o[1], "bytes_total"), number(o[0], "bytes_total"));
        assertEquals(Sides.metrics(o[1]).get("src_digest"), Sides.metrics(o[0]).get("dst_digest"));
        assertStraysCounted(o[0]);
    }

    @Test
    void httpServesTheRealGetWhateverTheStraysDo() throws Exception {
        long bytes = 8L << 20;
        Timing timing = new Timing(1_000_000_000L, 10_000_000_000L);
        Outcome[] o = underFlood(new HttpTransfer(), StrayFlood.Target.HTTP, SpecCodec.encode(http().timing(timing).serve(bytes)),
                SpecCodec.encode(http().timing(timing).fetch()));
        assertOk(o);
        assertEquals(bytes, number(o[1], "bytes_total"), "fetched");
        assertEquals(bytes, number(o[0], "bytes_total"), "served");
        assertStraysCounted(o[0]);
    }

    /**
     * Opens the listen side, starts its run, floods its port, then runs the connect side while the flood
     * goes on; returns {listen, connect}.
     */
    private static Outcome[] underFlood(Workload w, StrayFlood.Target target, Map<String, Object> listen, Map<String, Object> connect)
            throws Exception {
        Side l = w.open("listen", listen, Sides.listening(), new RecordingContext());
        int port = l.endpoint().port();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run, LISTENERS);
        try (StrayFlood flood = StrayFlood.start(target, port)) {
            Outcome co = w.open("connect", connect, Sides.to(l), new RecordingContext()).run();
            Outcome[] o = {lo.get(60, TimeUnit.SECONDS), co};
            assertTrue(flood.strays() > 0, "the flood ran");
            return o;
        } catch (Exception | AssertionError e) {
            l.cancel();
            throw e;
        }
    }

    private static Map<String, Object> spec(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("token", TOKEN);
        m.put("address", "127.0.0.1");
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static void assertOk(Outcome[] o) {
        String both = "listen side: " + o[0].error() + " " + Sides.metrics(o[0]) + "; connect side: " + o[1].error() + " " + Sides.metrics(o[1]);
        assertNull(o[0].error(), both);
        assertNull(o[1].error(), both);
    }

    private static void assertStraysCounted(Outcome listen) {
        assertTrue(number(listen, "strays_dropped") > 0, "strays counted: " + Sides.metrics(listen));
    }

    private static long number(Outcome o, String metric) {
        if (!(Sides.metrics(o).get(metric) instanceof Number n)) {
            throw new AssertionError("no metric " + metric + " in " + Sides.metrics(o));
        }
        return n.longValue();
    }
}

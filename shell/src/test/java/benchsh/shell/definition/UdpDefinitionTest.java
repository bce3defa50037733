package benchsh.shell.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.datagram.UdpStream;
import benchsh.peer.io.IoPath;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Workloads;
import benchsh.shell.Batch;
import benchsh.shell.Main;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Part;
import benchsh.shell.run.SideSpec;
import benchsh.shell.run.Test;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code udp batch:} and {@code io:}: checked in the shell, carried to both sides, reported by both. */
@Timeout(120)
class UdpDefinitionTest {
    private final Hosts hosts = new Hosts();

    @AfterEach
    void close() {
        hosts.close();
    }

    private Test build(Map<String, Object> raw) {
        UdpDefinition udp = new UdpDefinition();
        return udp.build(Args.parse(udp.verb(), raw, List.of(), hosts::get), hosts);
    }

    private static UdpStream.Spec decoded(SideSpec side) throws Exception {
        return (UdpStream.Spec) SpecCodec.decode(Workloads.named(side.workload()).roles().get(side.role()), new Fields("spec", side.spec()));
    }

    @org.junit.jupiter.api.Test
    void batchAndIoGoToBothSidesAndOneDatagramPerCallOnTheFastestPathIsTheDefault() throws Exception {
        Part.OnPeers asked = (Part.OnPeers) build(Map.of("batch", 64, "io", "mmsg", "size", 22)).parts().get(0);
        for (SideSpec side : asked.sides()) {
            assertEquals(64, decoded(side).batch(), side.role());
            assertEquals(IoPath.MMSG, decoded(side).io(), side.role());
        }
        Part.OnPeers plain = (Part.OnPeers) build(Map.of()).parts().get(0);
        assertEquals(1, decoded(plain.sides().get(1)).batch());
        assertEquals(IoPath.GSO, decoded(plain.sides().get(1)).io());
        assertTrue(UdpDefinition.COLUMNS.contains("send_io") && UdpDefinition.COLUMNS.contains("recv_io"), "the row shows the paths");
    }

    @org.junit.jupiter.api.Test
    void theReceiverBusyWaitsFiftyMicrosecondsUnlessToldAndNeverPastTenMilliseconds() throws Exception {
        Part.OnPeers plain = (Part.OnPeers) build(Map.of()).parts().get(0);
        for (SideSpec side : plain.sides()) {
            assertEquals(50_000L, decoded(side).timing().busyWaitNanos(), side.role());
        }
        Part.OnPeers sleeper = (Part.OnPeers) build(Map.of("busywait", 0)).parts().get(0);
        for (SideSpec side : sleeper.sides()) {
            assertEquals(0L, decoded(side).timing().busyWaitNanos(), side.role());
        }
        UsageException e = assertThrows(UsageException.class, () -> build(Map.of("busywait", java.time.Duration.ofMillis(20))));
        assertEquals("udp: busywait must be between 0 s and 10 ms, not 20 ms", e.getMessage());
        assertEquals("50 us", benchsh.shell.verb.HelpVerb.fallback(PairArgs.BUSY_WAIT), "help shows the default as it is, not as 0.00 s");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "batch | 0 | udp: batch must be between 1 and 1024, not 0",
            "batch | 5000 | udp: batch must be between 1 and 1024, not 5000",
            "io | foo | udp io: no datagram I/O path 'foo'; choose one of nio, mmsg, gso"})
    void badBatchOrIoIsAClearUsageError(String arg, String value, String message) {
        Object raw = arg.equals("batch") ? (Object) Long.parseLong(value) : value;
        UsageException e = assertThrows(UsageException.class, () -> build(Map.of(arg, raw)));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @org.junit.jupiter.api.Test
    void aBatchedRunOnTheLocalPeerReconcilesAndSaysWhichPathRan() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"-e", "udp size: 22, batch: 64, time: 1.s", "--json", "-"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String human = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, human);
        List<Map<String, Object>> results = Batch.results(out.toString(StandardCharsets.UTF_8));
        assertEquals("ok", results.get(0).get("status"), String.valueOf(results.get(0)));
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) results.get(0).get("metrics");
        long sent = ((Number) m.get("messages_sent")).longValue();
        long received = ((Number) m.get("messages_received")).longValue();
        assertTrue(sent > 0, m.toString());
        assertEquals(sent, received + ((Number) m.get("messages_lost")).longValue(), m.toString());
        assertEquals(22L * received, ((Number) m.get("bytes_total")).longValue(), "every datagram, warm-up included: " + m);
        double measured = ((Number) m.get("bytes")).doubleValue() / 22;
        assertTrue(measured > 0 && measured < received, "the rates leave out the default 1 s warm-up: " + m);
        assertEquals(measured, ((Number) m.get("recv_messages_per_s")).doubleValue() * ((Number) m.get("seconds")).doubleValue(), 1, m.toString());
        assertEquals(64L, ((Number) m.get("send_batch")).longValue(), m.toString());
        for (String io : List.of("send_io", "recv_io")) {
            assertTrue(List.of("nio", "mmsg", "gso").contains(m.get(io)), io + " in " + m);
        }
        assertTrue(m.get("send_io").equals("gso") || m.containsKey("send_io_note"), "a slower path than asked says why: " + m);
        String row = human.lines().filter(l -> l.startsWith("local")).findFirst().orElseThrow(() -> new AssertionError(human));
        assertTrue(row.contains(" " + m.get("send_io") + " "), "the row shows the path: " + row);
    }
}

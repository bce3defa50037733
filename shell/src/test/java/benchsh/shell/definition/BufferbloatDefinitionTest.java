package benchsh.shell.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.latency.LatencyProbe;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Workloads;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Part;
import benchsh.shell.run.SideSpec;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/**
 * {@code bufferbloat} as data: the probes run through the whole test and each loaded phase is tcp's streams, beginning at
 * the phase's start; crusader has five phases, RRUL three; the probes report on each phase after its warm-up; a phase
 * not longer than the warm-up, an unknown mode and a probe schedule of too many probes are usage errors.
 */
class BufferbloatDefinitionTest {
    private static final long S = 1_000_000_000L;
    private final Hosts hosts = new Hosts();

    @AfterEach
    void close() {
        hosts.close();
    }

    private Test build(Map<String, Object> raw) {
        BufferbloatDefinition d = new BufferbloatDefinition();
        return d.test(Args.parse(d.verb(), raw, List.of(), hosts::get), hosts);
    }

    private static Record decoded(SideSpec side) throws Exception {
        return SpecCodec.decode(Workloads.named(side.workload()).roles().get(side.role()).spec(), new Fields("spec", side.spec()));
    }

    @org.junit.jupiter.api.Test
    void crusaderProbesThroughoutAndLoadsEachDirectionAloneThenBoth() throws Exception {
        Test t = build(Map.of("time", 4, "idle", 2, "omit", 1, "streams", 3));
        assertEquals(Duration.ofSeconds(2 + 4 + 4 + 4 + 2 + 3), t.expected(), "the phases, and room for the probes' last answers");
        assertEquals(5, t.parts().size(), "the probes, then download, upload and both's two directions");
        Part.OnPeers probes = (Part.OnPeers) t.parts().get(0);
        LatencyProbe.ProberSpec prober = (LatencyProbe.ProberSpec) decoded(probes.sides().get(1));
        assertEquals(16 * S, prober.timeNanos());
        assertEquals(10_000_000L, prober.probeNanos());
        assertEquals(List.of(new LatencyProbe.Window(S, 2 * S), new LatencyProbe.Window(3 * S, 6 * S), new LatencyProbe.Window(7 * S, 10 * S),
                new LatencyProbe.Window(11 * S, 14 * S), new LatencyProbe.Window(15 * S, 16 * S)), prober.windows(), "each phase after its warm-up");
        assertEquals(16 * S, ((LatencyProbe.ReflectorSpec) decoded(probes.sides().get(0))).timeNanos());
        List<Long> starts = List.of(2L, 6L, 10L, 10L);
        List<Boolean> toSends = List.of(true, false, true, false);
        for (int i = 1; i < 5; i++) {
            Part.OnPeers load = (Part.OnPeers) t.parts().get(i);
            for (SideSpec side : load.sides()) {
                assertEquals(TcpStream.NAME, side.workload());
                assertEquals(Duration.ofSeconds(starts.get(i - 1)), side.after(), "part " + i + " begins with its phase");
                TcpStream.Spec spec = (TcpStream.Spec) decoded(side);
                assertEquals(4 * S, spec.timeNanos(), "the whole phase; its figures leave the warm-up out");
                assertEquals(0, spec.omitNanos());
                assertEquals(3, spec.streams());
                assertEquals(side.role().equals("listen") == toSends.get(i - 1), spec.send(), "down: the to host (listening) sends");
            }
        }
        assertEquals(BufferbloatDefinition.COLUMNS, t.columns());
        assertEquals("crusader", t.params().get("mode"));
    }

    @org.junit.jupiter.api.Test
    void rrulLoadsBothDirectionsAtOnceBetweenIdlePhases() throws Exception {
        Test t = build(Map.of("mode", "RRUL", "time", 30, "probe", 0.005));
        assertEquals(3, t.parts().size());
        LatencyProbe.ProberSpec prober = (LatencyProbe.ProberSpec) decoded(((Part.OnPeers) t.parts().get(0)).sides().get(1));
        assertEquals(3, prober.windows().size());
        assertEquals(5_000_000L, prober.probeNanos());
        assertEquals(34 * S, prober.timeNanos());
        assertEquals("rrul", t.params().get("mode"));
    }

    @org.junit.jupiter.api.Test
    void badInputIsAUsageErrorInTheVerbsWords() {
        UsageException mode = assertThrows(UsageException.class, () -> build(Map.of("mode", "flent")));
        assertTrue(mode.getMessage().contains("'crusader' or 'rrul'"), mode.getMessage());
        UsageException idle = assertThrows(UsageException.class, () -> build(Map.of("idle", 0.5, "omit", 1)));
        assertTrue(idle.getMessage().contains("bufferbloat: a phase of 0.5 s (idle:) is not longer than its warm-up (omit: 1 s)"), idle.getMessage());
        UsageException time = assertThrows(UsageException.class, () -> build(Map.of("time", 2, "idle", 3, "omit", 2)));
        assertTrue(time.getMessage().contains("(time:)"), time.getMessage());
        UsageException many = assertThrows(UsageException.class, () -> build(Map.of("probe", 0.0001, "time", 3600)));
        assertTrue(many.getMessage().contains("probes per test"), many.getMessage());
        UsageException fast = assertThrows(UsageException.class, () -> build(Map.of("probe", 0.00001)));
        assertTrue(fast.getMessage().contains("probe"), fast.getMessage());
    }
}

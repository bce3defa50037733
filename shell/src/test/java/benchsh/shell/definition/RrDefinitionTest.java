package benchsh.shell.definition;

import static benchsh.peer.rr.RrSpecBuilder.rr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.rr.RrSpecBuilder;
import benchsh.peer.rr.TcpCrr;
import benchsh.peer.rr.TcpRr;
import benchsh.peer.rr.UdpRr;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code rr} is one verb for three workloads: proto and connect choose one, and its sides get that workload's spec records. */
class RrDefinitionTest {
    private final Hosts hosts = new Hosts();

    @AfterEach
    void close() {
        hosts.close();
    }

    private Test build(Map<String, Object> raw) {
        RrDefinition rr = new RrDefinition();
        return rr.build(Args.parse(rr.verb(), raw, List.of(), hosts::get), hosts);
    }

    /** The side's spec as the peer decodes it: the record of that workload's role. */
    private static Record decoded(SideSpec side) throws Exception {
        return SpecCodec.decode(Workloads.named(side.workload()).roles().get(side.role()), new Fields("spec", side.spec()));
    }

    @ParameterizedTest
    @CsvSource({"tcp,false,TCP_RR,tcp_rr", "tcp,true,TCP_CRR,tcp_crr", "udp,false,UDP_RR,udp_rr"})
    void protoAndConnectChooseTheWorkloadAndTheKind(String proto, boolean connect, String kind, String workload) throws Exception {
        Test t = build(Map.of("proto", proto, "connect", connect, "request", 64, "response", 1024, "time", 3, "omit", 0.5));
        assertEquals(kind, t.params().get("kind"));
        assertEquals(RrDefinition.COLUMNS, t.columns());
        Part.OnPeers part = (Part.OnPeers) t.parts().get(0);
        assertEquals(List.of("listen", "connect"), part.sides().stream().map(SideSpec::role).toList());
        for (SideSpec side : part.sides()) {
            assertEquals(workload, side.workload());
        }
        Record server = decoded(part.sides().get(0));
        Record client = decoded(part.sides().get(1));
        RrSpecBuilder asked = rr().request(64).response(1024).time(Duration.ofSeconds(3)).omit(Duration.ofMillis(500)).timing(PairArgs.timing(args()));
        switch (kind) {
            case "TCP_RR" -> {
                assertEquals(asked.tcpClient(), client);
                assertInstanceOf(TcpRr.ServerSpec.class, server);
            }
            case "TCP_CRR" -> {
                assertEquals(asked.crrClient(), client);
                assertInstanceOf(TcpCrr.ServerSpec.class, server);
            }
            default -> {
                assertEquals(asked.udpClient(), client);
                assertEquals(asked.udpServer(), server);
            }
        }
    }

    private Args args() {
        return Args.parse(new RrDefinition().verb(), Map.of(), List.of(), hosts::get);
    }

    @org.junit.jupiter.api.Test
    void aBurstGoesToTheTcpRrClientAndIntoTheParams() throws Exception {
        Test t = build(Map.of("burst", 8, "request", 64, "response", 64, "time", 3, "omit", 0.5));
        assertEquals("TCP_RR", t.params().get("kind"));
        assertEquals(8, t.params().get("burst"));
        SideSpec client = ((Part.OnPeers) t.parts().get(0)).sides().get(1);
        assertEquals(rr().request(64).response(64).time(Duration.ofSeconds(3)).omit(Duration.ofMillis(500)).timing(PairArgs.timing(args())).burst(8)
                .tcpClient(), decoded(client));
        assertEquals(null, build(Map.of()).params().get("burst"), "no burst: one transaction at a time, and no such param");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "udp|false|8|rr burst: is for TCP_RR only (proto 'tcp' without connect: true); UDP_RR asks one transaction at a time",
            "tcp|true|8|rr burst: is for TCP_RR only (proto 'tcp' without connect: true); TCP_CRR asks one transaction at a time",
            "tcp|false|1025|rr: burst must be between 1 and 1024, not 1025",
            "tcp|false|0|rr: burst must be between 1 and 1024, not 0"})
    void aBurstOutsideTcpRrOrOverTheLimitIsRefused(String proto, boolean connect, int burst, String message) {
        UsageException e = assertThrows(UsageException.class, () -> build(Map.of("proto", proto, "connect", connect, "burst", burst)));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "udp|true|1|needs proto 'tcp'",
            "sctp|false|1|rr proto must be 'tcp' or 'udp', not 'sctp'",
            "tcp|false|1048577|rr: request must be between 1 B and 1 MiB, not 1,048,577 B (1.0 MiB)",
            "udp|false|65508|rr: request must be between 1 B and 65,507 B, not 65,508 B"})
    void argumentsThatDoNotFitTogetherAreRefused(String proto, boolean connect, long request, String message) {
        UsageException e = assertThrows(UsageException.class, () -> build(Map.of("proto", proto, "connect", connect, "request", request)));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}

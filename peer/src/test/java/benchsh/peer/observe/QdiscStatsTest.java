package benchsh.peer.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class QdiscStatsTest {
    /** iproute2 6.1's {@code tc -s qdisc show}: a tbf on a bridge port, mq with its children, an ingress qdisc, lo. */
    static final String TC = """
            qdisc noqueue 0: dev lo root refcnt 2\s
             Sent 0 bytes 0 pkt (dropped 0, overlimits 0 requeues 0)\s
             backlog 0b 0p requeues 0
            qdisc tbf 8001: dev p2 root refcnt 2 rate 200Mbit burst 250000b lat 50ms\s
             Sent 30245210 bytes 20012 pkt (dropped 1543, overlimits 8123 requeues 0)\s
             backlog 0b 0p requeues 0
            qdisc mq 0: dev eth0 root\s
             Sent 1000 bytes 10 pkt (dropped 7, overlimits 0 requeues 0)\s
             backlog 0b 0p requeues 0
            qdisc pfifo_fast 0: dev eth0 parent :1 bands 3 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1
             Sent 600 bytes 6 pkt (dropped 4, overlimits 0 requeues 0)\s
             backlog 0b 0p requeues 0
            qdisc pfifo_fast 0: dev eth0 parent :2 bands 3 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1
             Sent 400 bytes 4 pkt (dropped 3, overlimits 0 requeues 0)\s
             backlog 0b 0p requeues 0
            qdisc ingress ffff: dev eth0 parent ffff:fff1 ----------------\s
             Sent 0 bytes 0 pkt (dropped 9, overlimits 0 requeues 0)\s
             backlog 0b 0p requeues 0
            qdisc fq_codel 0: dev wlan0 root refcnt 2 limit 10240p flows 1024 quantum 1514 target 5ms interval 100ms memory_limit 32Mb ecn drop_batch 64\s
             Sent 88 bytes 1 pkt (dropped 2, overlimits 0 requeues 0)\s
             backlog 0b 0p requeues 0
              maxpacket 0 drop_overlimit 0 new_flow_count 0 ecn_mark 0
              new_flows_len 0 old_flows_len 0
            """;
    /** busybox's tc: qdiscs, no statistics. */
    static final String BUSYBOX = """
            qdisc noqueue 0: dev lo root refcnt 2\s
            qdisc tbf 8001: dev p2 root refcnt 2 rate 200Mbit burst 250000b lat 50ms\s
            """;

    @Test
    void countsEachInterfacesRootQdiscOnceNotItsChildren() {
        Map<String, Long> drops = QdiscStats.dropped(TC, false).orElseThrow();
        assertEquals(Map.of("p2", 1543L, "eth0", 7L, "wlan0", 2L), drops);
        assertEquals(java.util.List.of("p2", "eth0", "wlan0"), java.util.List.copyOf(drops.keySet()), "in tc's order");
    }

    @Test
    void loopbackOnlyWhenAsked() {
        assertEquals(0L, QdiscStats.dropped(TC, true).orElseThrow().get("lo"));
    }

    @Test
    void aTcWithoutStatisticsGivesNothingRatherThanZero() {
        assertTrue(QdiscStats.dropped(BUSYBOX, false).isEmpty());
        assertTrue(QdiscStats.dropped("", false).isEmpty());
        assertTrue(QdiscStats.dropped("tc: not found\n", false).isEmpty());
    }
}

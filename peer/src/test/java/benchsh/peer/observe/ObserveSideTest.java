package benchsh.peer.observe;

import static benchsh.peer.observe.ObserveSpecBuilder.observe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class ObserveSideTest {
    @TempDir
    Path proc;

    @Test
    void isAWorkloadWithOneRole() {
        assertTrue(Workloads.named("observe") instanceof ObserveWorkload);
        assertEquals(java.util.Set.of("watch"), Workloads.named("observe").roles().keySet());
    }

    @Test
    void reportsIntervalsUntilStoppedAndEndsWithoutAnError() throws Exception {
        Files.writeString(proc.resolve("stat"), CpuTimesTest.MODERN);
        Files.createDirectories(proc.resolve("net"));
        Files.writeString(proc.resolve("net/dev"), InterfaceCountersTest.NET_DEV);
        Files.writeString(proc.resolve("net/softnet_stat"), SoftnetStatTest.MODERN);
        RecordingContext context = new RecordingContext();
        ObserveSide side = new ObserveSide(observe().every(Duration.ofMillis(20)).build(),
                proc, TcQdiscs.none(), context);
        CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(side::run);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (sampleCount(context) < 2 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        side.cancel();
        Outcome o = run.get(30, TimeUnit.SECONDS);
        assertNull(o.error());
        assertTrue(o.intervals().size() >= 2, "intervals: " + o.intervals());
        Interval<?> sample = o.intervals().get(0);
        assertTrue(sample.endS() > sample.startS());
        assertInstanceOf(Load.class, sample.figures());
        ObserveWorkload.Report report = (ObserveWorkload.Report) o.report();
        assertEquals(java.util.List.of("all", "cpu0", "cpu1"), java.util.List.copyOf(report.load().cpu().keySet()));
        assertEquals(2L, report.cpuCount());
        assertEquals(java.util.Set.of("eth1", "br-dut.10"), report.load().interfaces().keySet());
        assertEquals(0L, report.load().softnetDrops());
        assertTrue(Sides.metrics(o).keySet().containsAll(java.util.List.of("seconds", "cpu_all_busy_pct", "eth1_rx_bytes", "softnet_drops", "cpu_count")),
                "the report survives the wire and flattens with its maps' keys in its names: " + Sides.metrics(o).keySet());
    }

    @Test
    void missingFilesLeaveTheirFamiliesOut() {
        RecordingContext context = new RecordingContext();
        ObserveSide side = new ObserveSide(observe().every(Duration.ofMillis(10)).atMost(Duration.ofMillis(100)).build(),
                proc, TcQdiscs.none(), context);
        Outcome o = side.run();
        assertNull(o.error());
        Load load = ((ObserveWorkload.Report) o.report()).load();
        assertTrue(load.cpu().isEmpty());
        assertTrue(load.interfaces().isEmpty());
        assertNull(load.softnetDrops());
        assertTrue(load.seconds() >= 0);
    }

    @Test
    void countsThisHostsLoopbackWhenAsked() throws Exception {
        ObserveSide side = new ObserveSide(observe().every(Duration.ofMillis(10)).atMost(Duration.ofMillis(200)).loopback().build(),
                Path.of("/proc"), TcQdiscs.none(), new RecordingContext());
        try (java.net.DatagramSocket s = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
            CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(side::run);
            Thread.sleep(30);
            for (int i = 0; i < 10; i++) {
                s.send(new java.net.DatagramPacket(new byte[100], 100, s.getLocalSocketAddress()));
            }
            Outcome o = run.get(30, TimeUnit.SECONDS);
            Load load = ((ObserveWorkload.Report) o.report()).load();
            InterfaceCounters lo = load.interfaces().get("lo");
            assertTrue(lo.rxPackets() >= 10, "lo: " + lo);
            double busy = load.cpu().get(Load.ALL).busyPct();
            assertTrue(busy >= 0 && busy <= 100, "busy " + busy);
        }
    }

    private static int sampleCount(RecordingContext c) {
        synchronized (c) {
            return c.samples.size();
        }
    }
}

package benchsh.peer.stream;

import static benchsh.peer.stream.TcpSpecBuilder.tcp;
import static benchsh.peer.stream.TcpStreamTest.TIMING;
import static benchsh.peer.stream.TcpStreamTest.receiver;
import static benchsh.peer.stream.TcpStreamTest.sender;
import static benchsh.peer.workload.Sides.doubleOf;
import static benchsh.peer.workload.Sides.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The tcp options beyond the basics: zerocopy, rate, per-stream figures, omit, interval, window, nodelay. */
@Timeout(60)
class TcpStreamOptionsTest {
    @Test
    void zeroCopySendsExactlyTheByteCountAndRemovesItsFile() throws Exception {
        RecordingContext sender = new RecordingContext();
        Outcome[] o = Sides.pair(new TcpStream(), receiver(65536, 2, TIMING),
                tcp().send().size(65536).bytes(5_000_003L).streams(2).zeroCopy().build(), new RecordingContext(), sender);
        assertNull(o[0].error(), o[0].error());
        assertEquals(5_000_003L, o[0].metrics().get("bytes_total"));
        try (var files = Files.list(sender.tempDir())) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith("tcp-zerocopy-")));
        }
    }

    /** The schedule itself is {@link PacerTest}'s; here the paced streams move every byte they count. */
    @Test
    void pacedStreamsDeliverWhatTheySend() throws Exception {
        Outcome[] o = Sides.pair(new TcpStream(), receiver(16384, 2, TIMING),
                tcp().send().size(16384).streams(2).bytes(2_000_000L).rate(40_000_000L).build(), new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        assertEquals(2_000_000L, longOf(o[0], "bytes_total"), "received");
        assertEquals(2_000_000L, longOf(o[1], "bytes_total"), "sent");
    }

    @Test
    void perStreamFiguresAddUpToTheTotal() throws Exception {
        Outcome[] o = Sides.pair(new TcpStream(), receiver(131072, 3, TIMING), sender(131072, 3, 0, 3_000_000L),
                new RecordingContext(), new RecordingContext());
        List<?> perStream = (List<?>) o[0].metrics().get("stream_bytes");
        assertEquals(3, perStream.size());
        assertEquals(longOf(o[0], "bytes"), perStream.stream().mapToLong(v -> ((Number) v).longValue()).sum());
        assertEquals(3, ((List<?>) o[0].metrics().get("stream_throughput_bps")).size());
    }

    @Test
    void omitLeavesTheWarmUpOutAndIntervalSetsTheSamples() throws Exception {
        RecordingContext rx = new RecordingContext();
        Timing fast = new Timing(100_000_000L, 10_000_000_000L);
        // a warm-up of 1 s: long enough that the first bytes arrive within it on a loaded machine (0.3 s was not)
        Duration warmUp = Duration.ofSeconds(1);
        Outcome[] o = Sides.pair(new TcpStream(), tcp().omit(warmUp).timing(fast).build(),
                tcp().send().time(Duration.ofMillis(600)).omit(warmUp).window(262_144).noDelay().build(), rx, new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertTrue(doubleOf(o[0], "omitted_seconds") >= 1.0, o[0].metrics().toString());
        assertTrue(longOf(o[0], "bytes") < longOf(o[0], "bytes_total"), "the warm-up's bytes are not in the figure");
        assertTrue(rx.samples.size() >= 3, "samples every 100 ms: " + rx.samples.size());
        assertTrue(rx.samples.stream().allMatch(s -> (Double) s.get("start_s") >= 0), "samples start after the warm-up");
    }

    /** window: 1 is raised to the kernel's minimum, 64 KiB granted: each end says what it got, not what was asked. */
    @Test
    void bothEndsReportTheSocketBuffersTheKernelGaveNotTheWindowAskedFor() throws Exception {
        for (int window : new int[] {1, 65536}) {
            Outcome[] o = Sides.pair(new TcpStream(), tcp().size(16384).window(window).build(),
                    tcp().send().size(16384).bytes(1_000_000L).window(window).build(), new RecordingContext(), new RecordingContext());
            assertNull(o[0].error(), o[0].error());
            for (Outcome side : o) {
                assertTrue(longOf(side, "send_socket_bytes") > 1 && longOf(side, "recv_socket_bytes") > 1, "window " + window + ": " + side.metrics());
                assertTrue(longOf(side, "send_socket_bytes") >= window && longOf(side, "recv_socket_bytes") >= window, "window " + window + ": " + side.metrics());
            }
        }
    }

    @Test
    void theReadBufferIsTheCLoopsMegabyteForFewStreamsAndNeverSmallerThanAMessage() {
        assertEquals(1 << 20, TcpStream.readBufferSize(1024, 1));
        assertEquals(1 << 20, TcpStream.readBufferSize(131072, 16));
        assertEquals(512 << 10, TcpStream.readBufferSize(1024, 32), "16 MiB shared by 32 streams");
        assertEquals(128 << 10, TcpStream.readBufferSize(1024, 128), "never below 128 KiB");
        assertEquals(4 << 20, TcpStream.readBufferSize(4 << 20, 1), "a message larger than the buffer is read whole when it can be");
    }
}

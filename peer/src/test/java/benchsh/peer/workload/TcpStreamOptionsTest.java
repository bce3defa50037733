package benchsh.peer.workload;

import static benchsh.peer.workload.Sides.doubleOf;
import static benchsh.peer.workload.Sides.longOf;
import static benchsh.peer.workload.TcpStreamTest.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The tcp options beyond the basics: zerocopy, rate, per-stream figures, omit, interval, window, nodelay. */
@Timeout(60)
class TcpStreamOptionsTest {
    @Test
    void zeroCopySendsExactlyTheByteCountAndRemovesItsFile() throws Exception {
        RecordingContext sender = new RecordingContext();
        Outcome[] o = Sides.pair(new TcpStream(), spec("send", false, "streams", 2L),
                spec("send", true, "zerocopy", true, "bytes", 5_000_003L, "size", 65536L, "streams", 2L), new RecordingContext(), sender);
        assertNull(o[0].error(), o[0].error());
        assertEquals(5_000_003L, o[0].metrics().get("bytes_total"));
        try (var files = Files.list(sender.tempDir())) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith("tcp-zerocopy-")));
        }
    }

    @Test
    void aPacedSenderNeverRunsAheadOfItsRate() throws Exception {
        long rate = 40_000_000L; // 5 MB/s
        Outcome[] o = Sides.pair(new TcpStream(), spec("send", false),
                spec("send", true, "rate", rate, "time_ns", 800_000_000L, "size", 16384L), new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        double seconds = doubleOf(o[1], "seconds");
        long bytes = longOf(o[1], "bytes");
        // pacing can only slow a sender: at most the schedule plus one write ahead
        assertTrue(bytes <= rate / 8.0 * seconds + 16384, bytes + " bytes in " + seconds + " s");
        assertTrue(bytes > 0);
    }

    @Test
    void perStreamFiguresAddUpToTheTotal() throws Exception {
        Outcome[] o = Sides.pair(new TcpStream(), spec("send", false, "streams", 3L), spec("send", true, "streams", 3L, "bytes", 3_000_000L),
                new RecordingContext(), new RecordingContext());
        List<?> perStream = (List<?>) o[0].metrics().get("stream_bytes");
        assertEquals(3, perStream.size());
        assertEquals(longOf(o[0], "bytes"), perStream.stream().mapToLong(v -> ((Number) v).longValue()).sum());
        assertEquals(3, ((List<?>) o[0].metrics().get("stream_throughput_bps")).size());
    }

    @Test
    void omitLeavesTheWarmUpOutAndIntervalSetsTheSamples() throws Exception {
        RecordingContext rx = new RecordingContext();
        Outcome[] o = Sides.pair(new TcpStream(), spec("send", false, "omit_ns", 300_000_000L, "interval_ns", 100_000_000L),
                spec("send", true, "time_ns", 600_000_000L, "omit_ns", 300_000_000L, "window", 262_144L, "nodelay", true),
                rx, new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertTrue(doubleOf(o[0], "omitted_seconds") >= 0.3, o[0].metrics().toString());
        assertTrue(longOf(o[0], "bytes") < longOf(o[0], "bytes_total"), "the warm-up's bytes are not in the figure");
        assertTrue(rx.samples.size() >= 3, "samples every 100 ms: " + rx.samples.size());
        assertTrue(rx.samples.stream().allMatch(s -> (Double) s.get("start_s") >= 0), "samples start after the warm-up");
    }
}

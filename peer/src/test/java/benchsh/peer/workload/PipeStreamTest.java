package benchsh.peer.workload;

import static benchsh.peer.workload.Sides.doubleOf;
import static benchsh.peer.workload.Sides.longOf;
import static benchsh.peer.workload.Sides.spec;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Fields;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class PipeStreamTest {
    @TempDir
    Path dir;

    @Test
    void zeroToNullMovesBsTimesCountAndTimesEachStage() throws Exception {
        Outcome[] o = Sides.pair(new PipeStream(), spec("bs", 65536L), spec("bs", 65536L, "count", 100L),
                new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        assertEquals(6_553_600L, o[0].metrics().get("bytes"));
        assertEquals(100L, o[1].metrics().get("blocks"));
        for (String stage : new String[] {"net_read_seconds", "sink_write_seconds", "sync_seconds"}) {
            assertNotNull(o[0].metrics().get(stage), stage);
        }
        for (String stage : new String[] {"source_read_seconds", "net_write_seconds"}) {
            assertNotNull(o[1].metrics().get(stage), stage);
        }
        assertEquals(0L, o[0].metrics().get("syncs"));
    }

    @Test
    void fileToFileCopiesTheBytesExactlyAndSyncsWhenAsked() throws Exception {
        byte[] data = new byte[3 * 100_000 + 123];
        new Random(7).nextBytes(data);
        Path src = Files.write(dir.resolve("src.bin"), data);
        Path dst = dir.resolve("dst.bin");
        Outcome[] o = Sides.pair(new PipeStream(), spec("bs", 100_000L, "sink", "file", "sink_path", dst.toString(), "sync", true, "keep", true),
                spec("bs", 100_000L, "source", "file", "source_path", src.toString()), new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertArrayEquals(data, Files.readAllBytes(dst));
        assertEquals(4L, o[1].metrics().get("blocks"));
        assertEquals(1L, o[0].metrics().get("syncs"));
    }

    @Test
    void theSinkFileIsRemovedAfterTheTestUnlessKept() throws Exception {
        Path dst = dir.resolve("gone.bin");
        Outcome[] o = Sides.pair(new PipeStream(), spec("sink", "file", "sink_path", dst.toString()), spec("bs", 4096L, "count", 10L),
                new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertFalse(Files.exists(dst));
    }

    @Test
    void aThrottledSinkShowsUpInItsOwnStageTime() throws Exception {
        PipeSink slow = new PipeSink() {
            @Override
            public void write(ByteBuffer buf) {
                buf.position(buf.limit());
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public long finish(boolean sync) {
                return 0;
            }

            @Override
            public void abort() {
            }
        };
        Outcome[] o = Sides.pair(new PipeStream(() -> slow), spec("bs", 65536L), spec("bs", 65536L, "count", 15L),
                new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        double sink = doubleOf(o[0], "sink_write_seconds");
        assertTrue(sink >= 15 * 0.020, "sink time " + sink);
        // the sender waited on the slow sink, but the sink's reads found the data waiting
        assertTrue(doubleOf(o[0], "net_read_seconds") < sink, o[0].metrics().toString());
        assertTrue(doubleOf(o[1], "source_read_seconds") < sink, o[1].metrics().toString());
    }

    @Test
    void aMissingSourceFileFailsBeforeTheTest() {
        Exception e = assertThrows(Exception.class, () -> new PipeStream().open("connect",
                spec("source", "file", "source_path", dir.resolve("nope").toString(), "port", 1L), null, new RecordingContext()));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void theSinkNeverOverwritesFollowsLinksOrWritesDevices() throws Exception {
        Path existing = Files.writeString(dir.resolve("precious.txt"), "keep me");
        Path link = dir.resolve("link");
        Files.createSymbolicLink(link, dir.resolve("target-that-does-not-exist"));
        for (String path : new String[] {existing.toString(), link.toString(), "/dev/null", dir.resolve("no/such/dir/f").toString(),
            "/proc/benchsh-sink-test"}) {
            Exception e = assertThrows(Exception.class, () -> new PipeStream().open("listen",
                    spec("sink", "file", "sink_path", path), null, new RecordingContext()), path);
            assertTrue(e.getMessage().contains("sink"), e.getMessage());
        }
        assertEquals("keep me", Files.readString(existing));
        assertFalse(Files.exists(dir.resolve("target-that-does-not-exist")));
    }

    @Test
    void aFailedTestRemovesThePartialSinkFile() throws Exception {
        Path dst = dir.resolve("partial.bin");
        PipeStream pipe = new PipeStream();
        Side l = pipe.open("listen", spec("sink", "file", "sink_path", dst.toString(), "keep", true), null, new RecordingContext());
        assertTrue(Files.exists(dst), "created before the test starts");
        Map<String, Object> c = spec("bs", 65536L, "count", 1_000_000L);
        c.put("port", l.endpoint().get("port"));
        Side source = pipe.open("connect", c, null, new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(source::run);
        Thread.sleep(300);
        l.cancel();
        assertEquals("cancelled", lo.get(10, TimeUnit.SECONDS).error());
        assertNotNull(so.get(10, TimeUnit.SECONDS).error());
        assertFalse(Files.exists(dst));
    }

    @Test
    void endlessSourcesNeedACount() {
        assertThrows(Exception.class, () -> new PipeStream().open("connect", spec("source", "random", "port", 1L), null,
                new RecordingContext()));
    }

    @Test
    void theRandomSourceIsNotCompressibleToZeros() throws Exception {
        ByteBuffer b = ByteBuffer.allocate(4099);
        try (PipeSource s = PipeSource.open("random", null)) {
            assertEquals(4099, s.read(b));
        }
        int zeros = 0;
        for (byte x : b.array()) {
            zeros += x == 0 ? 1 : 0;
        }
        assertTrue(zeros < 100, zeros + " zero bytes");
    }
}

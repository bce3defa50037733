package benchsh.peer.pipe;

import static benchsh.peer.pipe.PipeSpecBuilder.pipe;
import static benchsh.peer.workload.Sides.doubleOf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class PipeStreamTest {
    static final Timing TIMING = PipeSpecBuilder.TIMING;

    @TempDir
    Path dir;

    static PipeStream.SinkSpec nullSink(int bs) {
        return pipe().bs(bs).nullSink();
    }

    static PipeStream.SinkSpec fileSink(Path p, int bs, boolean sync, boolean keep) {
        return pipe().bs(bs).sync(sync).keep(keep).fileSink(p);
    }

    static PipeStream.SourceSpec zeros(int bs, long count) {
        return pipe().bs(bs).count(count).zeros();
    }

    static PipeStream.SourceSpec fileSource(Path p, int bs) {
        return pipe().bs(bs).fileSource(p);
    }

    private static Outcome[] pair(PipeStream pipe, PipeStream.SinkSpec sink, PipeStream.SourceSpec source) throws Exception {
        return Sides.pair(pipe, sink, source, new RecordingContext(), new RecordingContext());
    }

    @Test
    void zeroToNullMovesBsTimesCountAndTimesEachStage() throws Exception {
        Outcome[] o = pair(new PipeStream(), nullSink(65536), zeros(65536, 100));
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
        Outcome[] o = pair(new PipeStream(), fileSink(dst, 100_000, true, true), fileSource(src, 100_000));
        assertNull(o[0].error(), o[0].error());
        assertArrayEquals(data, Files.readAllBytes(dst));
        assertEquals(4L, o[1].metrics().get("blocks"));
        assertEquals(1L, o[0].metrics().get("syncs"));
    }

    @Test
    void theSinkFileIsRemovedAfterTheTestUnlessKept() throws Exception {
        Path dst = dir.resolve("gone.bin");
        Outcome[] o = pair(new PipeStream(), fileSink(dst, 1 << 20, false, false), zeros(4096, 10));
        assertNull(o[0].error(), o[0].error());
        assertFalse(Files.exists(dst));
    }

    @Test
    void aThrottledSinkShowsUpInItsOwnStageTime() throws Exception {
        PipeSink slow = throttled(20);
        Outcome[] o = pair(new PipeStream(() -> slow), nullSink(65536), zeros(65536, 15));
        assertNull(o[0].error(), o[0].error());
        // the 15 waits of 20 ms happened inside the sink's stage: a lower bound, which a slow machine cannot break
        double sink = doubleOf(o[0], "sink_write_seconds");
        assertTrue(sink >= 15 * 0.020, "sink time " + sink);
    }

    /** A null sink that takes {@code millis} per block, as a slow disk would. */
    private static PipeSink throttled(long millis) {
        return new PipeSink() {
            @Override
            public void write(ByteBuffer buf) {
                buf.position(buf.limit());
                try {
                    Thread.sleep(millis);
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
    }

    @Test
    void aSourceWaitsForASlowSinkToTakeWhatIsStillInFlightLongerThanTheIdleTimeout() throws Exception {
        // the sink takes 64 KiB per 50 ms (1.3 MB/s): the socket buffers hold a second or more of it after the last
        // write, more than the idle timeout; the source, which wrote into them at memory speed and so has no rate of
        // its partner's, waits up to its deadline, and its meter takes the drain's silence for no stall
        Timing quick = new Timing(1_000_000_000L, 500_000_000L);
        PipeSink slow = throttled(50);
        Outcome[] o = Sides.pair(new PipeStream(() -> slow), pipe().bs(65536).timing(quick).nullSink(), pipe().bs(65536).count(50).timing(quick).zeros(),
                new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        assertEquals(50 * 65536L, o[0].metrics().get("bytes_total"));
    }

    @Test
    void aMissingSourceFileFailsBeforeTheTest() {
        Exception e = assertThrows(IOException.class, () -> new PipeStream().open("connect", fileSource(dir.resolve("nope"), 4096), Sides.listening(),
                new RecordingContext()));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void aSourceThatIsALinkADirectoryOrADeviceIsRefused() throws Exception {
        Path real = Files.write(dir.resolve("real.bin"), new byte[10]);
        Path link = Files.createSymbolicLink(dir.resolve("link.bin"), real);
        Map<Path, String> cases = Map.of(link, "symbolic link", dir, "directory", Path.of("/dev/zero"), "device or special file");
        for (Map.Entry<Path, String> c : cases.entrySet()) {
            IOException e = assertThrows(IOException.class, () -> new PipeStream().open("connect", fileSource(c.getKey(), 4096), Sides.listening(),
                    new RecordingContext()), c.getKey().toString());
            assertTrue(e.getMessage().startsWith("source " + c.getKey()) && e.getMessage().contains(c.getValue()), e.getMessage());
        }
    }

    @Test
    void theSinkNeverOverwritesFollowsLinksOrWritesDevices() throws Exception {
        Path existing = Files.writeString(dir.resolve("precious.txt"), "keep me");
        Path link = dir.resolve("link");
        Files.createSymbolicLink(link, dir.resolve("target-that-does-not-exist"));
        for (Path path : new Path[] {existing, link, Path.of("/dev/null"), dir.resolve("no/such/dir/f"), Path.of("/proc/benchsh-sink-test")}) {
            Exception e = assertThrows(IOException.class, () -> new PipeStream().open("listen", fileSink(path, 4096, false, false), Sides.listening(),
                    new RecordingContext()), path.toString());
            assertTrue(e.getMessage().contains("sink"), e.getMessage());
        }
        assertEquals("keep me", Files.readString(existing));
        assertFalse(Files.exists(dir.resolve("target-that-does-not-exist")));
    }

    @Test
    void theSinkIsRefusedBelowADirectoryThatIsALink() throws Exception {
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), elsewhere);
        Exception e = assertThrows(IOException.class, () -> new PipeStream().open("listen", fileSink(link.resolve("f"), 4096, false, true),
                Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains(link + " is a symbolic link"), e.getMessage());
        assertFalse(Files.exists(elsewhere.resolve("f")));
    }

    @Test
    void aFailedTestRemovesThePartialSinkFile() throws Exception {
        Path dst = dir.resolve("partial.bin");
        PipeStream pipe = new PipeStream();
        Side l = pipe.open("listen", fileSink(dst, 1 << 20, false, true), Sides.listening(), new RecordingContext());
        assertTrue(Files.exists(dst), "created before the test starts");
        Side source = pipe.open("connect", zeros(65536, 1_000_000), Sides.to(l), new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(source::run);
        Thread.sleep(300);
        l.cancel();
        Outcome cancelled = lo.get(10, TimeUnit.SECONDS);
        assertEquals("cancelled", cancelled.error());
        assertEquals(ErrorKind.CANCELLED, cancelled.kind());
        assertNotNull(so.get(10, TimeUnit.SECONDS).error());
        assertFalse(Files.exists(dst));
    }

    @Test
    void aSinkWithoutItsSourceGivesUpAtTheDeadlineAsATimeout() throws Exception {
        Path dst = dir.resolve("never.bin");
        PipeStream.SinkSpec s = pipe().bs(4096).keep().timing(new Timing(1_000_000_000L, 300_000_000L)).fileSink(dst);
        Outcome o = new PipeStream().open("listen", s, Sides.listening(), new RecordingContext()).run();
        assertEquals(ErrorKind.TIMEOUT, o.kind(), o.error());
        assertFalse(Files.exists(dst), "the unused sink file is removed");
    }

    @Test
    void aSourceThatFallsSilentStallsTheSinkWithTheStalledSeconds() throws Exception {
        PipeStream.SinkSpec s = pipe().bs(4096).timing(new Timing(1_000_000_000L, 500_000_000L)).nullSink();
        Side l = new PipeStream().open("listen", s, Sides.listening(), new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (Socket silent = new Socket(Sides.LOOPBACK, ((Number) l.endpoint().get("port")).intValue())) {
            silent.getOutputStream().write(HexFormat.of().parseHex(Sides.TOKEN));
            silent.getOutputStream().write(new byte[1000]); // less than a block, then nothing
            Outcome o = lo.get(20, TimeUnit.SECONDS);
            assertEquals(ErrorKind.STALLED, o.kind(), o.error());
            assertTrue(o.error().startsWith("no data for "), o.error());
            assertNotNull(o.metrics().get("stalled_seconds"), o.metrics().toString());
        }
    }

    @Test
    void specsBreakingTheRulesAreRefusedNamingTheRule() {
        Map<String, Object> endless = SpecCodec.encode(zeros(4096, 1));
        endless.put("count", 0L);
        ProtocolException e = assertThrows(ProtocolException.class, () -> new PipeStream().open("connect", endless, Sides.listening(),
                new RecordingContext()));
        assertTrue(e.getMessage().contains("never ends: give count"), e.getMessage());
        Map<String, Object> pathless = SpecCodec.encode(fileSink(dir.resolve("x"), 4096, false, false));
        pathless.remove("sink_path");
        e = assertThrows(ProtocolException.class, () -> new PipeStream().open("listen", pathless, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("needs sink_path"), e.getMessage());
        Map<String, Object> relative = SpecCodec.encode(fileSink(dir.resolve("x"), 4096, false, false));
        relative.put("sink_path", "x.bin");
        e = assertThrows(ProtocolException.class, () -> new PipeStream().open("listen", relative, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("absolute path"), e.getMessage());
        Map<String, Object> huge = SpecCodec.encode(zeros(4096, 1));
        huge.put("bs", PipeStream.MAX_BS + 1);
        e = assertThrows(ProtocolException.class, () -> new PipeStream().open("connect", huge, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("spec.bs"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("x")));
    }

    @Test
    void theRandomSourceIsNotCompressibleToZeros() throws Exception {
        ByteBuffer b = ByteBuffer.allocate(4099);
        try (PipeSource s = PipeSource.open(PipeSource.Kind.RANDOM, null)) {
            assertEquals(4099, s.read(b));
        }
        int zeros = 0;
        for (byte x : b.array()) {
            zeros += x == 0 ? 1 : 0;
        }
        assertTrue(zeros < 100, zeros + " zero bytes");
    }
}

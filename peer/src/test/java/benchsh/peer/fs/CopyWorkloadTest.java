package benchsh.peer.fs;

import static benchsh.peer.fs.CopySpecBuilder.copy;
import static benchsh.peer.fs.FsTestSupport.appear;
import static benchsh.peer.fs.FsTestSupport.assertLeftAlone;
import static benchsh.peer.fs.FsTestSupport.number;
import static benchsh.peer.fs.FsTestSupport.open;
import static benchsh.peer.fs.FsTestSupport.pair;
import static benchsh.peer.fs.FsTestSupport.run;
import static benchsh.peer.fs.TreePlan.Profile.MAILDIR;
import static benchsh.peer.fs.TreePlan.Profile.TARBALLS;
import static benchsh.peer.fs.TreeSpecBuilder.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class CopyWorkloadTest {
    final CopyWorkload copy = new CopyWorkload();
    @TempDir
    Path dir;
    Path src;

    /** The receiver's file path: Java 22+ creates, writes and times each file on one descriptor (the same tests cover both). */
    private static final String FILE_IO = benchsh.peer.io.NativeFiles.unavailable() == null ? "native" : "nio";

    @BeforeEach
    void generateSource() throws IOException {
        src = dir.resolve("src");
        Outcome o = run(new TreeWorkload(), "run", tree(MAILDIR).scaled(0.02).seed(5).at(src));
        assertNull(o.error(), o.error());
        Files.setPosixFilePermissions(src.resolve("cur"), PosixFilePermissions.fromString("rwx------"));
        Files.createSymbolicLink(src.resolve("link-to-etc"), Files.createDirectory(dir.resolve("elsewhere")));
    }

    @Test
    void localCopyIsVerifiedKeepsModesAndTimesAndSkipsLinks() throws IOException {
        Path dst = dir.resolve("dst");
        Outcome o = run(copy, "local", copy().verify().cold().keep().threads(4).local(src, dst));
        assertNull(o.error(), o.error());
        assertEquals(214L, number(o, "files"));
        assertEquals(9L, number(o, "dirs"));
        assertEquals(1L, number(o, "skipped"));
        assertEquals(Sides.metrics(o).get("src_digest"), Sides.metrics(o).get("dst_digest"));
        assertNotNull(Sides.metrics(o).get("cache"));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dst.resolve("cur"))));
        assertEquals(Files.getLastModifiedTime(src.resolve("cur")), Files.getLastModifiedTime(dst.resolve("cur")));
        assertFalse(Files.exists(dst.resolve("link-to-etc"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertEquals(Files.getFileStore(dst).type(), Sides.metrics(o).get("dst_fs_type"));
        assertEquals(FILE_IO, Sides.metrics(o).get("file_io"));
        assertSameModesAndTimes(src, dst, false);
    }

    /** Every file of {@code src} has its mode and mtime in {@code dst} (to the millisecond when it went over the stream). */
    private static void assertSameModesAndTimes(Path src, Path dst, boolean millis) throws IOException {
        try (var files = Files.walk(src)) {
            for (Path f : files.filter(p -> Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)).toList()) {
                Path copy = dst.resolve(src.relativize(f).toString());
                assertEquals(Files.getPosixFilePermissions(f), Files.getPosixFilePermissions(copy), copy.toString());
                FileTime a = Files.getLastModifiedTime(f);
                FileTime b = Files.getLastModifiedTime(copy);
                assertEquals(millis ? a.toMillis() : a, millis ? b.toMillis() : b, copy.toString());
            }
        }
    }

    @Test
    void networkCopyIsVerifiedAndKeepFalseRemovesTheDestination() throws Exception {
        Path dst = dir.resolve("net");
        Outcome[] o = pair(copy, copy().verify().keep().receive(dst), copy().verify().send(src));
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        assertEquals(Sides.metrics(o[1]).get("src_digest"), Sides.metrics(o[0]).get("dst_digest"));
        assertEquals(TreeDigest.of(src), TreeDigest.of(dst));
        assertEquals(number(o[1], "files"), number(o[0], "files"));
        assertEquals(number(o[1], "dirs"), number(o[0], "dirs"));
        assertEquals(FILE_IO, Sides.metrics(o[0]).get("file_io"));
        assertSameModesAndTimes(src, dst, true);
        Path gone = dir.resolve("gone");
        o = pair(copy, copy().receive(gone), copy().send(src));
        assertNull(o[0].error(), o[0].error());
        assertFalse(Files.exists(gone));
    }

    @Test
    void aReceiverLeftToChooseWritesOnItsOwnThreadWithOneCpuAndALocalFileSystem() throws Exception {
        assertEquals(1, CopyWorkload.receiverThreads(dir.resolve("new"), 1));
        assertEquals(CopyWorkload.DEFAULT_THREADS, CopyWorkload.receiverThreads(dir.resolve("new"), 2));
        Path dst = dir.resolve("chosen");
        Outcome[] o = pair(copy, copy().verify().keep().threads(CopyWorkload.CHOSEN_THREADS).receive(dst), copy().verify().send(src));
        assertNull(o[0].error(), o[0].error());
        assertEquals(CopyWorkload.receiverThreads(dst, Runtime.getRuntime().availableProcessors()), number(o[0], "write_threads"));
        assertEquals(TreeDigest.of(src), TreeDigest.of(dst));
        o = pair(copy, copy().keep().threads(3).receive(dir.resolve("three")), copy().send(src));
        assertEquals(3, number(o[0], "write_threads"));
    }

    @Test
    void namesWithBackslashesAreOrdinaryNamesHere() throws Exception {
        // systemd's escapes, e.g. under /etc/systemd/system: on a POSIX file system a backslash is just a character
        Path wants = Files.createDirectories(src.resolve("swap.target.wants"));
        Files.writeString(wants.resolve("dev-disk-by\\x2dlabel-swap.swap"), "[Swap]\n");
        Files.writeString(src.resolve("a\\..\\b"), "one name\n");
        Outcome l = run(copy, "local", copy().verify().keep().local(src, dir.resolve("local")));
        assertNull(l.error(), l.error());
        Outcome[] o = pair(copy, copy().verify().keep().receive(dir.resolve("net")), copy().verify().send(src));
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        for (Path dst : new Path[] {dir.resolve("local"), dir.resolve("net")}) {
            assertEquals(TreeDigest.of(src), TreeDigest.of(dst));
            assertEquals("[Swap]\n", Files.readString(dst.resolve("swap.target.wants/dev-disk-by\\x2dlabel-swap.swap")));
            assertEquals("one name\n", Files.readString(dst.resolve("a\\..\\b")));
        }
    }

    @Test
    void aSingleFileCopiesToAFile() throws Exception {
        Path file = src.resolve("cur").resolve(Files.list(src.resolve("cur")).findFirst().orElseThrow().getFileName());
        Path dst = dir.resolve("one.eml");
        Outcome[] o = pair(copy, copy().verify().keep().receive(dst), copy().verify().send(file));
        assertNull(o[0].error(), o[0].error());
        assertEquals(Files.mismatch(file, dst), -1L);
        Outcome l = run(copy, "local", copy().verify().keep().local(file, dir.resolve("two.eml")));
        assertNull(l.error(), l.error());
        assertEquals(Sides.metrics(l).get("src_digest"), Sides.metrics(l).get("dst_digest"));
    }

    /** The reproduced bug, for a single-file copy: the destination was new when the test was opened, a directory appeared before the run. */
    @Test
    void aDirectoryThatAppearsAtASingleFileDestinationAfterOpenIsLeftWithItsContents() throws Exception {
        Path file = Files.list(src.resolve("cur")).findFirst().orElseThrow();
        Path dst = dir.resolve("one.eml");
        Side local = open(copy, "local", copy().keep().local(file, dst));
        appear(dst);
        assertLeftAlone(dst, local.run());

    }

    /**
     * A directory appears while a receiver waits for its one file: before or after it read the stream's
     * header (either way, the file's exclusive create is what fails).
     */
    @Test
    void aDirectoryThatAppearsWhileASingleFileIsBeingReceivedIsLeftWithItsContents() throws Exception {
        Path received = dir.resolve("received.eml");
        Side listen = listen(received);
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(listen::run);
        try (Socket s = new Socket("127.0.0.1", listen.endpoint().port())) {
            DataOutputStream out = stream(s, 'F');
            out.flush();
            appear(received);
            try {
                file(out, "", "data\n");
                out.writeByte('E');
                out.writeLong(1);
                out.writeLong(0);
                out.writeLong(5);
                out.flush();
            } catch (java.net.SocketException e) {
                // the receiver refused the file's create and hung up before the rest arrived
            }
            assertLeftAlone(received, lo.get(30, TimeUnit.SECONDS));
        }
    }

    /** The same race for a tree copy. */
    @Test
    void aDirectoryThatAppearsAtATreeDestinationAfterOpenIsLeftWithItsContents() throws IOException {
        Path dst = dir.resolve("dst");
        Side local = open(copy, "local", copy().local(src, dst));
        appear(dst);
        assertLeftAlone(dst, local.run());
    }

    /** The window after the destination was started and before the single file is created, step by step. */
    @Test
    void aSinkLeavesWhatAppearedAfterItStartedAndRemovesNothing() throws IOException {
        Path dst = dir.resolve("late.eml");
        try (TreeSink sink = new TreeSink(dst, n -> { }, 1)) {
            sink.start(true);
            appear(dst);
            IOException e = assertThrows(IOException.class, () -> sink.file("", 0644, 0, 4, java.nio.channels.Channels.newChannel(
                    new java.io.ByteArrayInputStream("data".getBytes(StandardCharsets.UTF_8)))));
            assertTrue(FsErrors.describe(e).contains("something else created it"), FsErrors.describe(e));
            assertEquals(0, sink.created().size());
            assertEquals(0, sink.created().removeAll().removed());
        }
        assertEquals("mine", Files.readString(dst.resolve("mine.txt")));
    }

    /** The parallel walk: a directory that something else created mid-way fails the copy, and only what the run created is removed. */
    @Test
    void aParallelLocalCopyStopsAtADirectoryThatAppearedAndRemovesOnlyItsOwn() throws IOException {
        Path dst = dir.resolve("dst-late");
        try (TreeSink sink = new TreeSink(dst, n -> { }, 1)) {
            sink.start(false);
            appear(dst.resolve("new"));
            IOException e = assertThrows(IOException.class, () -> new ParallelTreeWalk(src, sink, 4).run(() -> false));
            assertTrue(FsErrors.describe(e).contains("something else created it inside the new destination"), FsErrors.describe(e));
            assertFalse(sink.created().removeAll().complete(), "the destination holding what appeared is kept");
        }
        assertEquals("mine", Files.readString(dst.resolve("new/mine.txt")), "what appeared is left alone");
        try (var left = Files.list(dst)) {
            assertEquals(1, left.count(), "every entry the run created was removed");
        }
    }

    private Side listen(Path dst) throws IOException {
        return listen(copy().keep().receive(dst));
    }

    private Side listen(CopyWorkload.Receive spec) throws IOException {
        return copy.open("listen", SpecCodec.encode(spec), Sides.listening(), new RecordingContext());
    }

    /** A hand-written sender's stream: the token, the archive's magic and its root kind ('D' tree, 'F' one file). */
    private static DataOutputStream stream(Socket s, char root) throws IOException {
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        out.write(HexFormat.of().parseHex(Sides.TOKEN));
        out.writeInt(TreeArchive.MAGIC);
        out.writeByte(root);
        return out;
    }

    private static void entry(DataOutputStream out, char kind, String name, int mode) throws IOException {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        out.writeByte(kind);
        out.writeShort(n.length);
        out.write(n);
        out.writeInt(mode);
        out.writeLong(0);
    }

    private static void file(DataOutputStream out, String name, String content) throws IOException {
        byte[] c = content.getBytes(StandardCharsets.UTF_8);
        entry(out, 'F', name, 0644);
        out.writeLong(c.length);
        out.write(c);
    }

    /** A sender that goes silent inside a file: the receiver stalls after its timeout, says so, and removes the partial copy. */
    @Test
    void aSilentSenderStallsTheReceiverWhichRemovesThePartialCopy() throws Exception {
        Path dst = dir.resolve("stalled");
        Side l = listen(copy().keep().threads(1).timing(new Timing(200_000_000L, 1_000_000_000L)).receive(dst));
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (Socket s = new Socket("127.0.0.1", l.endpoint().port())) {
            DataOutputStream out = stream(s, 'D');
            entry(out, 'D', "a", 0755);
            entry(out, 'F', "a/f", 0644);
            out.writeLong(1000);
            out.write(new byte[10]);
            out.flush();
            Outcome o = lo.get(30, TimeUnit.SECONDS);
            assertEquals(ErrorKind.STALLED, o.kind(), o.error());
            assertTrue(o.error().startsWith("no data for ") && o.error().endsWith(" s; the partial copy was removed"), o.error());
            assertTrue(number(o, "stalled_seconds") >= 1, Sides.metrics(o).toString());
            assertEquals(10L, number(o, "bytes_total"));
        }
        assertFalse(Files.exists(dst));
    }

    @Test
    void refusesAnExistingDestinationAndOverlaps() {
        IOException e = assertThrows(RefusedException.class, () -> open(copy, "local", copy().keep().local(src, src)));
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        e = assertThrows(RefusedException.class, () -> open(copy, "local", copy().keep().local(src, src.resolve("x"))));
        assertTrue(e.getMessage().contains("overlap"), e.getMessage());
    }

    @Test
    void hostileNamesInAReceivedTreeAreRejectedAndNothingIsLeft() throws Exception {
        for (String hostile : new String[] {"../escaped", "/tmp/absolute-benchsh", "a/../../escaped"}) {
            Path dst = dir.resolve("victim");
            Side l = listen(dst);
            CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
            try (Socket s = new Socket("127.0.0.1", l.endpoint().port())) {
                DataOutputStream out = stream(s, 'D');
                entry(out, 'D', "a", 0755);
                file(out, hostile, "evil\n");
                out.flush();
                Outcome o = lo.get();
                assertNotNull(o.error());
                assertTrue(o.error().contains("rejected entry name"), o.error());
                assertEquals(ErrorKind.REFUSED, o.kind(), "a name outside the destination is refused");
            }
            assertFalse(Files.exists(dst), "the partial destination is removed");
            assertFalse(Files.exists(dir.resolve("escaped")));
            assertFalse(Files.exists(Path.of("/tmp/absolute-benchsh")));
        }
    }

    @Test
    void noSpaceOnTheReceiverFailsRemovesThePartialCopyAndReportsTmpfs() throws Exception {
        Path big = dir.resolve("big");
        assertNull(run(new TreeWorkload(), "run", tree(TARBALLS).scaled(0.02).at(big)).error());
        Path at = FsTestSupport.tmpfs(dir, "2m");
        try {
            Path dst = at.resolve("dst");
            Outcome[] o = pair(copy, copy().keep().receive(dst), copy().send(big));
            assertNotNull(o[0].error());
            assertEquals(ErrorKind.IO, o[0].kind());
            assertTrue(o[0].error().contains("no space left on device") && o[0].error().contains("removed"), o[0].error());
            assertNotNull(o[1].error(), "the sender sees the receiver go away");
            assertTrue(number(o[0], "bytes") > 0);
            assertEquals("tmpfs", Sides.metrics(o[0]).get("dst_fs_type"));
            assertFalse(Files.exists(dst));
        } finally {
            FsTestSupport.unmount(at);
        }
    }

    @Test
    void aStrayWithoutTheTokenIsDropped() throws Exception {
        Path dst = dir.resolve("tok");
        Side l = listen(copy().keep().threads(4).timing(new Timing(1_000_000_000L, 1_000_000_000L)).receive(dst));
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (Socket s = new Socket("127.0.0.1", l.endpoint().port())) {
            s.getOutputStream().write(new byte[16]);
            Outcome o = lo.get();
            assertNotNull(o.error());
            assertEquals(ErrorKind.TIMEOUT, o.kind(), "the real sender never came: " + o.error());
            assertEquals(1L, number(o, "strays_dropped"));
        }
        assertFalse(Files.exists(dst));
    }
}

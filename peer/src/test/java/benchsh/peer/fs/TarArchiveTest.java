package benchsh.peer.fs;

import static benchsh.peer.fs.CopySpecBuilder.copy;
import static benchsh.peer.fs.FsTestSupport.number;
import static benchsh.peer.fs.FsTestSupport.run;
import static benchsh.peer.fs.TreePlan.Profile.MAILDIR;
import static benchsh.peer.fs.TreeSpecBuilder.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tar stream of a copy whose other end is a host's own tar: between two peers, written here and read by GNU tar and
 * busybox's, written by them and read here, and what it refuses.
 */
@Timeout(120)
class TarArchiveTest {
    final CopyWorkload copy = new CopyWorkload();
    @TempDir
    Path dir;
    Path src;

    @BeforeEach
    void generateSource() throws IOException {
        src = dir.resolve("src");
        Outcome o = run(new TreeWorkload(), "run", tree(MAILDIR).scaled(0.02).seed(7).at(src));
        assertNull(o.error(), o.error());
        Path deep = src.resolve("a".repeat(90)).resolve("b".repeat(90));
        Files.createDirectories(deep);
        Files.writeString(deep.resolve("c".repeat(120)), "a name of more than 255 bytes\n");
        Files.writeString(src.resolve("d".repeat(130)), "longer than ustar's name field\n");
    }

    /** Both sides of a copy linked as if the other end were a host's own tar ({@link Link#plain()}). */
    private Outcome[] plainPair(Record listen, Record connect) throws Exception {
        Side l = copy.open("listen", SpecCodec.encode(listen), new Link(Sides.TOKEN, Sides.LOOPBACK, 0, true), new RecordingContext());
        Side c = copy.open("connect", SpecCodec.encode(connect), new Link(Sides.TOKEN, Sides.LOOPBACK, l.endpoint().port(), true),
                new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        Outcome co = c.run();
        return new Outcome[] {lo.get(60, TimeUnit.SECONDS), co};
    }

    @Test
    void aTreeAndAFileGoBetweenPeersAsTar() throws Exception {
        Path dst = dir.resolve("net");
        Outcome[] o = plainPair(copy().keep().receive(dst), copy().send(src));
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        assertEquals(TreeDigest.of(src), TreeDigest.of(dst));
        assertEquals(number(o[1], "files"), number(o[0], "files"));
        Path file = src.resolve("d".repeat(130));
        IOException single = assertThrows(IOException.class, () -> copy.open("connect", SpecCodec.encode(copy().send(file)),
                new Link(Sides.TOKEN, Sides.LOOPBACK, 9, true), new RecordingContext()));
        assertTrue(single.getMessage().contains("arrives inside a directory"), single.getMessage());
    }

    @Test
    void aFileTarSendsByItsNameIsReadAsAFile() throws Exception {
        Path made = dir.resolve("one.tar");
        sh(src, List.of("tar", "cf", "-", "d".repeat(130)), null, made);
        Path one = dir.resolve("one.txt");
        try (FileChannel in = FileChannel.open(made)) {
            new TarArchive.Reader(in).replay(new TreeSink(one, n -> { }, 1), 10);
        }
        assertEquals(-1L, Files.mismatch(src.resolve("d".repeat(130)), one));
    }

    /** The tar tools there are to test with: GNU's, and busybox's where installed. */
    private static List<List<String>> tars() {
        return Files.isExecutable(Path.of("/bin/busybox")) ? List.of(List.of("tar"), List.of("/bin/busybox", "tar")) : List.of(List.of("tar"));
    }

    private static void sh(Path cwd, List<String> command, Path in, Path out) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(out == null);
        if (in != null) {
            pb.redirectInput(in.toFile());
        }
        if (out != null) {
            pb.redirectOutput(out.toFile());
        }
        Process p = pb.start();
        String said = out == null ? new String(p.getInputStream().readAllBytes()) : "";
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", command));
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + said);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void whatItWritesATarExtractsAndWhatATarWritesItReads(int which) throws Exception {
        assumeTrue(which < tars().size(), "busybox-static is not installed");
        List<String> tar = tars().get(which);
        Path stream = dir.resolve("out.tar");
        try (FileChannel out = FileChannel.open(stream, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            TarArchive.Writer w = new TarArchive.Writer(out, n -> { });
            new TreeSource(src).walk(w, () -> false);
            w.end();
        }
        Path extracted = Files.createDirectory(dir.resolve("x"));
        sh(extracted, concat(tar, "xf", stream.toString()), null, null);
        assertEquals(TreeDigest.of(src), TreeDigest.of(extracted), String.join(" ", tar) + " extracts it");
        Path made = dir.resolve("made.tar");
        sh(src, concat(tar, "cf", "-", "."), null, made);
        Path read = dir.resolve("read");
        TreeSink sink = new TreeSink(read, n -> { }, 1);
        try (FileChannel in = FileChannel.open(made)) {
            new TarArchive.Reader(in).replay(sink, 1_000_000);
        }
        assertEquals(TreeDigest.of(src), TreeDigest.of(read), "it reads what " + String.join(" ", tar) + " made");
    }

    private static List<String> concat(List<String> a, String... b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(List.of(b));
        return all;
    }

    @Test
    void itRefusesLinksDamageAndAStreamCutShort() throws Exception {
        Path withLink = Files.createDirectory(dir.resolve("withlink"));
        Files.createSymbolicLink(withLink.resolve("to-passwd"), Path.of("/etc/passwd"));
        Path linkTar = dir.resolve("link.tar");
        sh(withLink, List.of("tar", "cf", "-", "."), null, linkTar);
        assertTrue(read(linkTar, dir.resolve("r1")).getMessage().contains("'./to-passwd': a symbolic link"));
        assertFalse(Files.exists(dir.resolve("r1/to-passwd")));
        Path good = dir.resolve("good.tar");
        sh(src, List.of("tar", "cf", "-", "."), null, good);
        byte[] bytes = Files.readAllBytes(good);
        bytes[3] ^= 0x20;
        Path damaged = Files.write(dir.resolve("damaged.tar"), bytes);
        assertTrue(read(damaged, dir.resolve("r2")).getMessage().contains("checksum does not match"));
        Path cut = Files.write(dir.resolve("cut.tar"), java.util.Arrays.copyOf(Files.readAllBytes(good), 5000));
        assertTrue(read(cut, dir.resolve("r3")).getMessage().contains("ended"), "a stream cut short");
    }

    private static IOException read(Path tar, Path dst) {
        TreeSink sink = new TreeSink(dst, n -> { }, 1);
        return assertThrows(IOException.class, () -> {
            try (FileChannel in = FileChannel.open(tar)) {
                new TarArchive.Reader(in).replay(sink, 1_000_000);
            }
        });
    }
}

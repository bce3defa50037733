package benchsh.peer.fs;

import static benchsh.peer.fs.FsTestSupport.number;
import static benchsh.peer.fs.FsTestSupport.open;
import static benchsh.peer.fs.FsTestSupport.run;
import static benchsh.peer.fs.TreePlan.Profile.CUSTOM;
import static benchsh.peer.fs.TreePlan.Profile.MAILDIR;
import static benchsh.peer.fs.TreePlan.Profile.PORTAGE;
import static benchsh.peer.fs.TreePlan.Profile.TARBALLS;
import static benchsh.peer.fs.TreePlan.Profile.VIDEO;
import static benchsh.peer.fs.TreeSpecBuilder.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.Side;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class TreeWorkloadTest {
    final TreeWorkload tree = new TreeWorkload();
    @TempDir
    Path dir;

    @Test
    void profilesHaveTheirPublishedShapeAtScaleOne() {
        TreePlan maildir = TreePlan.of(MAILDIR, MAILDIR.shape(), 1);
        assertEquals(10_688, maildir.files().size());
        assertEquals(466, maildir.dirs().size() + 1);
        assertEquals(134_000_000L, maildir.bytes());
        assertTrue(maildir.dirs().contains("cur") && maildir.dirs().contains(".folder001/new"));
        TreePlan portage = TreePlan.of(PORTAGE, PORTAGE.shape(), 1);
        assertEquals(49_000, portage.files().size());
        assertEquals(12_000, portage.dirs().size() + 1);
        assertEquals(204_000_000L, portage.bytes());
        assertEquals(10, TreePlan.of(TARBALLS, TARBALLS.shape(), 1).files().size());
        assertEquals(234_000_000L, TreePlan.of(VIDEO, VIDEO.shape(), 1).files().get(0).size());
    }

    @Test
    void sizesAreLogNormalNotUniform() {
        TreePlan p = TreePlan.of(MAILDIR, MAILDIR.shape(), 3);
        long[] sizes = p.files().stream().mapToLong(TreePlan.File::size).sorted().toArray();
        long median = sizes[sizes.length / 2];
        double mean = (double) p.bytes() / sizes.length;
        assertTrue(median < mean, "a log-normal's median lies below its mean: " + median + " vs " + mean);
        assertTrue(sizes[sizes.length - 1] > 5 * mean);
    }

    @Test
    void sameSeedGivesTheSameTreeAndAnotherSeedAnother() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Path c = dir.resolve("c");
        for (Path p : new Path[] {a, b}) {
            Outcome o = run(tree, "run", tree(MAILDIR).scaled(0.02).seed(42).at(p));
            assertNull(o.error(), o.error());
            assertEquals(214L, number(o, "files"));
            assertEquals(9L, number(o, "dirs"));
        }
        run(tree, "run", tree(MAILDIR).scaled(0.02).seed(43).at(c));
        assertEquals(TreeDigest.of(a), TreeDigest.of(b));
        assertNotEquals(TreeDigest.of(a), TreeDigest.of(c));
        assertEquals(Files.getLastModifiedTime(a.resolve("cur")), Files.getLastModifiedTime(b.resolve("cur")));
        try (Stream<Path> files = Files.walk(a)) {
            assertEquals(214 + 9, files.count());
        }
    }

    @Test
    void customShapeAndRandomContentIsIncompressible() throws IOException {
        Path p = dir.resolve("custom");
        Outcome o = run(tree, "run", tree(CUSTOM).shape(new TreePlan.Shape(50, 20, 2_000_000, 1.0)).random().at(p));
        assertNull(o.error(), o.error());
        assertEquals(50L, number(o, "files"));
        assertEquals(20L, number(o, "dirs"));
        assertEquals(2_000_000L, number(o, "bytes"));
        assertTrue(ratio(biggest(p)) > 0.95, "random content should not compress");
        Path text = dir.resolve("text");
        run(tree, "run", tree(CUSTOM).shape(new TreePlan.Shape(5, 1, 500_000, 1.0)).at(text));
        assertTrue(ratio(biggest(text)) < 0.6, "default content is mail-like text");
    }

    private static Path biggest(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).max((x, y) -> Long.compare(x.toFile().length(), y.toFile().length())).orElseThrow();
        }
    }

    private static double ratio(Path f) throws IOException {
        byte[] in = Files.readAllBytes(f);
        Deflater d = new Deflater();
        d.setInput(in);
        d.finish();
        byte[] out = new byte[in.length + 1024];
        int n = d.deflate(out);
        d.end();
        return (double) n / in.length;
    }

    /** The reproduced bug: the path was new when the test was opened, a directory appeared before the run created it. */
    @Test
    void aDirectoryThatAppearsAfterOpenIsLeftWithItsContents() throws IOException {
        Path t = dir.resolve("t");
        Side side = open(tree, "run", tree(MAILDIR).scaled(0.01).at(t));
        FsTestSupport.appear(t);
        FsTestSupport.assertLeftAlone(t, side.run());
    }

    @Test
    void refusesAnExistingDirectoryAndCleansUpOnNoSpace() throws IOException {
        Path existing = Files.createDirectory(dir.resolve("there"));
        Files.writeString(existing.resolve("keep.txt"), "mine");
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(RefusedException.class,
                () -> run(tree, "run", tree(CUSTOM).scaled(0.01).at(existing)));
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        assertTrue(Files.exists(existing.resolve("keep.txt")));
        Path at = FsTestSupport.tmpfs(dir, "1m");
        try {
            Path t = at.resolve("t");
            Outcome o = run(tree, "run", tree(TARBALLS).scaled(0.01).at(t));
            assertNotNull(o.error());
            assertEquals(ErrorKind.IO, o.kind());
            assertTrue(o.error().contains("no space left on device") && o.error().contains("removed"), o.error());
            assertFalse(Files.exists(t));
        } finally {
            FsTestSupport.unmount(at);
        }
    }
}

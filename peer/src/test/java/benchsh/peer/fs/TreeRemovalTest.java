package benchsh.peer.fs;

import static benchsh.peer.fs.FsTestSupport.number;
import static benchsh.peer.fs.FsTestSupport.run;
import static benchsh.peer.fs.TreePlan.Profile.MAILDIR;
import static benchsh.peer.fs.TreeSpecBuilder.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Outcome;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Role "remove" of {@link TreeWorkload}: a later peer, with no ledger of the generating run, removes the
 * planned files only where they are still what the generator wrote (planned type, size and mtime).
 */
@Timeout(60)
class TreeRemovalTest {
    final TreeWorkload workload = new TreeWorkload();
    @TempDir
    Path dir;

    private TreeWorkload.Spec generate(String name) throws IOException {
        TreeWorkload.Spec spec = tree(MAILDIR).scaled(0.01).seed(5).at(dir.resolve(name));
        Outcome o = run(workload, "run", spec);
        assertNull(o.error(), o.error());
        return spec;
    }

    private static List<TreePlan.File> planned(TreeWorkload.Spec spec) {
        return TreePlan.of(spec.profile(), spec.shape(), spec.seed()).files();
    }

    @Test
    void anUntouchedTreeIsRemovedEntirely() throws IOException {
        TreeWorkload.Spec spec = generate("clean");
        Outcome o = run(workload, "remove", spec);
        assertNull(o.error(), o.error());
        assertEquals(planned(spec).size(), number(o, "removed_files"));
        assertEquals(0L, number(o, "refused"));
        assertEquals(0L, number(o, "kept_dirs"));
        assertFalse(Files.exists(dir.resolve("clean"), LinkOption.NOFOLLOW_LINKS));
    }

    /** The regression: remove had no ledger and took any regular file at a planned name, a user's saved file included. */
    @Test
    void filesSavedUnderGeneratedNamesAreKept() throws IOException {
        TreeWorkload.Spec spec = generate("used");
        Path root = dir.resolve("used");
        List<TreePlan.File> files = planned(spec);
        Path rewritten = root.resolve(files.get(0).name());
        Files.writeString(rewritten, "my own notes, saved over a generated name");
        Path sameSize = root.resolve(files.get(1).name());
        Files.write(sameSize, new byte[(int) files.get(1).size()]); // another file of the planned size: a new mtime
        Path editedInPlace = root.resolve(files.get(2).name());
        try (FileChannel ch = FileChannel.open(editedInPlace, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("X".getBytes(StandardCharsets.US_ASCII)), 0);
        }
        Outcome o = run(workload, "remove", spec);
        assertEquals(ErrorKind.REFUSED, o.kind(), o.error());
        assertTrue(o.error().startsWith("refused 3 entries that are no longer what the generator made"), o.error());
        for (int i = 0; i < 3; i++) {
            assertTrue(o.error().contains(files.get(i).name()), o.error());
        }
        assertEquals(files.size() - 3, number(o, "removed_files"));
        assertEquals("my own notes, saved over a generated name", Files.readString(rewritten));
        try (Stream<Path> left = Files.walk(root)) {
            assertEquals(List.of(editedInPlace, rewritten, sameSize).stream().sorted().toList(),
                    left.filter(Files::isRegularFile).sorted().toList(), "only the three changed files are left");
        }
    }

    @Test
    void sizeAndMtimeAreComparedToTheSecond() throws IOException {
        TreePlan.File planned = new TreePlan.File("f", 3, 1_577_836_805_000L);
        Path f = Files.writeString(dir.resolve("f"), "abc");
        Files.setLastModifiedTime(f, FileTime.fromMillis(planned.mtimeMillis() + 999));
        assertTrue(TreeRemoval.asGenerated(planned, attributes(f)), "a file system that keeps finer times still matches");
        Files.setLastModifiedTime(f, FileTime.fromMillis(planned.mtimeMillis() + 1000));
        assertFalse(TreeRemoval.asGenerated(planned, attributes(f)));
        Files.setLastModifiedTime(f, FileTime.fromMillis(planned.mtimeMillis()));
        assertTrue(TreeRemoval.asGenerated(planned, attributes(f)));
        assertFalse(TreeRemoval.asGenerated(new TreePlan.File("f", 4, planned.mtimeMillis()), attributes(f)));
    }

    private static BasicFileAttributes attributes(Path p) throws IOException {
        return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    }
}

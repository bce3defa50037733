package benchsh.peer.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Several threads list and copy one tree: every entry once, exact counts, and a complete ledger after a failure. */
@Timeout(60)
class ParallelTreeWalkTest {
    @TempDir
    Path dir;
    Path src;
    Path dst;
    /** Regular files and directories below the source root. */
    int files;
    int dirs;

    /** A tree wider and deeper than the threads: 4 top directories, each 3 levels of 3, files at every level. */
    @BeforeEach
    void tree() throws IOException {
        src = Files.createDirectory(dir.resolve("src"));
        dst = dir.resolve("dst");
        for (int top = 0; top < 4; top++) {
            fill(src.resolve("top" + top), 3);
        }
        for (int i = 0; i < 40; i++) {
            Files.writeString(src.resolve("root-file-" + i), "root " + i);
            files++;
        }
        Files.createSymbolicLink(src.resolve("top0/link"), dir);
        Files.setLastModifiedTime(src.resolve("top1/d0/d1"), FileTime.fromMillis(1_500_000_000_000L));
    }

    private void fill(Path d, int depth) throws IOException {
        Files.createDirectory(d);
        dirs++;
        for (int i = 0; i < 7; i++) {
            Files.writeString(d.resolve("f" + i), d + " file " + i + "x".repeat(i * 1000));
            files++;
        }
        if (depth > 0) {
            for (int i = 0; i < 3; i++) {
                fill(d.resolve("d" + i), depth - 1);
            }
        }
    }

    @Test
    void everyEntryIsCopiedOnceWithExactCounts() throws IOException {
        AtomicLong bytes = new AtomicLong();
        try (TreeSink sink = new TreeSink(dst, bytes::addAndGet, 1)) {
            sink.start(false);
            ParallelTreeWalk walk = new ParallelTreeWalk(src, sink, 4);
            walk.run(() -> false);
            sink.finish();
            assertEquals(files, sink.files());
            assertEquals(dirs + 1, sink.dirs(), "the root and every directory");
            assertEquals(1, walk.skipped(), "the link");
            assertEquals(files + dirs + 1, sink.created().size(), "each entry recorded once (a second create of a name fails O_EXCL)");
            assertEquals(sizes(src), bytes.get());
        }
        assertCopiedAllButTheLink();
        assertEquals(Files.getLastModifiedTime(src.resolve("top1/d0/d1")), Files.getLastModifiedTime(dst.resolve("top1/d0/d1")));
        assertFalse(Files.exists(dst.resolve("top0/link"), LinkOption.NOFOLLOW_LINKS));
    }

    /** A file the sink refuses stops every thread; what was created up to then is all in the ledger, and all removed. */
    @Test
    void aFailureInTheMiddleLeavesTheLedgerComplete() throws IOException {
        Files.writeString(src.resolve("top2/d1/poison"), "refused below");
        try (TreeSink sink = new TreeSink(dst, n -> { }, 1)) {
            sink.start(false);
            TreeVisitor refusing = new TreeVisitor() {
                @Override
                public void dir(String name, int mode, long mtimeMillis) throws IOException {
                    sink.dir(name, mode, mtimeMillis);
                }

                @Override
                public void file(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException {
                    sink.file(name, mode, mtimeMillis, size, content);
                }

                @Override
                public void file(String name, PosixFileAttributes attrs, Path source) throws IOException {
                    if (name.endsWith("/poison")) {
                        throw new RefusedException("rejected entry name '" + name + "'");
                    }
                    sink.file(name, attrs, source);
                }
            };
            IOException e = assertThrows(IOException.class, () -> new ParallelTreeWalk(src, refusing, 4).run(() -> false));
            assertTrue(e.getMessage().contains("rejected entry name"), e.getMessage());
            assertEquals(listing(dst).size() + 1, sink.created().size(), "every entry on disk (and the root) is in the ledger");
            CreatedEntries.Removal removal = sink.created().removeAll();
            assertTrue(removal.complete());
        }
        assertFalse(Files.exists(dst));
    }

    @Test
    void cancellingStopsAllThreadsBeforeTheirNextEntry() throws IOException {
        AtomicInteger polls = new AtomicInteger();
        try (TreeSink sink = new TreeSink(dst, n -> { }, 1)) {
            sink.start(false);
            IOException e = assertThrows(IOException.class, () -> new ParallelTreeWalk(src, sink, 3).run(() -> polls.incrementAndGet() > 60));
            assertEquals("cancelled", e.getMessage());
            assertTrue(sink.files() < files, "stopped before the end: " + sink.files());
            assertEquals(listing(dst).size() + 1, sink.created().size());
            assertTrue(sink.created().removeAll().complete());
        }
        assertFalse(Files.exists(dst));
    }

    /**
     * The sender's case: the walk's threads read files ahead into one archive stream, which replays into the same
     * tree; a receiver's sink fails on an entry whose directory has not come yet, so this also checks the order.
     */
    @Test
    void intoASharedArchiveEveryEntryArrivesOnceAfterItsDirectory() throws IOException {
        Files.write(src.resolve("top3/big"), new byte[SharedArchiveWriter.READ_AHEAD * 3 + 7]); // streamed under the lock
        Files.createFile(src.resolve("top2/empty"));
        files += 2;
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        AtomicLong sent = new AtomicLong();
        TreeArchive.Writer writer = new TreeArchive.Writer(Channels.newChannel(stream), false, sent::addAndGet);
        ParallelTreeWalk walk = new ParallelTreeWalk(src, new SharedArchiveWriter(writer), 4);
        walk.run(() -> false);
        writer.end();
        assertEquals(files, writer.files());
        assertEquals(dirs, writer.dirs());
        assertEquals(sizes(src), sent.get());
        try (TreeSink sink = new TreeSink(dst, n -> { }, 1)) {
            TreeArchive.Reader reader = new TreeArchive.Reader(Channels.newChannel(new ByteArrayInputStream(stream.toByteArray())));
            sink.start(reader.header());
            reader.replay(sink, 100_000);
            assertEquals(files, sink.files());
        }
        assertCopiedAllButTheLink();
    }

    @Test
    void oneThreadCopiesTheSameTree() throws IOException {
        try (TreeSink sink = new TreeSink(dst, n -> { }, 1)) {
            sink.start(false);
            new ParallelTreeWalk(src, sink, 1).run(() -> false);
            sink.finish();
            assertEquals(files, sink.files());
        }
        assertEquals(listing(src).size() - 1, listing(dst).size(), "all but the link");
    }

    /** The destination lists what the source does but the link, and every file's bytes are the source's. */
    private void assertCopiedAllButTheLink() throws IOException {
        List<String> expected = listing(src);
        expected.remove("top0/link");
        assertEquals(expected, listing(dst));
        try (Stream<Path> all = Files.walk(src)) {
            for (Path p : all.filter(Files::isRegularFile).collect(Collectors.toList())) {
                assertArrayEquals(Files.readAllBytes(p), Files.readAllBytes(dst.resolve(src.relativize(p))), p.toString());
            }
        }
    }

    /** Relative paths below {@code root}, sorted, links included. */
    private static List<String> listing(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> !p.equals(root)).map(p -> root.relativize(p).toString()).sorted().collect(Collectors.toList());
        }
    }

    private static long sizes(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}

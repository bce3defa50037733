package benchsh.peer.fs;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Walks a source tree (or a single file) without following links and hands its directories and
 * regular files to a {@link TreeVisitor}. Symbolic links, devices, sockets and FIFOs are skipped and
 * counted, never copied. Not thread-safe.
 */
final class TreeSource {
    private final Path root;
    private long skipped;

    TreeSource(Path root) throws IOException {
        SafePaths.refuseSpecial(root);
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("no such file or directory: " + root);
        }
        this.root = root;
    }

    /** Entries that were neither directories nor regular files (links, devices, ...). */
    long skipped() {
        return skipped;
    }

    /** True when the source is one regular file rather than a directory. */
    boolean isFile() {
        return Files.isRegularFile(root, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Hands every entry to {@code visitor}, depth first, each directory before what it holds. One lstat
     * (statx) per entry: the attributes are read as POSIX ones once; {@link Files#walkFileTree} would read
     * basic ones, which on Linux are not POSIX ones, so a second lstat per entry would follow.
     */
    void walk(TreeVisitor visitor, BooleanSupplier cancelled) throws IOException {
        if (isFile()) {
            visitor.file("", Files.readAttributes(root, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS), root);
            return;
        }
        Deque<DirectoryStream<Path>> streams = new ArrayDeque<>();
        Deque<Iterator<Path>> entries = new ArrayDeque<>();
        try {
            enter(root, streams, entries);
            while (!entries.isEmpty()) {
                Path p = next(entries.peek());
                if (p == null) {
                    entries.pop();
                    streams.pop().close();
                    continue;
                }
                if (cancelled.getAsBoolean()) {
                    throw new IOException("cancelled");
                }
                PosixFileAttributes a = Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isDirectory()) {
                    visitor.dir(name(p), mode(a.permissions()), a.lastModifiedTime().toMillis());
                    enter(p, streams, entries);
                } else if (a.isRegularFile()) {
                    visitor.file(name(p), a, p);
                } else {
                    skipped++;
                }
            }
        } finally {
            for (DirectoryStream<Path> d : streams) {
                d.close();
            }
        }
    }

    private static void enter(Path dir, Deque<DirectoryStream<Path>> streams, Deque<Iterator<Path>> entries) throws IOException {
        DirectoryStream<Path> d = Files.newDirectoryStream(dir);
        streams.push(d);
        entries.push(d.iterator());
    }

    /** The next entry of a directory, or null at its end; a read error is the IOException it wraps. */
    private static Path next(Iterator<Path> it) throws IOException {
        try {
            return it.hasNext() ? it.next() : null;
        } catch (DirectoryIteratorException e) {
            throw e.getCause();
        }
    }

    private String name(Path p) {
        String s = root.relativize(p).toString();
        return p.getFileSystem().getSeparator().equals("/") ? s : s.replace(p.getFileSystem().getSeparator(), "/");
    }

    /** Permission bits (rwxrwxrwx) of a permission set. */
    static int mode(Set<PosixFilePermission> perms) {
        int m = 0;
        for (PosixFilePermission p : perms) {
            m |= 1 << (8 - p.ordinal());
        }
        return m;
    }

    /** The permission set of permission bits. */
    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> s = java.util.EnumSet.noneOf(PosixFilePermission.class);
        for (PosixFilePermission p : PosixFilePermission.values()) {
            if ((mode & (1 << (8 - p.ordinal()))) != 0) {
                s.add(p);
            }
        }
        return s;
    }
}

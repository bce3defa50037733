package benchsh.peer.fs;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
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

    void walk(TreeVisitor visitor, BooleanSupplier cancelled) throws IOException {
        if (isFile()) {
            visitor.file("", Files.readAttributes(root, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS), root);
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (cancelled.getAsBoolean()) {
                    throw new IOException("cancelled");
                }
                if (!dir.equals(root)) {
                    PosixFileAttributes a = posix(dir, attrs);
                    visitor.dir(name(dir), mode(a.permissions()), a.lastModifiedTime().toMillis());
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (!attrs.isRegularFile()) {
                    skipped++;
                    return FileVisitResult.CONTINUE;
                }
                if (cancelled.getAsBoolean()) {
                    throw new IOException("cancelled");
                }
                visitor.file(name(file), posix(file, attrs), file);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** The walk's attributes are POSIX ones on Unix; reads them again only elsewhere. */
    private static PosixFileAttributes posix(Path p, BasicFileAttributes attrs) throws IOException {
        return attrs instanceof PosixFileAttributes a ? a : Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
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

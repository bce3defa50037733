package benchsh.peer.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The safety rules of every file workload: refuse symlinks and devices, accept only new targets,
 * keep received names inside the destination. What a run may remove is what its
 * {@link CreatedEntries} recorded. Stateless.
 */
public final class SafePaths {
    /** The longest relative name accepted in a received tree, in bytes. */
    public static final int MAX_NAME_BYTES = 4096;

    private SafePaths() {
    }

    /** An absolute, normalized path from the spec; relative paths are refused. */
    public static Path absolute(String path) throws IOException {
        Path p = Path.of(path);
        if (!p.isAbsolute()) {
            throw new IOException("'" + path + "' is not an absolute path");
        }
        return p.normalize();
    }

    /**
     * A spec record's path: absolute and free of NUL, else an IllegalArgumentException (the spec is malformed).
     * Returns it normalized.
     */
    public static Path specPath(String field, String path) {
        if (path == null) {
            throw new IllegalArgumentException(field + " is missing");
        }
        Path p;
        try {
            p = Path.of(path);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException(field + " '" + path + "' is not a path: " + e.getReason());
        }
        if (!p.isAbsolute()) {
            throw new IllegalArgumentException("'" + path + "' is not an absolute path");
        }
        return p.normalize();
    }

    /**
     * {@code options} plus {@link LinkOption#NOFOLLOW_LINKS} where the file system supports it (the
     * local one). Elsewhere (SFTP) links were refused by the lstat of the walk, and CREATE_NEW fails on
     * an existing link anyway.
     */
    public static java.util.Set<java.nio.file.OpenOption> open(Path p, java.nio.file.OpenOption... options) {
        java.util.Set<java.nio.file.OpenOption> s = new java.util.HashSet<>(java.util.Arrays.asList(options));
        if (p.getFileSystem() == java.nio.file.FileSystems.getDefault()) {
            s.add(LinkOption.NOFOLLOW_LINKS);
        }
        return s;
    }

    /** {@link LinkOption#NOFOLLOW_LINKS} on the local file system; nothing elsewhere (SFTP), where the walk's lstat refused links. */
    public static LinkOption[] noFollow(Path p) {
        return p.getFileSystem() == java.nio.file.FileSystems.getDefault() ? new LinkOption[] {LinkOption.NOFOLLOW_LINKS} : new LinkOption[0];
    }

    /** Refuses {@code p} if it is a symbolic link or anything but a regular file or directory. */
    public static void refuseSpecial(Path p) throws IOException {
        if (Files.isSymbolicLink(p)) {
            throw new RefusedException("refused: " + p + " is a symbolic link; benchsh never writes through, overwrites or removes links");
        }
        if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            throw new RefusedException("refused: " + p + " is a device or special file; benchsh never writes to or removes it");
        }
    }

    /**
     * Checks that {@code p} does not exist yet and that its parent is a directory, so a test with a bad
     * target fails when it is opened. It proves nothing later: the run's exclusive create
     * ({@link CreatedEntries}) is what makes a path the run's.
     */
    public static void requireNew(Path p) throws IOException {
        refuseSpecial(p);
        if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            throw new RefusedException(p + " already exists; benchsh only writes new files and directories (it removes only what it created): "
                    + "choose a new path or remove it");
        }
        Path parent = p.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IOException("directory " + parent + " does not exist; create it first");
        }
    }

    /**
     * Resolves a name received in a tree archive under {@code root}. Rejects empty, absolute and
     * {@code ..}/{@code .} components, backslashes and NUL: a hostile sender cannot reach outside.
     */
    public static Path entry(Path root, String name) throws IOException {
        if (name.isEmpty() || name.startsWith("/") || name.indexOf('\0') >= 0 || name.indexOf('\\') >= 0) {
            throw new RefusedException("rejected entry name '" + printable(name) + "': absolute, empty or with NUL/backslash");
        }
        for (String part : name.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                throw new RefusedException("rejected entry name '" + printable(name) + "': '" + part + "' components are not allowed");
            }
        }
        Path p = root.resolve(name).normalize();
        if (!p.startsWith(root) || p.equals(root)) {
            throw new RefusedException("rejected entry name '" + printable(name) + "': outside the destination");
        }
        return p;
    }

    private static String printable(String s) {
        String t = s.length() > 200 ? s.substring(0, 200) + "..." : s;
        return t.replaceAll("[\\p{Cntrl}]", "?");
    }
}

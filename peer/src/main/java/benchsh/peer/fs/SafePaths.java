package benchsh.peer.fs;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/**
 * The safety rules of every file workload: refuse symlinks and devices, accept only new targets,
 * keep received names inside the destination. What a run may remove is what its
 * {@link CreatedEntries} recorded. A path that is written or removed goes through no link at all: not
 * its last component, and not any directory above it, from the root down ({@link #refuseLinkedParents}).
 * Stateless.
 */
public final class SafePaths {
    /** The longest relative name accepted in a received tree, in bytes. */
    public static final int MAX_NAME_BYTES = 4096;

    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ);
    private static final Set<OpenOption> READ_NO_FOLLOW = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    private static final LinkOption[] NO_FOLLOW = {LinkOption.NOFOLLOW_LINKS};
    private static final LinkOption[] FOLLOW = {};

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
     * The options to open {@code p} for reading: with {@link LinkOption#NOFOLLOW_LINKS} where the file system
     * supports it (the local one). Elsewhere (SFTP) links were refused by the lstat of the walk.
     */
    public static Set<OpenOption> read(Path p) {
        return local(p) ? READ_NO_FOLLOW : READ;
    }

    /** {@link LinkOption#NOFOLLOW_LINKS} on the local file system; nothing elsewhere (SFTP), where the walk's lstat refused links. */
    public static LinkOption[] noFollow(Path p) {
        return (local(p) ? NO_FOLLOW : FOLLOW).clone();
    }

    /** Whether {@code p} is on this JVM's own file system (not, say, an SFTP server's). */
    static boolean local(Path p) {
        return p.getFileSystem() == FileSystems.getDefault();
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

    /** {@link #refuseLinkedParents}, then {@link #refuseSpecial}: a path to write or remove, checked in every component. */
    public static void refuseLinks(Path p) throws IOException {
        refuseLinkedParents(p);
        refuseSpecial(p);
    }

    /**
     * Refuses {@code p} (absolute) when a directory above it is a symbolic link: each component from the root
     * down is read with lstat, {@code /tmp} as much as one the user made. A missing component ends the check
     * (the create then fails on it).
     */
    public static void refuseLinkedParents(Path p) throws IOException {
        Path link = linkedParent(p);
        if (link != null) {
            throw linkedParent(p, link);
        }
    }

    /** The first directory above {@code p}, from the root down, that is a symbolic link; null when none is, up to the first missing one. */
    public static Path linkedParent(Path p) throws IOException {
        Path parent = p.getParent();
        if (parent == null) {
            return null;
        }
        Path at = parent.getRoot();
        for (Path name : parent) {
            at = at == null ? name : at.resolve(name);
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(at, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return null;
            }
            if (a.isSymbolicLink()) {
                return at;
            }
        }
        return null;
    }

    /** The refusal of {@code p}, below the symbolic link {@code link}: names the link, where it points and where {@code p} would land. */
    public static RefusedException linkedParent(Path p, Path link) {
        String to = "";
        String lands = "";
        try {
            to = " (to " + Files.readSymbolicLink(link) + ")";
            lands = "; the path leads to " + link.toRealPath().resolve(link.relativize(p));
        } catch (IOException | RuntimeException e) {
            // a dangling or unreadable link: named without its target
        }
        return new RefusedException("refused: " + p + ": " + link + " is a symbolic link" + to
                + "; benchsh never writes or removes through a link in any directory of the path: give the path without links" + lands);
    }

    /**
     * Checks that {@code p} does not exist yet, that no component of it is a link and that its parent is a
     * directory, so a test with a bad target fails when it is opened. It proves nothing later: the run's
     * exclusive create ({@link CreatedEntries}) is what makes a path the run's.
     */
    public static void requireNew(Path p) throws IOException {
        refuseLinks(p);
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
     * Resolves a name received in a tree archive under {@code root} once {@link #checkName} accepted it:
     * a hostile sender cannot reach outside.
     */
    public static Path entry(Path root, String name) throws IOException {
        checkName(name);
        return root.resolve(name);
    }

    /**
     * Rejects empty, absolute and {@code ..}/{@code .}/empty components, backslashes and NUL, in one pass
     * over the name (every received entry passes here). What it accepts resolves inside any directory.
     */
    public static void checkName(String name) throws IOException {
        checkName(name, false);
    }

    /**
     * {@link #checkName(String)}, with backslashes accepted when {@code backslashIsOrdinary}: on a POSIX file
     * system (this JVM's own, see {@link #backslashIsOrdinary}) a backslash is a character like any other, and
     * names hold it (systemd's escapes: {@code dev-disk-by\x2dlabel-swap.swap}). Elsewhere, such as on an SFTP
     * server that may run Windows, it could separate components, so it is refused.
     */
    public static void checkName(String name, boolean backslashIsOrdinary) throws IOException {
        int n = name.length();
        if (n == 0 || name.charAt(0) == '/') {
            throw rejected(name, "absolute or empty");
        }
        int start = 0;
        for (int i = 0; i <= n; i++) {
            char c = i < n ? name.charAt(i) : '/';
            if (c == '\0' || c == '\\' && !backslashIsOrdinary) {
                throw rejected(name, c == '\0' ? "it holds a NUL" : "it holds a backslash, which this destination may take for a separator");
            }
            if (c == '/') {
                int length = i - start;
                if (length == 0 || name.charAt(start) == '.' && (length == 1 || length == 2 && name.charAt(start + 1) == '.')) {
                    throw rejected(name, "'" + name.substring(start, i) + "' components are not allowed");
                }
                start = i + 1;
            }
        }
    }

    /** Whether names under {@code root} may hold backslashes: on this JVM's own file system, when it is POSIX. */
    public static boolean backslashIsOrdinary(Path root) {
        return local(root) && java.io.File.separatorChar == '/';
    }

    private static RefusedException rejected(String name, String why) {
        return new RefusedException("rejected entry name '" + printable(name) + "': " + why);
    }

    private static String printable(String s) {
        String t = s.length() > 200 ? s.substring(0, 200) + "..." : s;
        return t.replaceAll("[\\p{Cntrl}]", "?");
    }
}

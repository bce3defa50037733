package benchsh.shell.result.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * sqlite-jdbc's native library as one file per content in the cache directory
 * ({@code sqlite/libsqlitejdbc-<first 16 hex digits of its SHA-256>.so}), written once and loaded in
 * place by every shell ({@code org.sqlite.lib.path}, {@code org.sqlite.lib.name}). Left alone,
 * sqlite-jdbc extracts a copy per process under a random name ({@code sqlite-VERSION-UUID-libsqlitejdbc.so}
 * and its {@code .lck}) and removes it only when the JVM exits normally, so every killed shell left
 * 1.1 MB behind. {@link #sweep} removes such leftovers: only in this directory, only regular files of
 * this user that match those names and have not been touched for {@link #STALE} (a live process has long
 * loaded its copy by then, and an unlinked library stays mapped). Thread-safe (static, synchronized).
 */
final class SqliteLibrary {
    /** How old a leftover must be before it is removed: far longer than any load takes. */
    static final Duration STALE = Duration.ofMinutes(1);
    /** sqlite-jdbc's extraction: {@code sqlite-<version>-<uuid>-<library>} and {@code <that>.lck}. */
    private static final Pattern EXTRACTED = Pattern.compile("sqlite-[0-9.]+-\\p{XDigit}{8}(-\\p{XDigit}{4}){3}-\\p{XDigit}{12}-libsqlitejdbc\\.\\w+(\\.lck)?");
    /** Ours: {@code libsqlitejdbc-<hash>.<ext>}, and a temp file of a write that was killed. */
    private static final Pattern SHARED = Pattern.compile("libsqlitejdbc-\\p{XDigit}{16}\\.\\w+(\\.\\d+\\.tmp)?");

    private static boolean installed;

    private SqliteLibrary() {
    }

    /**
     * Points sqlite-jdbc at the shared copy in {@code dir} (written first if missing or not the same
     * bytes) and sweeps leftovers there, once per JVM. When the user set {@code org.sqlite.lib.path},
     * the driver has no library for this platform in its jar, or the copy cannot be made (a read-only
     * cache, say), sqlite-jdbc is left to find or extract its own, as it does by default.
     */
    static synchronized void install(Path dir) {
        if (installed) {
            return;
        }
        installed = true;
        if (System.getProperty("org.sqlite.lib.path") != null) {
            return;
        }
        try {
            byte[] library = bundled();
            if (library == null) {
                return;
            }
            Files.createDirectories(dir);
            if (System.getProperty("org.sqlite.tmpdir") == null) {
                System.setProperty("org.sqlite.tmpdir", dir.toString()); // should the copy not load, its fallback goes here, to be swept
            }
            String name = copy(dir, library);
            System.setProperty("org.sqlite.lib.name", name);
            System.setProperty("org.sqlite.lib.path", dir.toString());
            sweep(dir, name);
        } catch (IOException e) {
            // no shared copy: sqlite-jdbc extracts one of its own
        }
    }

    /** The library sqlite-jdbc carries for this OS and CPU, or null when it has none. */
    private static byte[] bundled() throws IOException {
        String resource = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + LibraryLoaderUtil.getNativeLibName();
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        }
    }

    /**
     * The file name of {@code library}'s copy in {@code dir}, after making sure it holds exactly these
     * bytes: an existing regular file with them is kept (and touched, so {@link #sweep} sees it in use),
     * anything else is replaced by a complete new file moved into place at once, so a shell never loads
     * a half-written one.
     */
    static String copy(Path dir, byte[] library) throws IOException {
        String name = LibraryLoaderUtil.getNativeLibName();
        int dot = name.lastIndexOf('.');
        String shared = name.substring(0, dot) + "-" + HexFormat.of().formatHex(sha256(library), 0, 8) + name.substring(dot);
        Path target = dir.resolve(shared);
        if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && Arrays.equals(Files.readAllBytes(target), library)) {
            Files.setLastModifiedTime(target, FileTime.from(Instant.now()));
            return shared;
        }
        Path temp;
        try {
            temp = Files.createTempFile(dir, shared + ".", ".tmp", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            temp = Files.createTempFile(dir, shared + ".", ".tmp"); // no POSIX permissions here
        }
        try {
            Files.write(temp, library);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING); // a rename within the directory
        } finally {
            Files.deleteIfExists(temp);
        }
        return shared;
    }

    /**
     * Removes from {@code dir} the per-process copies sqlite-jdbc extracted (with their {@code .lck}),
     * other versions' shared copies and temp files of a killed write: regular files of this user,
     * untouched for {@link #STALE}. {@code current} (the copy in use) stays. Best effort: a file that
     * cannot be read or removed is left.
     *
     * @return how many files were removed
     */
    static int sweep(Path dir, String current) {
        UserPrincipal me;
        try {
            me = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return 0; // cannot tell whose a file is: remove nothing
        }
        Instant before = Instant.now().minus(STALE);
        int removed = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                String n = f.getFileName().toString();
                if (n.equals(current) || !EXTRACTED.matcher(n).matches() && !SHARED.matcher(n).matches()) {
                    continue;
                }
                try {
                    if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) && me.equals(Files.getOwner(f, LinkOption.NOFOLLOW_LINKS))
                            && Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(before)) {
                        Files.delete(f);
                        removed++;
                    }
                } catch (IOException e) {
                    // gone already, or not ours to remove
                }
            }
        } catch (IOException e) {
            // an unreadable directory: nothing to sweep
        }
        return removed;
    }

    private static byte[] sha256(byte[] b) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(b);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}

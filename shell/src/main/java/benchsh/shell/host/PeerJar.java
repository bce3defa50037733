package benchsh.shell.host;

import benchsh.shell.config.Dirs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The peer jar that travels inside the shell jar. It is extracted once to
 * {@code ~/.cache/benchsh/peer-<sha256>.jar}, the same name it gets on remote hosts, so a changed
 * peer never reuses a stale copy. Several benchsh builds may share the cache (a release and a checkout):
 * each marks its jar as used, and only jars unused for {@link #UNUSED} are swept. Thread-safe.
 */
public final class PeerJar {
    private static final String RESOURCE = "benchsh-peer.jar";
    /** A cached jar of another build is removed once it has not been used for this long. */
    static final java.time.Duration UNUSED = java.time.Duration.ofDays(7);
    private static Path extracted;
    private static String sha256;
    private static Boolean nativePaths;

    private PeerJar() {
    }

    public static synchronized String sha256() {
        if (sha256 == null) {
            try (InputStream in = open()) {
                sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
        return sha256;
    }

    /**
     * Whether the jar has the native paths: classes in {@code META-INF/versions/22}, which a JDK 22+ compiled when
     * the build found one (on Java 22+ they replace the NIO-only classes).
     */
    public static synchronized boolean hasNativePaths() {
        if (nativePaths == null) {
            try (java.util.zip.ZipInputStream zip = new java.util.zip.ZipInputStream(open())) {
                boolean found = false;
                for (java.util.zip.ZipEntry e; !found && (e = zip.getNextEntry()) != null; ) {
                    found = e.getName().startsWith("META-INF/versions/22/") && e.getName().endsWith(".class");
                }
                nativePaths = found;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return nativePaths;
    }

    /** The file name on every host. */
    public static String fileName() {
        return "peer-" + sha256() + ".jar";
    }

    /** The jar on this machine, extracted if needed. */
    public static synchronized Path local() throws IOException {
        if (extracted != null && Files.exists(extracted)) {
            return extracted;
        }
        extracted = extract(Dirs.current().cache());
        return extracted;
    }

    /** Extracts the jar into {@code dir} unless it is there, marks it used, and sweeps unused jars of other builds. */
    static Path extract(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path target = dir.resolve(fileName());
        if (!Files.exists(target)) {
            Path tmp = Files.createTempFile(dir, "peer-", ".tmp");
            try (InputStream in = open()) {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        Files.setLastModifiedTime(target, java.nio.file.attribute.FileTime.from(java.time.Instant.now()));
        removeUnused(dir, target);
        return target;
    }

    /**
     * Peer jars of other builds not used for {@link #UNUSED}: another build still running right now
     * keeps its jar (it marked it when it started), and one that needs it later extracts it again.
     */
    private static void removeUnused(Path dir, Path current) {
        java.time.Instant cutoff = java.time.Instant.now().minus(UNUSED);
        try (var jars = Files.newDirectoryStream(dir, "peer-*.jar")) {
            for (Path jar : jars) {
                if (!jar.equals(current) && Files.isRegularFile(jar, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        && Files.getLastModifiedTime(jar, java.nio.file.LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(cutoff)) {
                    Files.deleteIfExists(jar);
                }
            }
        } catch (IOException e) {
            // a stale cache costs only disk space
        }
    }

    public static InputStream open() throws IOException {
        InputStream in = PeerJar.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IOException("benchsh-peer.jar is missing from the shell's class path; rebuild with 'mvn -B package'");
        }
        return in;
    }
}

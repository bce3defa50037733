package benchsh.shell.host;

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
 * peer never reuses a stale copy. Thread-safe.
 */
public final class PeerJar {
    private static final String RESOURCE = "benchsh-peer.jar";
    private static Path extracted;
    private static String sha256;

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

    /** The file name on every host. */
    public static String fileName() {
        return "peer-" + sha256() + ".jar";
    }

    /** The jar on this machine, extracted if needed. */
    public static synchronized Path local() throws IOException {
        if (extracted != null && Files.exists(extracted)) {
            return extracted;
        }
        Path dir = Path.of(System.getProperty("user.home"), ".cache", "benchsh");
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
        extracted = target;
        removeOtherVersions(dir, target);
        return target;
    }

    /**
     * Older peer jars this machine extracted for earlier builds: a shell that still needs one
     * extracts it again, and a running peer keeps its open file.
     */
    private static void removeOtherVersions(Path dir, Path current) {
        try (var jars = Files.newDirectoryStream(dir, "peer-*.jar")) {
            for (Path jar : jars) {
                if (!jar.equals(current) && Files.isRegularFile(jar, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
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

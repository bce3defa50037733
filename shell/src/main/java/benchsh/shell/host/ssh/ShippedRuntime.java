package benchsh.shell.host.ssh;

import benchsh.shell.config.Dirs;
import benchsh.shell.host.NativeJava;
import benchsh.shell.host.PeerJar;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The peer runtime a release ships beside the shell's jar, in {@value #DIR}/ (the tarball's {@code lib/}, the
 * .deb's {@code lib/app/}): {@code runtime.tar.gz}, the runtime {@link RuntimeImage} linked from the JDK 22+ that
 * built the release, and {@code runtime.properties} (its SHA-256, tree digest, modules, platform, Java version and
 * the SHA-256 of the peer jar it was made for), so that a shell without a JDK deploys it to hosts and runs its
 * local peer on it. Only a runtime made for this shell's peer jar is used. {@link #main} writes one (the dist
 * build). Immutable.
 *
 * @param built the archive and what is recorded about it
 * @param platform what it runs on
 * @param javaVersion its Java version ({@code 25.0.3})
 */
public record ShippedRuntime(RuntimeImage.Built built, Platform platform, String javaVersion) {
    /** The directory beside the shell's jar. */
    public static final String DIR = "peer-runtime";
    static final String ARCHIVE = "runtime.tar.gz";
    static final String PROPERTIES = "runtime.properties";
    private static final long UNPACK_SECONDS = 120;

    /** The runtime shipped beside this shell's jar for its peer jar, or null when there is none. */
    public static ShippedRuntime find() {
        try {
            Path jar = Path.of(ShippedRuntime.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return read(jar.resolveSibling(DIR), PeerJar.sha256());
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** The runtime in {@code dir} if it is there and was made for the peer jar with this SHA-256; else null. */
    static ShippedRuntime read(Path dir, String peerSha256) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve(PROPERTIES), StandardCharsets.UTF_8)) {
            p.load(in);
            Path file = dir.resolve(ARCHIVE);
            if (!peerSha256.equals(p.getProperty("peer_sha256")) || !Files.isRegularFile(file)) {
                return null;
            }
            RuntimeImage.Built b = new RuntimeImage.Built(file, Files.size(file), p.getProperty("sha256"), p.getProperty("tree_digest"),
                    List.of(p.getProperty("modules").split(",")));
            return new ShippedRuntime(b, new Platform(p.getProperty("os"), p.getProperty("arch"), p.getProperty("libc"), ""),
                    p.getProperty("java"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The archive, once its SHA-256 is the one recorded for it. */
    RuntimeImage.Built verified() throws IOException {
        String sha = RuntimeImage.sha256(built.file());
        if (!sha.equals(built.sha256())) {
            throw new IOException("the runtime shipped in " + built.file() + " has SHA-256 " + sha + ", not " + built.sha256()
                    + " as " + PROPERTIES + " says; reinstall benchsh");
        }
        return built;
    }

    /**
     * The runtime unpacked on this machine, for the local peer: {@code runtime/local-<tree digest>} in the cache
     * directory, unpacked by {@code tar} into a private directory and renamed into place once its tree digest is
     * the recorded one (an unpacked copy that no longer matches is replaced). Returns its {@code bin/java}.
     */
    public Path localJava() throws IOException, InterruptedException {
        return localJava(Dirs.current().cache().resolve("runtime"));
    }

    /** {@link #localJava()}, unpacked in {@code cache}. */
    Path localJava(Path cache) throws IOException, InterruptedException {
        Path dest = cache.resolve("local-" + built.treeDigest());
        if (Files.isDirectory(dest) && built.treeDigest().equals(RuntimeArchive.treeDigest(dest))) {
            return dest.resolve("bin/java");
        }
        verified();
        Files.createDirectories(cache);
        Path work = Files.createTempDirectory(cache, ".local-unpack-");
        try {
            Process tar = new ProcessBuilder("tar", "-x", "-z", "-o", "-f", built.file().toString(), "-C", work.toString())
                    .redirectErrorStream(true).start();
            String said = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!tar.waitFor(UNPACK_SECONDS, TimeUnit.SECONDS) || tar.exitValue() != 0) {
                tar.destroyForcibly();
                throw new IOException("tar could not unpack " + built.file() + " into " + work + ": " + said);
            }
            if (!built.treeDigest().equals(RuntimeArchive.treeDigest(work))) {
                throw new IOException("the runtime unpacked from " + built.file() + " is not the one recorded; reinstall benchsh");
            }
            if (Files.exists(dest)) {
                RuntimeArchive.removeTree(dest);
            }
            Files.move(work, dest, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            if (Files.exists(work)) {
                RuntimeArchive.removeTree(work);
            }
        }
        return dest.resolve("bin/java");
    }

    /**
     * Writes the peer runtime of this build into the directory {@code args[0]}: linked from the JDK this runs on,
     * which must be 22 or newer (the dist module runs it with the JDK that built the peer's native part).
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: ShippedRuntime OUTPUT_DIRECTORY");
        }
        Path home = Path.of(System.getProperty("java.home"));
        if (!PeerJar.hasNativePaths()) {
            throw new IllegalStateException("the peer jar in this shell has no native paths (META-INF/versions/22): a release is built "
                    + "where a JDK 22+ is installed (scripts/find-jdk22 finds it)");
        }
        if (NativeJava.of(home).isEmpty()) {
            throw new IllegalStateException(home + " is Java " + Runtime.version().feature() + ": the shipped runtime is linked from a JDK "
                    + NativeJava.REQUIRED + "+");
        }
        RuntimeImage image = new RuntimeImage(home, Dirs.current().cache().resolve("runtime"));
        if (image.unavailable() != null) {
            throw new IllegalStateException(image.unavailable());
        }
        RuntimeImage.Built b = image.build();
        Path out = Files.createDirectories(Path.of(args[0]));
        Files.copy(b.file(), out.resolve(ARCHIVE), StandardCopyOption.REPLACE_EXISTING);
        Properties p = new Properties();
        p.setProperty("sha256", b.sha256());
        p.setProperty("tree_digest", b.treeDigest());
        p.setProperty("modules", String.join(",", b.modules()));
        p.setProperty("os", image.platform().os());
        p.setProperty("arch", image.platform().arch());
        p.setProperty("libc", image.platform().libc());
        p.setProperty("java", image.javaVersion());
        p.setProperty("peer_sha256", PeerJar.sha256());
        try (Writer w = Files.newBufferedWriter(out.resolve(PROPERTIES), StandardCharsets.UTF_8)) {
            p.store(w, "benchsh's peer runtime (ShippedRuntime)");
        }
        System.out.println(out.resolve(ARCHIVE) + " (" + b.bytes() / 1_000_000 + " MB, Java " + image.javaVersion() + ", "
                + image.platform().describe(image.platform()) + ")");
    }
}

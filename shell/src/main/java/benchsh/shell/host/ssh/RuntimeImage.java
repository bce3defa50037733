package benchsh.shell.host.ssh;

import benchsh.shell.config.Dirs;
import benchsh.shell.host.NativeJava;
import benchsh.shell.host.PeerJar;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * benchsh's own Java runtime for the peers, so that every host runs the same VM with the native paths: a
 * minimal runtime {@code jlink}ed from a JDK 22 or newer ({@link NativeJava}: the one that built the peer's
 * native part, found by the same rule) with just the modules the peer needs ({@code jdeps} over the peer jar,
 * plus {@link #PEER_EXTRAS}), packed as a .tar.gz ({@link RuntimeArchive}); or, in a release, the one it ships
 * ({@link ShippedRuntime}), which needs no JDK here. Built on first use and cached in the cache directory
 * ({@code ~/.cache/benchsh/runtime}) as {@code runtime-<key>.tar.gz}, the key a hash of the JDK's version, the
 * modules, the platform and the jlink options, next to a {@code .sums} file with its SHA-256 and tree digest;
 * the peer's module list is cached per peer jar hash and JDK ({@code modules-<sha256>-<feature>.txt}). A lock
 * file keeps two shells from building at once. Every tool run is bounded by {@link #TOOL_TIMEOUT}. Thread-safe.
 */
public final class RuntimeImage {
    /**
     * What jlink leaves out: debug attributes, man pages, C headers; resources zip-compressed ({@code zip-6} is
     * Java 21's name of Java 17's {@code 2}).
     */
    static final List<String> JLINK_OPTIONS = List.of("--strip-debug", "--no-man-pages", "--no-header-files", "--compress=zip-6");
    /** Modules the peer uses by name, which jdeps cannot see: {@code sun.misc.Signal} is looked up by reflection. */
    static final List<String> PEER_EXTRAS = List.of("jdk.unsupported");
    static final Duration TOOL_TIMEOUT = Duration.ofMinutes(3);
    private static RuntimeImage forPeers;

    private final Path javaHome;
    private final Path cache;
    private final Platform platform;
    private final ShippedRuntime shipped;
    private List<String> modules;
    private Built built;

    /**
     * A packed runtime on this machine.
     *
     * @param file the .tar.gz
     * @param bytes its size
     * @param sha256 its SHA-256, hex
     * @param treeDigest the digest of the unpacked tree ({@link RuntimeArchive}), hex
     * @param modules the modules in it
     */
    public record Built(Path file, long bytes, String sha256, String treeDigest, List<String> modules) {
    }

    /**
     * How big the upload is: exact once built, else estimated from the sizes of the modules' jmod files.
     *
     * @param bytes the size in bytes
     * @param exact whether it is the built file's size
     */
    public record Size(long bytes, boolean exact) {
        /** {@code 19.5 MB} or {@code ≈23 MB}. */
        public String text() {
            return exact ? String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1e6) : "≈" + Math.round(bytes / 1e6) + " MB";
        }
    }

    /**
     * @param javaHome the JDK to link from, or null when there is none here
     * @param cache the directory to keep runtimes and module lists in
     * @param shipped the runtime a release ships, or null: used instead of linking one
     */
    RuntimeImage(Path javaHome, Path cache, ShippedRuntime shipped) {
        this.javaHome = javaHome;
        this.cache = cache;
        this.shipped = shipped;
        this.platform = shipped != null ? shipped.platform() : javaHome == null ? Platform.ofThisJava() : Platform.ofJava(javaHome);
    }

    RuntimeImage(Path javaHome, Path cache) {
        this(javaHome, cache, null);
    }

    /**
     * The peers' runtime of this shell: the one its release ships, else linked from the first JDK 22+ with jlink
     * ({@link NativeJava#candidates()}), cached in the cache directory's {@code runtime/} ({@link Dirs}).
     */
    public static synchronized RuntimeImage forPeers() {
        if (forPeers == null) {
            ShippedRuntime shipped = ShippedRuntime.find();
            Path jdk = NativeJava.candidates().stream().filter(NativeJava::isJdk).map(NativeJava::home).findFirst().orElse(null);
            forPeers = new RuntimeImage(jdk, Dirs.current().cache().resolve("runtime"), shipped);
        }
        return forPeers;
    }

    /**
     * Makes {@code image} the peers' runtime of this shell from now on (a test's JDK whose jlink fails); null goes back
     * to finding it by the rule of {@link #forPeers()}.
     *
     * @return the one used before, or null
     */
    static synchronized RuntimeImage replaceForPeers(RuntimeImage image) {
        RuntimeImage before = forPeers;
        forPeers = image;
        return before;
    }

    /** The platform a runtime built here runs on. */
    public Platform platform() {
        return platform;
    }

    /** The Java version of the runtime ({@code 25.0.3}), or null when there is none. */
    public String javaVersion() {
        return shipped != null ? shipped.javaVersion() : javaHome == null ? null : NativeJava.version(javaHome);
    }

    /** Why no runtime can be had here, or null when it can. */
    public String unavailable() {
        if (shipped != null) {
            return null;
        }
        if (javaHome == null) {
            return "there is no JDK " + NativeJava.REQUIRED + "+ here to link benchsh's peer runtime from; install one ("
                    + NativeJava.HOW_TO_GET + ") or set BENCHSH_JDK22 to its home";
        }
        if (!Files.isExecutable(tool("jlink")) || !Files.isExecutable(tool("jdeps"))) {
            return javaHome + " has no jlink and jdeps: it is a JRE or a bundled runtime, and a runtime can only be linked from a "
                    + "JDK; install a JDK " + NativeJava.REQUIRED + "+ or set BENCHSH_JDK22 to one";
        }
        if (!Files.isDirectory(javaHome.resolve("jmods")) && feature() < 24) {
            return "the JDK " + javaHome + " has no jmods directory, which jlink needs on Java " + feature() + "; install its jmods "
                    + "(e.g. openjdk-" + feature() + "-jmods where Debian splits them out) or use a JDK that has them";
        }
        return null;
    }

    /** The feature version of the JDK linked from. */
    private int feature() {
        Integer f = NativeJava.featureOf(NativeJava.version(javaHome));
        return f == null ? Runtime.version().feature() : f;
    }

    /** The size of the upload: exact when the runtime is built, else estimated (needs the module list: runs jdeps once per peer). */
    public synchronized Size size() throws IOException, InterruptedException {
        if (shipped != null) {
            return new Size(shipped.built().bytes(), true);
        }
        Built b = cached();
        if (b != null) {
            return new Size(b.bytes(), true);
        }
        long sum = 0;
        for (String m : modules()) {
            Path jmod = javaHome.resolve("jmods").resolve(m + ".jmod");
            sum += Files.isRegularFile(jmod) ? Files.size(jmod) : 0;
        }
        return new Size(sum, false);
    }

    /** The packed runtime, built now if it is not in the cache. */
    public synchronized Built build() throws IOException, InterruptedException {
        String why = unavailable();
        if (why != null) {
            throw new IOException(why);
        }
        if (shipped != null) {
            return shipped.verified();
        }
        Built b = cached();
        if (b != null) {
            return b;
        }
        Files.createDirectories(cache);
        try (FileChannel lockFile = FileChannel.open(cache.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = lock(lockFile)) {
            b = cached();
            if (b != null) {
                return b;
            }
            built = jlink();
            return built;
        }
    }

    /** The cached runtime for the current key, if its file is there and has the hash recorded for it. */
    private Built cached() throws IOException, InterruptedException {
        List<String> m = modules();
        Path file = cache.resolve("runtime-" + key(m) + ".tar.gz");
        if (built != null && built.file().equals(file)) {
            return built;
        }
        Path sums = sums(file);
        if (!Files.isRegularFile(file) || !Files.isRegularFile(sums)) {
            return null;
        }
        String[] recorded = Files.readString(sums).strip().split("\\s+");
        if (recorded.length != 2 || !recorded[0].equals(sha256(file))) {
            return null;
        }
        built = new Built(file, Files.size(file), recorded[0], recorded[1], m);
        return built;
    }

    private Built jlink() throws IOException, InterruptedException {
        List<String> m = modules();
        Path file = cache.resolve("runtime-" + key(m) + ".tar.gz");
        Path work = Files.createTempDirectory(cache, ".build-");
        try {
            Path image = work.resolve("image");
            List<String> command = new ArrayList<>(List.of(tool("jlink").toString(), "--add-modules", String.join(",", m)));
            command.addAll(JLINK_OPTIONS);
            command.addAll(List.of("--output", image.toString()));
            run(command, work.resolve("jlink.log"));
            Path tar = work.resolve("runtime.tar.gz");
            RuntimeArchive.Packed p = RuntimeArchive.pack(image, tar);
            Path sums = work.resolve("runtime.sums");
            Files.writeString(sums, p.sha256() + " " + p.treeDigest() + "\n");
            Files.move(tar, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.move(sums, sums(file), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return new Built(file, p.bytes(), p.sha256(), p.treeDigest(), m);
        } finally {
            RuntimeArchive.removeTree(work);
        }
    }

    /** The peer's modules: jdeps's summary over the peer jar plus {@link #PEER_EXTRAS}, cached per peer jar. */
    synchronized List<String> modules() throws IOException, InterruptedException {
        if (modules != null) {
            return modules;
        }
        Path known = cache.resolve("modules-" + PeerJar.sha256() + "-" + feature() + ".txt");
        if (Files.isRegularFile(known)) {
            modules = List.of(Files.readString(known).strip().split(","));
            return modules;
        }
        if (!Files.isExecutable(tool("jdeps"))) {
            throw new IOException(unavailable());
        }
        Files.createDirectories(cache);
        Path log = Files.createTempFile(cache, ".jdeps-", ".log");
        TreeSet<String> found = new TreeSet<>(PEER_EXTRAS);
        try {
            String out = run(List.of(tool("jdeps").toString(), "-summary", "--multi-release", String.valueOf(feature()),
                    PeerJar.local().toString()), log);
            for (String line : out.split("\\R")) {
                int arrow = line.indexOf("->");
                if (arrow >= 0) {
                    String module = line.substring(arrow + 2).strip();
                    if (module.equals("not found")) {
                        throw new IOException("jdeps finds classes outside the JDK in the peer jar: " + line.strip());
                    }
                    found.add(module);
                }
            }
        } finally {
            Files.deleteIfExists(log);
        }
        if (!found.contains("java.base")) {
            throw new IOException("jdeps named no modules for the peer jar; it printed nothing usable");
        }
        modules = List.copyOf(found);
        Path tmp = Files.createTempFile(cache, ".modules-", ".tmp");
        Files.writeString(tmp, String.join(",", modules) + "\n");
        Files.move(tmp, known, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return modules;
    }

    /** 16 hex digits of SHA-256 over what decides the runtime's content. */
    private String key(List<String> m) throws IOException {
        String what = "java=" + release() + "\nplatform="
                + platform + "\nmodules=" + String.join(",", m) + "\njlink=" + String.join(" ", JLINK_OPTIONS) + "\n";
        return RuntimeArchive.hex(RuntimeArchive.sha256().digest(what.getBytes(StandardCharsets.UTF_8))).substring(0, 16);
    }

    /** The JDK's release file (version, vendor, build), which tells one JDK build from another. */
    private String release() throws IOException {
        return Files.readString(javaHome.resolve("release"), StandardCharsets.UTF_8);
    }

    private Path tool(String name) {
        return javaHome.resolve("bin").resolve(name);
    }

    static Path sums(Path file) {
        return file.resolveSibling(file.getFileName() + ".sums");
    }

    static String sha256(Path file) throws IOException {
        var d = RuntimeArchive.sha256();
        try (var in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                d.update(buffer, 0, n);
            }
        }
        return RuntimeArchive.hex(d.digest());
    }

    /** Waits for the cache's lock (another shell may be building), at most {@link #TOOL_TIMEOUT}. */
    private FileLock lock(FileChannel channel) throws IOException, InterruptedException {
        long end = System.nanoTime() + TOOL_TIMEOUT.toNanos();
        while (true) {
            FileLock l = channel.tryLock();
            if (l != null) {
                return l;
            }
            if (System.nanoTime() > end) {
                throw new IOException("another benchsh has been building a runtime in " + cache + " for " + TOOL_TIMEOUT.toMinutes()
                        + " minutes; try again, or remove " + cache.resolve(".lock") + " if no benchsh runs");
            }
            Thread.sleep(200);
        }
    }

    /** Runs a JDK tool with its output in {@code log}; its output, or an IOException naming the tool, exit status and last output. */
    private static String run(List<String> command, Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(TOOL_TIMEOUT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException(Path.of(command.get(0)).getFileName() + " did not finish within " + TOOL_TIMEOUT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            throw e;
        }
        String out = Files.readString(log);
        if (p.exitValue() != 0) {
            String[] lines = out.strip().split("\\R");
            throw new IOException(command.get(0) + " exited with " + p.exitValue() + ": "
                    + String.join(" | ", Arrays.asList(lines).subList(Math.max(0, lines.length - 3), lines.length)));
        }
        return out;
    }
}

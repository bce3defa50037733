package benchsh.shell.host;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Java 22 or newer on this machine, which runs the peer's native paths (the FFM classes of its multi-release
 * jar) and which benchsh's peer runtime is linked from. Found by the rule the build uses
 * ({@code scripts/find-jdk22}), less Maven's own JDK: {@code $BENCHSH_JDK22} ({@code none}: there is none), the
 * Java this shell runs on, then the newest under {@code /usr/lib/jvm}. A home counts when its {@code bin/java}
 * is there and its {@code release} file says {@code JAVA_VERSION} 22 or newer. Immutable.
 *
 * @param home the Java's home directory
 * @param feature its feature version (25 for 25.0.3)
 * @param version its {@code JAVA_VERSION} (25.0.3)
 */
public record NativeJava(Path home, int feature, String version) {
    /** The Java the native paths need. */
    public static final int REQUIRED = 22;
    /** What a peer on Java 17 to 21 lacks, for messages. */
    public static final String PATHS = "the native paths (sendmmsg and GSO datagrams, native TCP stream, TCP_RR and TCP_CRR sockets, native file writes)";
    /** How to get a JDK 22+ on Debian and Ubuntu (Debian 12 has no package of one), for messages. */
    public static final String HOW_TO_GET = "Ubuntu: apt-get install openjdk-25-jdk-headless; Debian 12: Temurin's temurin-25-jdk";
    /** Where Debian, Ubuntu and Temurin's packages install JDKs. */
    static final Path JVM_DIR = Path.of("/usr/lib/jvm");
    private static final Pattern FEATURE = Pattern.compile("^\"?([0-9]+)");

    /** Its {@code bin/java}. */
    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    /** Whether it has jlink and jdeps, so a runtime can be linked from it. */
    public boolean isJdk() {
        return Files.isExecutable(home.resolve("bin/jlink")) && Files.isExecutable(home.resolve("bin/jdeps"));
    }

    /** Every Java 22+ of this process's environment, in the order of the rule (the first is the one to use). */
    public static List<NativeJava> candidates() {
        return candidates(System.getenv("BENCHSH_JDK22"), Path.of(System.getProperty("java.home")), JVM_DIR);
    }

    /**
     * @param env {@code $BENCHSH_JDK22}, or null
     * @param own the home of the Java this shell runs on
     * @param jvmDir where installed JDKs are ({@link #JVM_DIR})
     */
    static List<NativeJava> candidates(String env, Path own, Path jvmDir) {
        List<NativeJava> found = new ArrayList<>();
        if (env != null && env.strip().equals("none")) {
            return found;
        }
        if (env != null && !env.isBlank()) {
            of(Path.of(env.strip())).ifPresent(found::add);
        }
        of(own).ifPresent(found::add);
        List<NativeJava> installed = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(jvmDir)) {
            dirs.sorted().forEach(d -> of(d).ifPresent(installed::add));
        } catch (IOException e) {
            // no such directory: nothing installed there
        }
        installed.sort(Comparator.comparingInt(NativeJava::feature).reversed());
        found.addAll(installed);
        return found.stream().distinct().toList();
    }

    /** The Java at {@code home} if it is one of 22 or newer. */
    public static java.util.Optional<NativeJava> of(Path home) {
        String version = version(home);
        Integer feature = featureOf(version);
        if (feature == null || feature < REQUIRED || !Files.isExecutable(home.resolve("bin").resolve("java"))) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new NativeJava(home.toAbsolutePath().normalize(), feature, version));
    }

    /** The {@code JAVA_VERSION} of the Java at {@code home} ({@code 25.0.3}), or null when it has no readable release file. */
    public static String version(Path home) {
        Properties release = new Properties();
        try (Reader in = Files.newBufferedReader(home.resolve("release"))) {
            release.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        String v = release.getProperty("JAVA_VERSION");
        return v == null ? null : v.strip().replace("\"", "");
    }

    /** The feature version in a {@code JAVA_VERSION} ({@code 25} for {@code 25.0.3}), or null. */
    public static Integer featureOf(String version) {
        if (version == null) {
            return null;
        }
        Matcher m = FEATURE.matcher(version);
        return m.find() ? Integer.valueOf(m.group(1)) : null;
    }
}

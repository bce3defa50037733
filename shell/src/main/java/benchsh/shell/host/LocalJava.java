package benchsh.shell.host;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * Which java runs the local peer, so that it gets the native paths even when the shell runs on Java 17:
 * {@code $BENCHSH_JAVA} when set; else the shell's own Java when it is 22 or newer; else a Java 22+ on this machine
 * ({@link NativeJava}: {@code $BENCHSH_JDK22}, the newest under {@code /usr/lib/jvm}); else benchsh's runtime that
 * a release ships, unpacked in the cache; else the shell's own Java, without the native paths. Immutable.
 *
 * @param java the java command
 * @param vm {@code runtime} (benchsh's own) or {@code host} (a Java installed here)
 * @param version its Java version ({@code 25.0.3}), or null when unknown
 * @param note one line for the results when the local peer runs a slower path than benchsh could give it; null when none
 */
public record LocalJava(String java, String vm, String version, String note) {
    /** The java that runs the local peer, by the rule above. */
    public static LocalJava choose() {
        return choose(System.getenv("BENCHSH_JAVA"), LocalHost.defaultJava(null, ProcessHandle.current().info().command().orElse(null),
                System.getProperty("java.home")), NativeJava.candidates(), LocalJava::shippedJava, PeerJar.hasNativePaths());
    }

    /** A java given by whoever made the host (a test, a second local host). */
    static LocalJava given(String java) {
        return new LocalJava(java, "host", versionOf(java), null);
    }

    /**
     * @param env {@code $BENCHSH_JAVA}, or null
     * @param own the shell's own java command ({@link LocalHost#defaultJava(String, String, String)})
     * @param found the Java 22+ on this machine, in the order to use them
     * @param shipped the shipped runtime's java, unpacked on first call; null when there is none; throws
     *                {@link java.io.UncheckedIOException} when it cannot be unpacked
     * @param nativeJar whether the peer jar has the native paths ({@link PeerJar#hasNativePaths()})
     */
    static LocalJava choose(String env, String own, List<NativeJava> found, Supplier<Path> shipped, boolean nativeJar) {
        String better = found.isEmpty() ? null : "Java " + found.get(0).version() + " (" + found.get(0).java() + ")";
        if (env != null && !env.isBlank()) {
            LocalJava given = given(env);
            Integer major = NativeJava.featureOf(given.version());
            boolean slower = nativeJar && better != null && major != null && major < NativeJava.REQUIRED;
            return slower ? new LocalJava(env, "host", given.version(), "local: BENCHSH_JAVA is Java " + major + ", without "
                    + NativeJava.PATHS + "; unset it to run the local peer on " + better) : given;
        }
        LocalJava shell = given(own);
        Integer major = NativeJava.featureOf(shell.version());
        if (major != null && major >= NativeJava.REQUIRED || !nativeJar) {
            return shell;
        }
        if (!found.isEmpty()) {
            return new LocalJava(found.get(0).java().toString(), "host", found.get(0).version(), null);
        }
        try {
            Path runtime = shipped.get();
            if (runtime != null) {
                return new LocalJava(runtime.toString(), "runtime", versionOf(runtime.toString()), null);
            }
        } catch (java.io.UncheckedIOException e) {
            return new LocalJava(own, "host", shell.version(), "local: cannot unpack benchsh's runtime here (" + e.getCause().getMessage()
                    + "), so the local peer runs on this shell's Java " + major + ", without " + NativeJava.PATHS + "; install a JDK "
                    + NativeJava.REQUIRED + "+");
        }
        return shell;
    }

    /** The version in the release file of the Java whose {@code bin/java} this is, or null. */
    private static String versionOf(String java) {
        Path bin = Path.of(java).toAbsolutePath().getParent();
        return bin == null || bin.getParent() == null ? null : NativeJava.version(bin.getParent());
    }

    /** The java of the runtime shipped with this release, unpacked here; null when there is none. */
    private static Path shippedJava() {
        benchsh.shell.host.ssh.ShippedRuntime shipped = benchsh.shell.host.ssh.ShippedRuntime.find();
        if (shipped == null) {
            return null;
        }
        try {
            return shipped.localJava();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}

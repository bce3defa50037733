package benchsh.shell.host.ssh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * What a Java runtime's native code needs of a machine: the OS ({@code linux}, {@code darwin}, ...),
 * the CPU architecture ({@code x86_64}, {@code aarch64}, ...) and, on Linux, the C library
 * ({@code glibc} or {@code musl}; empty when unknown). A runtime built on one platform runs on another
 * only when all three match. Immutable.
 *
 * @param os lower case, as {@code uname -s} names it ({@code linux}), empty when unknown
 * @param arch as {@code uname -m} names it on Linux ({@code x86_64}, {@code aarch64}), empty when unknown
 * @param libc {@code glibc}, {@code musl}, {@code none} (static binaries only) or empty when unknown
 * @param libcVersion e.g. {@code 2.36} for glibc, empty when unknown
 */
public record Platform(String os, String arch, String libc, String libcVersion) {
    public static final String GLIBC = "glibc";
    public static final String MUSL = "musl";
    /** No dynamic C library at all (no loader): static binaries only, such as busybox-static on a router. */
    public static final String NONE = "none";

    public Platform {
        os = os == null ? "" : os.strip().toLowerCase(Locale.ROOT);
        arch = normalArch(arch);
        libc = libc == null ? "" : libc;
        libcVersion = libcVersion == null ? "" : libcVersion;
    }

    /**
     * The platform as the host's {@code uname -s}, {@code uname -m} and libc probe report it.
     *
     * @param libc {@code getconf GNU_LIBC_VERSION}'s output ({@code glibc 2.36}), {@code glibc}, {@code musl}, {@code none}, or empty
     */
    public static Platform of(String unameS, String unameM, String libc) {
        String l = libc == null ? "" : libc.strip();
        if (l.startsWith("glibc")) {
            return new Platform(unameS, unameM, GLIBC, l.substring("glibc".length()).strip());
        }
        return new Platform(unameS, unameM, l.equals(MUSL) || l.equals(NONE) ? l : "", "");
    }

    /**
     * The platform of the Java runtime this shell runs on, read from its {@code release} file
     * ({@code OS_NAME}, {@code OS_ARCH}, {@code LIBC}), else from {@code os.name} and {@code os.arch}.
     * That is what a runtime built from this Java needs, whatever else the machine could run.
     */
    public static Platform ofThisJava() {
        return ofJava(Path.of(System.getProperty("java.home")));
    }

    /**
     * The platform of the Java runtime at {@code home} on this machine, read from its {@code release} file; what
     * that file does not say is taken from this process ({@code os.name}, {@code os.arch}, the loaded C library).
     */
    public static Platform ofJava(Path home) {
        Properties release = new Properties();
        try (var in = Files.newBufferedReader(home.resolve("release"))) {
            release.load(in);
        } catch (IOException | IllegalArgumentException e) {
            // no release file (unusual): fall back to the system properties
        }
        String os = unquote(release.getProperty("OS_NAME", System.getProperty("os.name")));
        String arch = unquote(release.getProperty("OS_ARCH", System.getProperty("os.arch")));
        String libc = switch (unquote(release.getProperty("LIBC", ""))) {
            case "gnu" -> GLIBC;
            case "musl" -> MUSL;
            default -> os.equalsIgnoreCase("linux") ? loadedLibc() : "";
        };
        return new Platform(os.equalsIgnoreCase("Mac OS X") ? "darwin" : os, arch, libc, "");
    }

    /** Whether a Java runtime built for this platform can run on {@code there}: OS and CPU equal, the C library not known to differ. */
    public boolean runs(Platform there) {
        return known() && os.equals(there.os) && arch.equals(there.arch) && !there.libc.equals(NONE)
                && (libc.isEmpty() || there.libc.isEmpty() || libc.equals(there.libc));
    }

    /** Whether OS and CPU are known. */
    public boolean known() {
        return !os.isEmpty() && !arch.isEmpty();
    }

    /** {@code linux/x86_64}, with the C library when it is what differs ({@code linux/x86_64 with musl}). */
    public String describe(Platform other) {
        String s = (os.isEmpty() ? "unknown" : os) + "/" + (arch.isEmpty() ? "unknown" : arch);
        boolean libcDiffers = os.equals(other.os) && arch.equals(other.arch) && !libc.equals(other.libc);
        return libcDiffers ? s + " with " + (libc.isEmpty() ? "an unknown C library" : libc.equals(NONE) ? "no C library (static binaries only)" : libc) : s;
    }

    /** The C library and its version, e.g. {@code glibc 2.36}; empty when unknown. */
    public String libcText() {
        return (libc + " " + libcVersion).strip();
    }

    /** One name for each CPU: Java's {@code amd64} is uname's {@code x86_64}, macOS's {@code arm64} is Linux's {@code aarch64}. */
    static String normalArch(String arch) {
        String a = arch == null ? "" : arch.strip().toLowerCase(Locale.ROOT);
        return switch (a) {
            case "amd64", "x86-64", "x64" -> "x86_64";
            case "arm64" -> "aarch64";
            case "i386", "i486", "i586", "i686", "x86" -> "x86";
            case "armv6l", "armv7l", "armv7", "armhf" -> "arm";
            case "ppc64el" -> "ppc64le";
            default -> a;
        };
    }

    private static String unquote(String s) {
        String t = s == null ? "" : s.strip();
        return t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"") ? t.substring(1, t.length() - 1) : t;
    }

    /** The C library this process loaded, told by its dynamic loader's name ({@code ld-musl-*} or glibc's {@code ld-linux-*}). */
    private static String loadedLibc() {
        try (var lines = Files.lines(Path.of("/proc/self/maps"))) {
            return lines.anyMatch(l -> l.contains("/ld-musl-")) ? MUSL : GLIBC;
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}

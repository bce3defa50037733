package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding a Java 22+ here as the build does: {@code BENCHSH_JDK22} first ({@code none}: none), then the shell's
 * own, then the newest under the JVM directory; Java 17 and a directory without {@code bin/java} do not count.
 */
class NativeJavaTest {
    @TempDir
    Path tmp;

    /** A Java home whose release file says {@code version}; with {@code jdk} also jlink and jdeps. */
    static Path java(Path home, String version, boolean jdk) throws Exception {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        for (String tool : jdk ? List.of("java", "jlink", "jdeps") : List.of("java")) {
            Path t = Files.writeString(home.resolve("bin").resolve(tool), "#!/bin/sh\n");
            Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return home.toAbsolutePath().normalize();
    }

    @Test
    void theNewestUnderTheJvmDirectoryCountsAndJava17DoesNot() throws Exception {
        Path jvm = Files.createDirectories(tmp.resolve("jvm"));
        java(jvm.resolve("java-17-openjdk-amd64"), "17.0.15", true);
        Path j22 = java(jvm.resolve("jdk-22"), "22.0.2", true);
        Path j25 = java(jvm.resolve("temurin-25-jdk-amd64"), "25.0.3", true);
        Files.createDirectories(jvm.resolve("broken/bin"));
        Path own = java(tmp.resolve("shell17"), "17.0.15", false);
        assertEquals(List.of(j25, j22), NativeJava.candidates(null, own, jvm).stream().map(NativeJava::home).toList());
        NativeJava first = NativeJava.candidates(null, own, jvm).get(0);
        assertEquals(new NativeJava(j25, 25, "25.0.3"), first);
        assertEquals(j25.resolve("bin/java"), first.java());
        assertTrue(first.isJdk());
    }

    @Test
    void benchshJdk22ComesFirstThenTheShellsOwnAndNoneMeansNone() throws Exception {
        Path jvm = Files.createDirectories(tmp.resolve("jvm"));
        Path j25 = java(jvm.resolve("jdk-25"), "25.0.3", true);
        Path given = java(tmp.resolve("opt/jdk-23"), "23.0.1", true);
        Path own = java(tmp.resolve("deb/runtime"), "24.0.2", false);
        assertEquals(List.of(given, own, j25), NativeJava.candidates(given.toString(), own, jvm).stream().map(NativeJava::home).toList());
        assertFalse(NativeJava.candidates(given.toString(), own, jvm).get(1).isJdk(), "a runtime without jlink runs peers but links none");
        assertEquals(List.of(), NativeJava.candidates("none", own, jvm));
        assertEquals(List.of(own, j25), NativeJava.candidates(tmp.resolve("nothing").toString(), own, jvm).stream().map(NativeJava::home)
                .toList(), "a BENCHSH_JDK22 that is no Java 22+ is passed over");
        assertEquals(List.of(), NativeJava.candidates(null, own.resolveSibling("gone"), tmp.resolve("no-jvm-dir")));
    }
}

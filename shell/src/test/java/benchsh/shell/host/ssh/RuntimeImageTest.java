package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.host.NativeJava;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peer's runtime built with jlink from the JDK 22+ found here ({@link NativeJava}): the modules jdeps finds, a
 * {@code bin/java} of that version that runs after {@code tar} unpacks it, the cache reused and distrusted when its
 * hash is wrong; a Java without jlink or jmods, or no JDK at all, says why no runtime can be built.
 */
@Timeout(600)
class RuntimeImageTest {
    @TempDir
    Path tmp;

    private static String run(Path dir, String... command) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", command));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /** The JDK 22+ the runtime is linked from. */
    private static Path jdk() {
        Path jdk = NativeJava.candidates().stream().filter(NativeJava::isJdk).map(NativeJava::home).findFirst().orElse(null);
        assumeTrue(jdk != null, "needs a JDK 22+ (BENCHSH_JDK22 or under /usr/lib/jvm)");
        return jdk;
    }

    @Test
    void theRuntimeHasThePeersModulesAndItsJavaRunsOnceUnpacked() throws Exception {
        RuntimeImage image = new RuntimeImage(jdk(), tmp.resolve("cache"));
        assumeTrue(image.unavailable() == null, "the tests run on a JDK with jlink and jmods: " + image.unavailable());
        RuntimeImage.Built built = image.build();
        assertEquals(List.of("java.base", "java.management", "java.net.http", "jdk.httpserver", "jdk.management", "jdk.unsupported"),
                built.modules());
        assertTrue(built.file().getFileName().toString().matches("runtime-[0-9a-f]{16}\\.tar\\.gz"), built.file().toString());
        assertEquals(Files.size(built.file()), built.bytes());
        assertEquals(new RuntimeImage.Size(built.bytes(), true), image.size());

        Path out = Files.createDirectories(tmp.resolve("unpacked"));
        run(tmp, "tar", "-x", "-z", "-o", "-f", built.file().toString(), "-C", out.toString());
        String listed = run(tmp, out.resolve("bin/java").toString(), "--list-modules");
        assertEquals(built.modules(), listed.lines().map(l -> l.replaceAll("@.*", "")).toList(), listed);
        assertTrue(run(tmp, out.resolve("bin/java").toString(), "-version").contains("version \"" + image.javaVersion() + "\""));
        assertFalse(Files.exists(out.resolve("include")), "no C headers");
        assertFalse(Files.exists(out.resolve("man")), "no man pages");

        RuntimeImage again = new RuntimeImage(jdk(), tmp.resolve("cache"));
        long modified = Files.getLastModifiedTime(built.file()).toMillis();
        assertEquals(built, again.build(), "a second shell finds the runtime in the cache");
        assertEquals(modified, Files.getLastModifiedTime(built.file()).toMillis(), "and does not build it again");
        try (var files = Files.list(tmp.resolve("cache"))) {
            assertEquals(List.of(), files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".build-")).toList());
        }

        Path sums = built.file().resolveSibling(built.file().getFileName() + ".sums");
        Files.writeString(sums, "0".repeat(64) + " " + built.treeDigest() + "\n");
        RuntimeImage.Size distrusted = new RuntimeImage(jdk(), tmp.resolve("cache")).size();
        assertFalse(distrusted.exact(), "a cached file without its recorded hash is not used: the size is estimated from the jmods");
        assertTrue(distrusted.text().matches("≈[0-9]+ MB"), distrusted.text());
    }

    @Test
    void aJavaWithoutJlinkOrJmodsCannotBuildOneAndSaysWhy() throws Exception {
        Path jre = Files.createDirectories(tmp.resolve("jre/bin"));
        RuntimeImage fromJre = new RuntimeImage(jre.getParent(), tmp.resolve("cache"));
        Files.writeString(jre.resolveSibling("release"), "JAVA_VERSION=\"22.0.2\"\n");
        assertTrue(fromJre.unavailable().contains("has no jlink and jdeps: it is a JRE or a bundled runtime"), fromJre.unavailable());
        IOException e = assertThrows(IOException.class, fromJre::build);
        assertEquals(fromJre.unavailable(), e.getMessage());
        assertTrue(new RuntimeImage(null, tmp.resolve("cache")).unavailable().startsWith("there is no JDK 22+ here to link benchsh's peer "
                + "runtime from; install one (Ubuntu: apt-get install openjdk-25-jdk-headless"));

        for (String tool : List.of("jlink", "jdeps")) {
            Files.writeString(jre.resolve(tool), "#!/bin/sh\nexit 1\n");
            Files.setPosixFilePermissions(jre.resolve(tool), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        assertTrue(fromJre.unavailable().contains("has no jmods directory, which jlink needs on Java 22"), fromJre.unavailable());
        Files.createDirectories(jre.resolveSibling("jmods"));
        assertNull(fromJre.unavailable());
    }
}

package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runtime image packed here and unpacked by this machine's {@code tar} and {@code /bin/sh}, as a
 * host would: the same files and modes, links stored as files, and the host-side tree digest
 * equal to the one computed while packing (and different after any change).
 */
class RuntimeArchiveTest {
    @TempDir
    Path tmp;
    private Path image;
    private byte[] library;

    @BeforeEach
    void image() throws Exception {
        image = Files.createDirectories(tmp.resolve("image"));
        Files.createDirectories(image.resolve("bin"));
        Files.writeString(image.resolve("bin/java"), "#!/bin/sh\necho fake\n");
        Files.setPosixFilePermissions(image.resolve("bin/java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        library = new byte[300_000];
        new Random(3).nextBytes(library);
        Files.createDirectories(image.resolve("lib/server"));
        Files.write(image.resolve("lib/server/libjvm.so"), library);
        Files.createDirectories(image.resolve("legal/java.base"));
        Files.writeString(image.resolve("legal/java.base/LICENSE"), "licence text\n");
        Files.setPosixFilePermissions(image.resolve("legal/java.base/LICENSE"), PosixFilePermissions.fromString("r--r--r--"));
        Files.createDirectories(image.resolve("legal/jdk.httpserver"));
        Files.createSymbolicLink(image.resolve("legal/jdk.httpserver/LICENSE"), Path.of("../java.base/LICENSE"));
        Path deep = Files.createDirectories(image.resolve("conf/" + "d".repeat(60) + "/" + "e".repeat(60)));
        Files.writeString(deep.resolve("a-name-that-makes-the-whole-path-longer-than-a-tar-name-field.properties"), "x=1\n");
        Files.createDirectories(image.resolve("empty"));
    }

    private static String sh(String script, Path dir) throws Exception {
        Process p = new ProcessBuilder("/bin/sh", "-c", RemoteCommand.sh(script)).directory(dir.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the script finishes");
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), err);
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    private Path unpack(Path tarball) throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        sh("tar -x -z -o -f " + RemoteCommand.quote(tarball.toString()) + " -C " + RemoteCommand.quote(out.toString()), tmp);
        return out;
    }

    @Test
    void tarUnpacksTheSameFilesWithLinksAsFilesAndNoWritableModes() throws Exception {
        RuntimeArchive.Packed p = RuntimeArchive.pack(image, tmp.resolve("r.tar.gz"));
        assertEquals(Files.size(tmp.resolve("r.tar.gz")), p.bytes());
        Path out = unpack(tmp.resolve("r.tar.gz"));
        assertArrayEquals(library, Files.readAllBytes(out.resolve("lib/server/libjvm.so")));
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("bin/java"))));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("lib/server/libjvm.so"))));
        Path license = out.resolve("legal/jdk.httpserver/LICENSE");
        assertFalse(Files.isSymbolicLink(license), "links are stored as the files they point to");
        assertEquals("licence text\n", Files.readString(license));
        try (Stream<Path> all = Files.walk(out)) {
            assertEquals(List.of(), all.filter(f -> {
                try {
                    return PosixFilePermissions.toString(Files.getPosixFilePermissions(f, LinkOption.NOFOLLOW_LINKS)).matches("....w..*|.......w.");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList(), "nothing is writable by group or others");
        }
        try (Stream<Path> deep = Files.walk(out.resolve("conf"))) {
            assertTrue(deep.anyMatch(f -> f.getFileName().toString().endsWith("longer-than-a-tar-name-field.properties")));
        }
        assertTrue(Files.isDirectory(out.resolve("empty")));
    }

    @Test
    void theHostComputesTheSameTreeDigestAndNoticesAnyChange() throws Exception {
        RuntimeArchive.Packed p = RuntimeArchive.pack(image, tmp.resolve("r.tar.gz"));
        Path out = unpack(tmp.resolve("r.tar.gz"));
        String script = RuntimeUpload.treeDigestScript(DeployProbe.HashTool.SHA256SUM.command, out.toString());
        assertEquals(p.treeDigest(), DeployProbe.digest(sh(script, tmp)));
        assertEquals(p.treeDigest(), DeployProbe.digest(sh(RuntimeUpload.treeDigestScript(DeployProbe.HashTool.OPENSSL.command,
                out.toString()), tmp)), "every hash tool gives the same digest");

        Files.writeString(out.resolve("conf/extra"), "");
        assertNotEquals(p.treeDigest(), DeployProbe.digest(sh(script, tmp)), "an added empty file");
        Files.delete(out.resolve("conf/extra"));
        Files.createSymbolicLink(out.resolve("bin/evil"), Path.of("/bin/sh"));
        assertNotEquals(p.treeDigest(), DeployProbe.digest(sh(script, tmp)), "an added link");
        Files.delete(out.resolve("bin/evil"));
        byte[] changed = library.clone();
        changed[1234] ^= 1;
        Files.write(out.resolve("lib/server/libjvm.so"), changed);
        assertNotEquals(p.treeDigest(), DeployProbe.digest(sh(script, tmp)), "one bit of the library");
        Files.write(out.resolve("lib/server/libjvm.so"), library);
        assertEquals(p.treeDigest(), DeployProbe.digest(sh(script, tmp)), "back as packed");
    }

    @Test
    void theUnpackScriptChecksTheHashAndLeavesNoTarball() throws Exception {
        RuntimeArchive.Packed p = RuntimeArchive.pack(image, tmp.resolve("r.tar.gz"));
        Path base = Files.createDirectories(tmp.resolve("base"));
        Path tarball = Files.copy(tmp.resolve("r.tar.gz"), base.resolve(".runtime-upload-x.tar.gz"));
        String hash = DeployProbe.HashTool.SHA256SUM.command;
        Process bad = new ProcessBuilder("/bin/sh", "-c", RemoteCommand.sh(RuntimeUpload.unpackScript(hash, tarball.toString(),
                "0".repeat(64), base.toString()))).start();
        assertTrue(bad.waitFor(60, TimeUnit.SECONDS));
        assertEquals(RuntimeUpload.HASH_MISMATCH, bad.exitValue());
        assertTrue(new String(bad.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).contains("refusing to unpack"));
        assertFalse(Files.exists(tarball), "a tarball with the wrong hash is removed, not unpacked");
        try (Stream<Path> left = Files.list(base)) {
            assertEquals(List.of(), left.toList());
        }

        Files.copy(tmp.resolve("r.tar.gz"), tarball);
        String dir = sh(RuntimeUpload.unpackScript(hash, tarball.toString(), p.sha256(), base.toString()), tmp).strip();
        assertTrue(dir.startsWith(base + "/.runtime-unpack-"), dir);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(Path.of(dir))));
        assertFalse(Files.exists(tarball), "the tarball is removed once unpacked");
        assertEquals(p.treeDigest(), DeployProbe.digest(sh(RuntimeUpload.treeDigestScript(hash, dir), tmp)));
    }
}

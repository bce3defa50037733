package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime a release ships beside the shell's jar: read only when it was made for this peer jar; unpacked
 * once for the local peer, checked by its tree digest, and refused when its archive is not the recorded one.
 */
class ShippedRuntimeTest {
    @TempDir
    Path tmp;

    /** A shipped directory holding a small "runtime" (bin/java and a release file) made for the peer jar {@code peer}. */
    private Path shipped(String peer) throws Exception {
        Path image = Files.createDirectories(tmp.resolve("image/bin"));
        Files.writeString(image.resolveSibling("release"), "JAVA_VERSION=\"25.0.3\"\n");
        Files.writeString(image.resolve("java"), "#!/bin/sh\necho runtime\n");
        Files.setPosixFilePermissions(image.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dir = Files.createDirectories(tmp.resolve("lib").resolve(ShippedRuntime.DIR));
        RuntimeArchive.Packed p = RuntimeArchive.pack(image.getParent(), dir.resolve(ShippedRuntime.ARCHIVE));
        Properties props = new Properties();
        props.putAll(java.util.Map.of("sha256", p.sha256(), "tree_digest", p.treeDigest(), "modules", "java.base,jdk.unsupported",
                "os", "linux", "arch", "x86_64", "libc", "glibc", "java", "25.0.3", "peer_sha256", peer));
        try (Writer w = Files.newBufferedWriter(dir.resolve(ShippedRuntime.PROPERTIES))) {
            props.store(w, null);
        }
        return dir;
    }

    @Test
    void aShippedRuntimeIsUnpackedOnceForTheLocalPeer() throws Exception {
        ShippedRuntime r = ShippedRuntime.read(shipped("abc"), "abc");
        assertEquals(List.of("java.base", "jdk.unsupported"), r.built().modules());
        assertEquals(new Platform("linux", "x86_64", "glibc", ""), r.platform());
        assertEquals("25.0.3", r.javaVersion());
        Path cache = tmp.resolve("cache");
        Path java = r.localJava(cache);
        assertEquals(cache.resolve("local-" + r.built().treeDigest()).resolve("bin/java"), java);
        assertTrue(Files.isExecutable(java));
        long modified = Files.getLastModifiedTime(java).toMillis();
        assertEquals(java, r.localJava(cache));
        assertEquals(modified, Files.getLastModifiedTime(java).toMillis(), "unpacked once");
        try (var left = Files.list(cache)) {
            assertEquals(List.of("local-" + r.built().treeDigest()), left.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void aRuntimeMadeForAnotherPeerJarIsNotUsedAndAChangedOneIsRefused() throws Exception {
        Path dir = shipped("abc");
        assertNull(ShippedRuntime.read(dir, "another peer"));
        assertNull(ShippedRuntime.read(tmp.resolve("nothing"), "abc"));
        ShippedRuntime r = ShippedRuntime.read(dir, "abc");
        Files.write(dir.resolve(ShippedRuntime.ARCHIVE), new byte[] {0x1f, (byte) 0x8b}, java.nio.file.StandardOpenOption.APPEND);
        IOException e = assertThrows(IOException.class, () -> r.localJava(tmp.resolve("cache")));
        assertTrue(e.getMessage().contains("is not the one recorded") || e.getMessage().contains("SHA-256"), e.getMessage());
        assertTrue(e.getMessage().endsWith("reinstall benchsh"), e.getMessage());
    }
}

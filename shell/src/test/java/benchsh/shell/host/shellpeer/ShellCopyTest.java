package benchsh.shell.host.shellpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.definition.TreeHandle;
import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.result.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code copy} with a host that runs its own busybox tar, nc and cp: to it, from it, on it, and what it refuses. */
@Timeout(300)
class ShellCopyTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void busybox() {
        ShellHost.assumeBusybox();
    }

    /** Every file under {@code root} by its relative name, with its content. */
    private static Map<String, String> files(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(p).toString(), Files.readString(p, java.nio.charset.StandardCharsets.ISO_8859_1));
            }
        }
        return out;
    }

    private static long number(Result r, String key) {
        return ((Number) r.metrics().get(key)).longValue();
    }

    @Test
    void aTreeGoesToItFromItAndOnIt() throws Exception {
        try (ShellHost h = new ShellHost(tmp.resolve("h"), true, SshTarget.PeerChoice.SHELL)) {
            Path src = tmp.resolve("src");
            TreeHandle t = (TreeHandle) h.eval("t = tree path: '" + src + "', profile: 'maildir', scale: 0.01, seed: 3");
            Path to = tmp.resolve("to-dut");
            Result r = h.run("copy t, to: 'dut', path: '" + to + "'");
            assertTrue(r.ok(), r.error());
            assertEquals(files(src), files(to));
            assertEquals(t.files(), number(r, "files"));
            assertEquals(t.bytes(), number(r, "bytes"));
            assertEquals("dut: nc -l | tar x", r.metrics().get("tools"));
            Path back = tmp.resolve("from-dut");
            Result f = h.run("copy '" + to + "', from: dut, to: 'local', path: '" + back + "'");
            assertTrue(f.ok(), f.error());
            assertEquals(files(src), files(back));
            assertEquals(t.files(), number(f, "files"));
            assertEquals("dut: tar c | nc", f.metrics().get("tools"));
            Path on = tmp.resolve("on-dut");
            Result l = h.run("copy '" + to + "', from: dut, to: '" + on + "', keep: true");
            assertTrue(l.ok(), l.error());
            assertEquals(files(src), files(on));
            assertEquals(t.files(), number(l, "files"));
            assertEquals(t.dirs(), number(l, "dirs"));
            assertEquals("dut: cp -a", l.metrics().get("tools"));
            Path gone = tmp.resolve("gone");
            assertTrue(h.run("copy t, to: 'dut', path: '" + gone + "', keep: false").ok());
            assertFalse(Files.exists(gone), "keep: false removes what it made");
        }
    }

    @Test
    void whatItCannotDoIsRefused() throws Exception {
        try (ShellHost h = new ShellHost(tmp.resolve("h"), true, SshTarget.PeerChoice.SHELL)) {
            Path src = tmp.resolve("src");
            h.eval("t = tree path: '" + src + "', profile: 'maildir', scale: 0.01, seed: 3");
            RuntimeException verify = assertThrows(RuntimeException.class, () -> h.eval("copy t, to: 'dut', path: '" + tmp.resolve("v") + "', verify: true"));
            assertTrue(verify.getMessage().contains("verify: compares benchsh's checksums of both ends, and dut runs its own tools"), verify.getMessage());
            Path there = Files.createDirectories(tmp.resolve("there"));
            Files.writeString(there.resolve("mine"), "mine");
            Result exists = h.run("copy t, to: 'dut', path: '" + there + "'");
            assertFalse(exists.ok());
            assertTrue(exists.error().contains(there + " exists"), exists.error());
            assertEquals("mine", Files.readString(there.resolve("mine")));
            Files.createSymbolicLink(src.resolve("a-link"), Path.of("/etc/passwd"));
            Result link = h.run("copy '" + src + "', from: dut, to: 'local', path: '" + tmp.resolve("l") + "'");
            assertFalse(link.ok());
            assertTrue(link.error().contains("holds 1 links, devices or other special files"), link.error());
            Path one = src.resolve("cur").resolve(Files.list(src.resolve("cur")).findFirst().orElseThrow().getFileName());
            Result file = h.run("copy '" + one + "', to: 'dut', path: '" + tmp.resolve("f") + "'");
            assertTrue(file.error().contains("arrives inside a directory there"), file.error());
        }
    }
}

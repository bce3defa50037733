package benchsh.shell.host.shellpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.result.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code pipe} between the local peer and a host that runs its own busybox dd and nc, both ways, under dash and busybox's sh. */
@Timeout(300)
class ShellPipeTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void busybox() {
        assumeTrue(Files.isExecutable(ShellHost.BUSYBOX), "busybox-static is not installed (.ci/install-ssh.sh)");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void fromTheShellHostToThePeer(boolean busyboxSh) throws Exception {
        try (ShellHost h = new ShellHost(tmp, busyboxSh, SshTarget.PeerChoice.SHELL)) {
            Result r = h.run("pipe from: dut, to: local, bs: 64.KiB, count: 64");
            System.out.println(h.out);
            System.out.println(r.metrics());
            assertTrue(r.ok(), r.error());
            assertEquals(4L << 20, ((Number) r.metrics().get("bytes")).longValue());
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void fromThePeerToTheShellHost(boolean busyboxSh) throws Exception {
        try (ShellHost h = new ShellHost(tmp, busyboxSh, SshTarget.PeerChoice.SHELL)) {
            Path sink = tmp.resolve("sink.bin");
            Result r = h.run("pipe from: local, to: dut, bs: 64.KiB, count: 64, sink: '" + sink + "', keep: true");
            System.out.println(h.out);
            System.out.println(r.metrics());
            assertTrue(r.ok(), r.error());
            assertEquals(4L << 20, Files.size(sink));
            assertEquals(4L << 20, ((Number) r.metrics().get("bytes")).longValue());
            Result n = h.run("pipe from: local, to: dut, bs: 64.KiB, count: 64");
            assertTrue(n.ok(), n.error());
            assertFalse(n.metrics().isEmpty());
        }
    }
}

package benchsh.shell.host;

import benchsh.shell.host.ssh.RuntimeImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Puts benchsh's peer runtime into the testbed's shared home before a shaped testbed's tests run, laid out as
 * an upload leaves it ({@code ~/.cache/benchsh/runtime-<tree digest>}, the test user's, mode 700), so that a
 * 1-Mbit/s link does not spend minutes carrying 24 MB before the first test: the hosts then find it cached and
 * check its digest, as on a host that ran benchsh before. The upload itself is tested on unshaped testbeds
 * ({@code TestbedRuntimeE2eTest}, {@code TestbedPinnedVmE2eTest}). Does nothing where no runtime can be made here.
 */
final class TestbedRuntimeSeed {
    private TestbedRuntimeSeed() {
    }

    static void seed(Path home, String user) throws Exception {
        RuntimeImage image = RuntimeImage.forPeers();
        if (image.unavailable() != null) {
            return;
        }
        RuntimeImage.Built built = image.build();
        Path cache = home.resolve(".cache/benchsh");
        Path dir = cache.resolve("runtime-" + built.treeDigest());
        if (Files.exists(dir)) {
            return;
        }
        Path partial = cache.resolve(".runtime-seed-" + built.treeDigest());
        String script = "set -e; mkdir -p " + cache + "; chown " + user + ": " + home.resolve(".cache") + " " + cache
                + "; chmod 700 " + cache + "; rm -rf " + partial + "; mkdir -m 700 " + partial + "; tar xzf " + built.file() + " -C " + partial
                + "; chown -R " + user + ": " + partial + "; mv " + partial + " " + dir;
        Testbed.Outcome o = Testbed.run(List.of("sh", "-c", script), Duration.ofSeconds(60));
        if (o.exit() != 0) {
            throw new IllegalStateException("cannot seed the testbed's home with benchsh's runtime: " + o.output());
        }
    }
}

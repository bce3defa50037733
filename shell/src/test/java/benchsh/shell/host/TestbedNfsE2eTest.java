package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code scripts/testbed up 2 --nfs}: h2 exports a directory with nfs-ganesha, h1's sessions see it
 * through a gvfs FUSE mount (libnfs), and a benchsh peer on h1 writes into it. Skips without the
 * testbed or the NFS packages ({@link Testbed}, .ci/install-nfs.sh).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "switch", hosts = 2, nfs = true)
@Timeout(120)
class TestbedNfsE2eTest {
    @Test
    void aFileWrittenByH1sPeerArrivesInH2sExport() throws Exception {
        String file = Testbed.nfsMount() + "/f";
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            Result w = (Result) new ScriptRunner(session).evaluate(
                    "a = host 'h1'\ndisk on: a, path: '" + file + "', write: 1.MiB, bs: 64.KiB, sync: true, keep: true", "e2e-nfs");
            assertTrue(w.ok(), w + "\n" + text);
            assertTrue(w.metrics().get("fs_type").toString().startsWith("fuse"), "gvfs shows as fuse: " + w.metrics());
        }
        Path arrived = Testbed.nfsExport().resolve("f");
        assertTrue(Files.isRegularFile(arrived), "in h2's export: " + arrived);
        assertEquals(1L << 20, Files.size(arrived));
        assertEquals(Testbed.USER, Files.getOwner(arrived).getName(), "written as the test user over NFS");
        assertTrue(Testbed.peersLeft(Duration.ofSeconds(10)).isEmpty(), "no peer left behind");
    }

    @Test
    void theMountIsVisibleInH1sSessionsOnlyAndStatusShowsIt() throws Exception {
        assertTrue(!Files.exists(Path.of(Testbed.nfsMount())), "the FUSE mount lives in h1's mount namespace, not here");
        Testbed.Outcome status = Testbed.run(List.of(Testbed.SCRIPT.toString(), "status"), Duration.ofSeconds(30));
        String out = status.output();
        assertTrue(out.contains("nfs: h2 exports " + Testbed.nfsExport() + " as nfs://" + Testbed.host("h2").address() + "/export"), out);
        assertTrue(out.contains("mounted (gvfs FUSE, in h1's namespace) at " + Testbed.nfsMount()), out);
        for (String daemon : List.of("rpcbind", "ganesha.nfsd", "dbus-daemon", "gvfsd")) {
            assertTrue(out.matches("(?s).*  " + daemon + " \\d+ running in .*"), daemon + ": " + out);
        }
    }
}

package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.host.HostException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peer launch script, run by this machine's {@code /bin/sh} with a fake {@code java} that
 * reports what it was given: it runs only the jar whose hash it checked, through the very file
 * handle it hashed, even when the file's name is pointed at other bytes meanwhile.
 */
class LaunchScriptTest {
    @TempDir
    Path tmp;
    private Path jar;
    private String sha;
    private Path java;
    private Path ran;

    @BeforeEach
    void files() throws Exception {
        byte[] bytes = new byte[50_000];
        new Random(7).nextBytes(bytes);
        jar = tmp.resolve("peer-x.jar");
        Files.write(jar, bytes);
        sha = sha256(bytes);
        ran = tmp.resolve("ran");
        // a fake java: swaps other bytes in under the jar's name, then hashes what -jar names
        java = tmp.resolve("java");
        Files.writeString(java, """
                #!/bin/sh
                for a in "$@"; do case "$prev" in -jar) run=$a;; esac; case "$a" in -Dbenchsh.jar=*) name=${a#-Dbenchsh.jar=};; esac; prev=$a; done
                echo other > "$name.new" && mv "$name.new" "$name"
                echo "run=$run" > %s
                sha256sum < "$run" >> %s
                """.formatted(ran, ran));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private record Run(int exit, String stderr) {
    }

    private Run run(PeerUpload.Deployed d, List<String> fdPaths) throws Exception {
        return run(d, fdPaths, null, null);
    }

    /** @param path $PATH for the script, or null for this process's */
    private Run run(PeerUpload.Deployed d, List<String> fdPaths, String cpus, String path) throws Exception {
        String command = RemoteCommand.sh(LaunchScript.of(java.toString(), PeerLaunch.JVM_OPTIONS, d, fdPaths, cpus));
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", command).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        if (path != null) {
            pb.environment().put("PATH", path);
        }
        Process p = pb.start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the script finishes");
        return new Run(p.exitValue(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private List<String> ran() throws IOException {
        return Files.readAllLines(ran);
    }

    @Test
    void runsTheVerifiedJarThroughTheHandleItHashedEvenIfTheNameChanges() throws Exception {
        Run r = run(new PeerUpload.Deployed(jar.toString(), false, sha, DeployProbe.HashTool.SHA256SUM, null), LaunchScript.FD_PATHS);
        assertEquals(0, r.exit(), r.stderr());
        assertEquals("run=/proc/self/fd/3", ran().get(0));
        assertTrue(ran().get(1).startsWith(sha), "java read the bytes that were hashed, not what the name points at now: " + ran());
        assertEquals("other\n", Files.readString(jar), "the name was pointed at other bytes meanwhile");
    }

    /** A remote peer killed with SIGKILL left /tmp/hsperfdata_USER/PID behind. */
    @Test
    void theRemotePeerRunsWithoutAPerfDataFile() throws Exception {
        Files.writeString(java, Files.readString(java) + "echo \" $* \" >> " + ran + "\n");
        Run r = run(verified(), LaunchScript.FD_PATHS);
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(ran().get(2).contains(" -XX:-UsePerfData "), "java's arguments: " + ran().get(2));
    }

    @Test
    void refusesAJarWhoseHashIsNotTheExpectedOne() throws Exception {
        Files.writeString(jar, "tampered");
        Run r = run(new PeerUpload.Deployed(jar.toString(), false, sha, DeployProbe.HashTool.SHA256SUM, null), LaunchScript.FD_PATHS);
        assertEquals(LaunchScript.HASH_MISMATCH, r.exit());
        assertTrue(r.stderr().contains("benchsh: deploy peer: refusing to run " + jar) && r.stderr().contains("not " + sha), r.stderr());
        assertFalse(Files.exists(ran), "java never started");
    }

    @Test
    void aMissingJarIsNamed() throws Exception {
        Run r = run(new PeerUpload.Deployed(tmp.resolve("nope.jar").toString(), false, sha, DeployProbe.HashTool.SHA256SUM, null),
                LaunchScript.FD_PATHS);
        assertEquals(LaunchScript.CANNOT_OPEN, r.exit());
        assertTrue(r.stderr().contains("cannot open " + tmp.resolve("nope.jar")), r.stderr());
    }

    @Test
    void withoutFdPathsItRunsAPrivateCopyAndRemovesItAfterwards() throws Exception {
        Path tmpdir = Files.createDirectory(tmp.resolve("tmpdir"));
        String command = RemoteCommand.sh(LaunchScript.of(java.toString(), PeerLaunch.JVM_OPTIONS,
                new PeerUpload.Deployed(jar.toString(), false, sha, DeployProbe.HashTool.SHA256SUM, null),
                List.of(tmp.resolve("no-fd-here").toString()), null));
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", command);
        pb.environment().put("TMPDIR", tmpdir.toString());
        Process p = pb.start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        String run = ran().get(0).substring("run=".length());
        assertTrue(run.startsWith(tmpdir + "/") && run.endsWith("/peer.jar"), run);
        assertTrue(ran().get(1).startsWith(sha), ran().toString());
        try (var left = Files.list(tmpdir)) {
            assertEquals(List.of(), left.toList(), "the private copy is removed when java exits");
        }
    }

    @Test
    void aPrivateUploadIsRemovedOnceOpenAndRunsUnhashed() throws Exception {
        Path priv = Files.createDirectory(tmp.resolve("priv"));
        Path inPriv = Files.move(jar, priv.resolve("peer.jar"));
        Run r = run(new PeerUpload.Deployed(inPriv.toString(), true, null, null, priv.toString()), LaunchScript.FD_PATHS);
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(ran().get(1).startsWith(sha), ran().toString());
        assertFalse(Files.exists(priv), "nothing stays behind");
    }

    private PeerUpload.Deployed verified() {
        return new PeerUpload.Deployed(jar.toString(), false, sha, DeployProbe.HashTool.SHA256SUM, null);
    }

    private static boolean hasTaskset() {
        return Files.isExecutable(Path.of("/usr/bin/taskset"));
    }

    @Test
    void tasksetRunsJavaOnlyWhenCpusAreGiven() {
        String plain = LaunchScript.of("java", PeerLaunch.JVM_OPTIONS, verified(), LaunchScript.FD_PATHS, null);
        String pinned = LaunchScript.of("java", PeerLaunch.JVM_OPTIONS, verified(), LaunchScript.FD_PATHS, "0,2-3");
        assertFalse(plain.contains("taskset"), plain);
        assertTrue(pinned.contains("exec taskset -c 0,2-3 'java' ") && pinned.contains("taskset -c 0,2-3 'java' -XX"), pinned);
        RemoteCommand.sh(pinned); // one line without '!'
    }

    @Test
    void aPinnedJavaRunsUnderTasksetOnTheVerifiedJar() throws Exception {
        assumeTrue(hasTaskset(), "needs taskset");
        Files.writeString(java, Files.readString(java) + "sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status >> " + ran + "\n");
        Run r = run(verified(), LaunchScript.FD_PATHS, "0", null);
        assertEquals(0, r.exit(), r.stderr());
        assertEquals("run=/proc/self/fd/3", ran().get(0), "fd 3 stays open through taskset");
        assertTrue(ran().get(1).startsWith(sha), ran().toString());
        assertEquals("0", ran().get(2), "java runs on CPU 0 only");
    }

    @Test
    void withoutTasksetAPinnedStartIsRefusedWithWhatToDo() throws Exception {
        Path bin = Files.createDirectory(tmp.resolve("bin"));
        for (String tool : List.of("sha256sum", "cat", "rm", "mktemp", "sed")) {
            Files.createSymbolicLink(bin.resolve(tool), Path.of("/usr/bin", tool));
        }
        Run r = run(verified(), LaunchScript.FD_PATHS, "1", bin.toString());
        assertEquals(LaunchScript.NO_TASKSET, r.exit(), r.stderr());
        assertEquals("benchsh: start peer: cpus: '1' needs taskset (util-linux) on the host; install it or drop cpus:", r.stderr().strip());
        assertFalse(Files.exists(ran), "java never started");
        HostException e = LaunchScript.refusal("h1", r.exit(), r.stderr().strip());
        assertEquals("h1: start peer: cpus: '1' needs taskset (util-linux) on the host; install it or drop cpus:", e.getMessage());
    }

    @Test
    void cpusTheKernelRefusesAreNamedWithTheCpusThereAre() throws Exception {
        assumeTrue(hasTaskset(), "needs taskset");
        String cpus = String.valueOf(Runtime.getRuntime().availableProcessors() + 1000);
        Run r = run(verified(), LaunchScript.FD_PATHS, cpus, null);
        assertEquals(LaunchScript.CPUS_REFUSED, r.exit(), r.stderr());
        assertTrue(r.stderr().startsWith("benchsh: start peer: cpus: '" + cpus + "' was refused (taskset: "), r.stderr());
        assertTrue(r.stderr().contains("; give CPUs the host has; a process there may run on CPUs " + allowedHere()), r.stderr());
        assertFalse(Files.exists(ran), "java never started");
    }

    private static String allowedHere() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElseThrow();
    }

    @Test
    void onlyTheScriptsOwnExitStatusesAreReadAsRefusals() {
        String tail = "something | benchsh: deploy peer: cannot open /x/peer.jar";
        assertEquals("h1: deploy peer: cannot open /x/peer.jar", LaunchScript.refusal("h1", LaunchScript.CANNOT_OPEN, tail).getMessage());
        assertNull(LaunchScript.refusal("h1", 1, tail), "java's own exit status");
        assertNull(LaunchScript.refusal("h1", null, tail), "no exit status");
        assertNull(LaunchScript.refusal("h1", LaunchScript.CANNOT_OPEN, "Exception in thread main"), "no refusal line");
    }
}

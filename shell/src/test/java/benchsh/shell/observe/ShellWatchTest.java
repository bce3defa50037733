package benchsh.shell.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Flat;
import benchsh.peer.observe.Load;
import benchsh.peer.observe.ObserveWorkload;
import benchsh.peer.workload.Interval;
import benchsh.shell.host.HostException;
import benchsh.shell.host.SshHost;
import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.KnownHosts;
import benchsh.shell.host.ssh.SshContext;
import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.host.ssh.TestSshServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.sshd.server.shell.ProcessShellFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host without Java observed over plain SSH, against an in-process Apache SSHD server whose commands run
 * with this machine's /bin/sh: the choice of the way, the figures, a lost session, a shell that cannot run
 * the loop.
 */
@Timeout(120)
class ShellWatchTest {
    @TempDir
    Path tmp;
    private TestSshServer server;
    private SshContext ssh;

    private SshHost hostWithoutJava(org.apache.sshd.server.command.CommandFactory commands) throws Exception {
        server = commands == null ? new TestSshServer(tmp, null) : new TestSshServer(tmp, null, null, s -> s.setCommandFactory(commands));
        Path knownHosts = tmp.resolve("known_hosts");
        Files.writeString(knownHosts, "# test\n");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
        ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE));
        SshTarget t = new SshTarget("t1", TestSshServer.USER, "127.0.0.1", server.port(), List.of(), null, knownHosts,
                tmp.resolve("no/java/bin/java").toString(), tmp.resolve("work").toString());
        return new SshHost(t, ssh, TestSshServer.PASSWORD.toCharArray());
    }

    @AfterEach
    void stop() throws Exception {
        if (ssh != null) {
            ssh.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "not within 30 s: " + what);
            Thread.sleep(20);
        }
    }

    @Test
    void aHostWhosePeerCannotStartForWantOfJavaIsObservedOverItsShell() throws Exception {
        try (SshHost h = hostWithoutJava(null)) {
            Watch watch = new Watch(List.of(h), true);
            Observation seen = Observers.start(watch, Duration.ofMillis(100), Duration.ofSeconds(30)).stop();
            assertTrue(h.peerUnavailable().contains("check java"), h.peerUnavailable());
            assertEquals(List.of(), seen.missing());
            Map<String, Object> m = Flat.of(seen.observed());
            assertEquals("ssh", m.get("t1_observed_via"));
            double cpu = ((Number) m.get("cpu_t1_pct")).doubleValue();
            assertTrue(cpu >= 0 && cpu <= 100, m.toString());
            assertTrue(m.containsKey("cpu_t1_softirq_pct") && m.containsKey("t1_lo_rx_packets") && m.containsKey("t1_drops"), m.toString());
            assertTrue(m.containsKey("t1_qdisc_drops") || String.valueOf(m.get("t1_observe_note")).contains("no qdisc drops"), m.toString());
            // the next test goes the same way on the same login, without asking for Java again
            Observation again = Observers.start(watch, Duration.ofMillis(100), Duration.ofSeconds(30)).stop();
            assertEquals("ssh", Flat.of(again.observed()).get("t1_observed_via"));
            assertEquals(1, server.activeSessions(), "one login for the host");
        }
    }

    @Test
    void readsEveryIntervalAndEndsWithALastReadingWhenStopped() throws Exception {
        try (SshHost h = hostWithoutJava(null)) {
            ShellWatch w = ShellWatch.start(h, Duration.ofMillis(100), Duration.ofSeconds(30), false);
            w.awaitReady(Duration.ofSeconds(15));
            await(() -> w.intervals().size() >= 2, "two interval samples");
            w.stop();
            await(w::isDone, "the loop ends when its input ends");
            assertNull(w.error());
            Interval<Load> first = w.intervals().get(0);
            assertTrue(first.endS() > first.startS(), first.toString());
            assertTrue(!first.figures().cpu().isEmpty(), first.toString());
            ObserveWorkload.Report f = w.figures();
            assertTrue(f.load().seconds() >= w.intervals().get(1).endS(), f.toString());
            assertTrue(f.cpuCount() >= 1, f.toString());
            w.close();
        }
    }

    @Test
    void aLostSessionKeepsWhatWasReadAndSaysSo() throws Exception {
        try (SshHost h = hostWithoutJava(null)) {
            ShellWatch w = ShellWatch.start(h, Duration.ofMillis(100), Duration.ofSeconds(30), false);
            w.awaitReady(Duration.ofSeconds(15));
            await(() -> w.intervals().size() >= 1, "an interval sample");
            h.loginSession().close(true);
            await(w::isDone, "the watch ends with its channel");
            assertNotNull(w.figures(), "what was read is kept");
            String e = w.error();
            assertTrue(e.startsWith("t1: observe over ssh: the SSH channel closed"), e);
            assertTrue(e.contains("the figures up to its last reading are kept"), e);
            w.close();
        }
    }

    @Test
    void aShellThatCannotRunTheLoopIsExplained() throws Exception {
        // the in-process server may drop what a process writes to stderr just before it exits: it waits a little
        String fails = "echo 'sh: cat: not found' >&2; sleep 0.3; exit 127";
        try (SshHost h = hostWithoutJava((channel, command) -> new ProcessShellFactory(fails, "/bin/sh", "-c", fails).createShell(channel))) {
            ShellWatch w = ShellWatch.start(h, Duration.ofMillis(100), Duration.ofSeconds(30), false);
            HostException e = assertThrows(HostException.class, () -> w.awaitReady(Duration.ofSeconds(15)));
            assertEquals("t1", e.host());
            assertEquals("observe over ssh", e.step());
            assertTrue(e.getMessage().contains("ended before its first reading"), e.getMessage());
            assertTrue(e.getMessage().contains("cat: not found"), e.getMessage());
            assertTrue(e.getMessage().contains("POSIX sh"), e.getMessage());
        }
    }
}

package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.host.LocalHost;
import benchsh.shell.host.SshHost;
import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.script.ScriptError;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code host}, {@code hosts} and {@code connect} from scripts, without reaching any host. */
class HostVerbTest {
    @Test
    void hostIsRegisteredUnderItsNameAndBoundByAssignment() {
        StringWriter out = new StringWriter();
        try (Session session = new Session(new PrintWriter(out))) {
            ScriptRunner runner = new ScriptRunner(session);
            Object a = runner.evaluate("a = host 'me@pc1:2222'; a", "t");
            SshHost h = (SshHost) a;
            assertEquals("me@pc1:2222", h.name());
            assertEquals("me", h.target().user());
            assertEquals(2222, h.target().port());
            assertSame(h, session.host("me@pc1:2222"));
            assertSame(h, runner.evaluate("host 'me@pc1:2222'", "t"), "the same spec gives the same host");
            Object named = runner.evaluate("host 'me@pc1:2222', name: 'pc1', dir: '/tmp/w'", "t");
            assertSame(named, session.host("pc1"));
            runner.evaluate("hosts", "t");
            assertTrue(out.toString().contains("pc1") && out.toString().contains("new"), out.toString());
        }
    }

    @Test
    void benchshsRuntimeIsTheDefaultAndRuntimeOrJavaOptOut() {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            ScriptRunner runner = new ScriptRunner(session);
            SshHost plain = (SshHost) runner.evaluate("host 'me@pc1'", "t");
            assertEquals(SshTarget.RuntimeUse.DEFAULT, plain.target().runtime(), "benchsh's runtime where the host's Java is older than 22");
            SshHost always = (SshHost) runner.evaluate("host 'me@pc1', runtime: true", "t");
            assertEquals(SshTarget.RuntimeUse.ALWAYS, always.target().runtime());
            SshHost never = (SshHost) runner.evaluate("host 'me@pc1', runtime: false", "t");
            assertEquals(SshTarget.RuntimeUse.NEVER, never.target().runtime());
            SshHost ownJava = (SshHost) runner.evaluate("host 'me@pc1', java: '/opt/jdk-17/bin/java'", "t");
            assertEquals(SshTarget.RuntimeUse.NEVER, ownJava.target().runtime(), "java: names the Java to run the peer on");
            SshHost both = (SshHost) runner.evaluate("host 'me@pc1', java: '/opt/jdk-17/bin/java', runtime: true", "t");
            assertEquals(SshTarget.RuntimeUse.ALWAYS, both.target().runtime(), "java: is then what runs the peer where the runtime cannot");
            assertTrue(assertThrows(ScriptError.class, () -> runner.evaluate("host 'me@pc2', runtime: 'maybe'", "t")).getMessage()
                    .contains("true or false"));
        }
    }

    @Test
    void peerSaysWhatRunsItsSides() {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            ScriptRunner runner = new ScriptRunner(session);
            SshHost plain = (SshHost) runner.evaluate("host 'me@pc1'", "t");
            assertEquals(SshTarget.PeerChoice.AUTO, plain.target().peer(), "the peer, and the host's tools where it has no Java for it");
            assertFalse(plain.runsShell(), "not known before it was tried");
            SshHost shell = (SshHost) runner.evaluate("host 'root@plug', peer: 'shell'", "t");
            assertEquals(SshTarget.PeerChoice.SHELL, shell.target().peer());
            assertTrue(shell.runsShell());
            assertEquals("shell", shell.peerVm());
            SshHost java = (SshHost) runner.evaluate("host 'me@pc3', peer: 'java'", "t");
            assertEquals(SshTarget.PeerChoice.JAVA, java.target().peer());
            String bad = assertThrows(ScriptError.class, () -> runner.evaluate("host 'me@pc2', peer: 'busybox'", "t")).getMessage();
            assertTrue(bad.contains("peer: must be 'java' or 'shell', not 'busybox'"), bad);
            String both = assertThrows(ScriptError.class, () -> runner.evaluate("host 'me@pc2', peer: 'shell', runtime: true", "t")).getMessage();
            assertTrue(both.contains("peer: 'shell' runs the host's own tools, no Java peer: leave runtime: out"), both);
            assertNull(session.host("me@pc2"), "nothing is registered");
        }
    }

    @Test
    void cpusPinsAHostsPeerAndAreCheckedFirst() {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            ScriptRunner runner = new ScriptRunner(session);
            assertNull(((SshHost) runner.evaluate("host 'me@pc1'", "t")).target().cpus(), "anywhere unless asked");
            assertEquals("0,2-3", ((SshHost) runner.evaluate("host 'me@pc1', cpus: '0,2-3'", "t")).target().cpus());
            assertEquals("1", ((SshHost) runner.evaluate("host 'me@pc1', cpus: 1", "t")).target().cpus());
            String bad = assertThrows(ScriptError.class, () -> runner.evaluate("host 'me@pc2', cpus: '3-1'", "t")).getMessage();
            assertTrue(bad.contains("cpus: '3-1' is not a CPU list") && bad.contains("e.g. cpus: '1'"), bad);
            assertNull(session.host("me@pc2"), "nothing is registered");
        }
    }

    @Test
    void theLocalHostTakesCpusAndNothingElse() {
        StringWriter out = new StringWriter();
        try (Session session = new Session(new PrintWriter(out))) {
            ScriptRunner runner = new ScriptRunner(session);
            LocalHost local = (LocalHost) session.hosts().local();
            assertSame(local, runner.evaluate("host 'local', cpus: '0'", "t"));
            assertEquals("0", local.cpus());
            assertSame(local, runner.evaluate("local", "t"), "the name local still means the built-in host");
            for (String wrong : List.of("host 'local'", "host 'local', cpus: '0', java: '/x/java'", "host 'me@pc1', name: 'local', cpus: '0'")) {
                String m = assertThrows(ScriptError.class, () -> runner.evaluate(wrong, "t")).getMessage();
                assertTrue(m.contains("built-in") && m.contains("host 'local', cpus: '0'"), m);
            }
            runner.evaluate("plan { host 'local', cpus: '1' }", "t");
            assertEquals("0", local.cpus(), "a dry run pins nothing");
            runner.evaluate("host 'local', cpus: ''", "t");
            assertNull(local.cpus(), "'' unpins");
            assertFalse(out.toString().contains("note: local"), "no peer was running: " + out);
        }
    }

    @Test
    void pinningTheRunningLocalPeerClosesItAndSaysSo() throws Exception {
        StringWriter out = new StringWriter();
        try (Session session = new Session(new PrintWriter(out))) {
            ScriptRunner runner = new ScriptRunner(session);
            LocalHost local = (LocalHost) session.hosts().local();
            local.peer();
            long pid = local.peerPid();
            runner.evaluate("host 'local', cpus: '0'", "t");
            assertTrue(out.toString().contains("note: local: closed its running peer; the next test starts one on CPUs 0\n"), out.toString());
            assertEquals(-1, local.peerPid());
            ProcessHandle old = ProcessHandle.of(pid).orElse(null);
            assertTrue(old == null || !old.isAlive(), "the old peer is gone");
        }
    }

    @Test
    void badSpecsAreUsageErrors() {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            ScriptRunner runner = new ScriptRunner(session);
            assertTrue(assertThrows(ScriptError.class, () -> runner.evaluate("host 'me@pc1:70000'", "t")).getMessage().contains("port"));
            assertTrue(assertThrows(ScriptError.class, () -> runner.evaluate("host 'local'", "t")).getMessage().contains("built-in"));
            assertTrue(assertThrows(ScriptError.class, () -> runner.evaluate("host 'me@pc1', passwd: 'x'", "t")).getMessage()
                    .contains("did you mean"));
        }
    }

    @Test
    void connectReportsEveryFailingHostOnOneLine() {
        StringWriter out = new StringWriter();
        try (Session session = new Session(new PrintWriter(out))) {
            Object ready = new ScriptRunner(session).evaluate("connect host('me@no-such-host-1.invalid'), host('me@no-such-host-2.invalid')", "t");
            assertEquals(java.util.List.of(), ready);
            assertTrue(out.toString().contains("error: me@no-such-host-1.invalid: resolve: unknown host name"), out.toString());
            assertTrue(out.toString().contains("error: me@no-such-host-2.invalid: resolve:"), out.toString());
            assertTrue(out.toString().contains("0 of 2 hosts ready"), out.toString());
        }
    }
}

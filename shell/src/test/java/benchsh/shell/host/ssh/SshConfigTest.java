package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host specs and ssh config resolution. */
class SshConfigTest {
    @TempDir
    Path tmp;

    @Test
    void specForms() {
        assertEquals(new SshSpec(null, "h1", 0), SshSpec.parse("h1"));
        assertEquals(new SshSpec("me", "pc1", 0), SshSpec.parse("me@pc1"));
        assertEquals(new SshSpec("me", "pc1", 2222), SshSpec.parse("me@pc1:2222"));
        assertEquals(new SshSpec("me", "::1", 2222), SshSpec.parse("me@[::1]:2222"));
        assertEquals(new SshSpec("me", "fd00:250:9::11", 0), SshSpec.parse("me@[fd00:250:9::11]"));
        IllegalArgumentException bare = assertThrows(IllegalArgumentException.class, () -> SshSpec.parse("me@fd00::2"));
        assertTrue(bare.getMessage().contains("put it in brackets, user@[fd00::2]"), bare.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SshSpec.parse("me@pc1:99999"));
        assertThrows(IllegalArgumentException.class, () -> SshSpec.parse("a b"));
        assertThrows(IllegalArgumentException.class, () -> SshSpec.parse(""));
    }

    private SshConfig config(String text) throws Exception {
        Path file = tmp.resolve("config");
        Files.writeString(file, text);
        return new SshConfig(new SshSettings(file, tmp.resolve("default_known_hosts"), false, Duration.ofSeconds(1),
                Duration.ofSeconds(1), Duration.ofSeconds(1), 2, HostKeyPrompt.REFUSE, SecretPrompt.NONE));
    }

    @Test
    void aliasTakesHostNameUserPortKeyAndKnownHostsFromTheConfig() throws Exception {
        SshConfig c = config("""
                Host h1
                    HostName 10.250.0.11
                    User tester
                    Port 2200
                    IdentityFile %s/id_test
                    UserKnownHostsFile %s/kh
                """.formatted(tmp, tmp));
        SshTarget t = c.resolve("h1", SshSpec.parse("h1"), null, null, null, null);
        assertEquals("10.250.0.11", t.hostName());
        assertEquals("tester", t.user());
        assertEquals(2200, t.port());
        assertEquals(List.of(tmp.resolve("id_test")), t.identities());
        assertEquals(tmp.resolve("kh"), t.knownHosts());
        assertEquals("java", t.java());
        assertEquals(SshTarget.DEFAULT_DIR, t.dir());
        assertEquals(List.of(), t.jumps());
    }

    @Test
    void systemKnownHostsAreOpenSshsUnlessTheConfigNamesOthers() throws Exception {
        SshConfig c = config("Host h2\n    GlobalKnownHostsFile %s/g1 %s/g2\n".formatted(tmp, tmp));
        assertEquals(SshSettings.SYSTEM_KNOWN_HOSTS, c.resolve("h1", SshSpec.parse("h1"), null, null, null, null).globalKnownHosts());
        assertEquals(List.of(Path.of("/etc/ssh/ssh_known_hosts"), Path.of("/etc/ssh/ssh_known_hosts2")), SshSettings.SYSTEM_KNOWN_HOSTS);
        assertEquals(List.of(tmp.resolve("g1"), tmp.resolve("g2")),
                c.resolve("h2", SshSpec.parse("h2"), null, null, null, null).globalKnownHosts());
    }

    @Test
    void optionsWinOverTheConfig() throws Exception {
        SshConfig c = config("Host h1\n    HostName 10.0.0.1\n    User tester\n    Port 2200\n");
        SshTarget t = c.resolve("x", SshSpec.parse("me@h1:22"), tmp.resolve("k"), "/opt/java", "/tmp/w", tmp.resolve("kh2"));
        assertEquals("me", t.user());
        assertEquals(22, t.port());
        assertEquals("10.0.0.1", t.hostName());
        assertEquals(tmp.resolve("k"), t.identities().get(0));
        assertEquals("/opt/java", t.java());
        assertEquals("/tmp/w", t.dir());
        assertEquals(tmp.resolve("kh2"), t.knownHosts());
    }

    @Test
    void proxyJumpHopsAreResolvedThroughTheConfig() throws Exception {
        SshConfig c = config("""
                Host bastion
                    HostName 192.0.2.1
                    User jumper
                    Port 2022
                    IdentityFile %s/id_jump
                    ProxyJump ignored-for-hops
                Host inner
                    HostName 10.9.0.5
                    User tester
                    ProxyJump bastion,ops@gw:2200
                """.formatted(tmp));
        SshTarget t = c.resolve("inner", SshSpec.parse("inner"), null, null, null, null);
        assertEquals(2, t.jumps().size());
        SshTarget b = t.jumps().get(0);
        assertEquals("bastion", b.name());
        assertEquals("jumper@192.0.2.1:2022", b.where());
        assertEquals(List.of(tmp.resolve("id_jump")), b.identities());
        assertEquals(List.of(), b.jumps(), "a hop's own ProxyJump is not followed");
        assertEquals("ops@gw:2200", t.jumps().get(1).where());
        assertEquals("bastion, ops@gw:2200", t.via());
    }

    @Test
    void jumpOptionWinsOverTheConfigAndNoneDisablesIt() throws Exception {
        SshConfig c = config("Host inner\n    HostName 10.9.0.5\n    ProxyJump bastion\n");
        SshTarget t = c.resolve("inner", SshSpec.parse("inner"), null, null, null, null, "me@other:2222");
        assertEquals("other", t.jumps().get(0).hostName());
        assertEquals(2222, t.jumps().get(0).port());
        assertEquals(List.of(), c.resolve("inner", SshSpec.parse("inner"), null, null, null, null, "none").jumps());
        assertEquals("x", c.resolve("inner", SshSpec.parse("inner"), null, null, null, null, "ssh://u@x:22").jumps().get(0).hostName());
        assertThrows(IllegalArgumentException.class, () -> c.resolve("inner", SshSpec.parse("inner"), null, null, null, null, "a b"));
    }

    @Test
    void unknownAliasIsUsedAsTheHostName() throws Exception {
        SshTarget t = config("Host other\n    HostName 10.0.0.9\n").resolve("pc7", SshSpec.parse("pc7"), null, null, null, null);
        assertEquals("pc7", t.hostName());
        assertEquals(22, t.port());
        assertEquals(System.getProperty("user.name"), t.user());
        assertEquals(tmp.resolve("default_known_hosts"), t.knownHosts());
    }

    @Test
    void javaVersionParsing() {
        assertEquals(17, JavaCheck.major("openjdk version \"17.0.15\" 2025-04-15"));
        assertEquals(8, JavaCheck.major("java version \"1.8.0_392\""));
        assertEquals(21, JavaCheck.major("openjdk version \"21\" 2023-09-19"));
        assertNull(JavaCheck.major("sh: 1: java: not found"));
    }
}

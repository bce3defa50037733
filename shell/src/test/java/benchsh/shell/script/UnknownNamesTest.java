package benchsh.shell.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import benchsh.shell.Session;
import benchsh.shell.host.ssh.SshSettings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A name that is neither a verb nor a variable gets an error that says what to write instead. */
class UnknownNamesTest {

    private static String error(Session session, String code) {
        return assertThrows(ScriptError.class, () -> new ScriptRunner(session).evaluate(code, "t")).getMessage();
    }

    @Test
    void aHostOfTheSshConfigNotDeclaredYetSaysHowToDeclareIt(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("config"), "Host h1 h2\n  HostName 192.0.2.1\nHost *.lab\n  User me\n");
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            SshSettings s = session.ssh().settings();
            session.ssh().settings(new SshSettings(config, s.knownHosts(), s.defaultKeys(), s.connectTimeout(), s.authTimeout(), s.heartbeat(),
                    s.parallel(), s.hostKeys(), s.secrets(), s.agent(), s.globalKnownHosts(), s.deployRuntime()));
            assertEquals("unknown name 'h1': h1 is a host of the ssh config (" + config + ") that this session has not declared;"
                    + " declare it first: h1 = host 'h1'", error(session, "tcp from: h1"));
            assertEquals("unknown name 'h3'", error(session, "tcp from: h3"), "not in the config, and no typo of anything: no 'rr'");
            assertEquals(List.of("h1", "h2"), UnknownNames.sshHosts(config), "patterns are not names");
        }
    }

    @Test
    void aMisspeltHostIsSuggestedAndAnArgumentWithoutItsColonIsNamed() {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            assertEquals("unknown name 'lcoal'; did you mean 'local'?", error(session, "tcp to: lcoal"));
            assertEquals("unknown name 'streams'; an argument is written with a colon after its name: streams: VALUE", error(session, "tcp streams"));
        }
    }
}

package benchsh.shell;

import benchsh.shell.secret.Secrets;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import benchsh.shell.console.Repl;
import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.KnownHosts;
import benchsh.shell.host.ssh.TestSshServer;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoreSink;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets never leave memory: a unique random password, accepted by an in-process SSH server on
 * loopback, is handed to benchsh every way it can take one (written after {@code password:}, in a
 * variable on another line, {@code env('NAME')}, {@code --set}, an inventory, {@code -e}, the REPL's
 * prompt), the hosts really log in with it and tests run; then every file benchsh wrote (JSON lines,
 * reports in every format, exports in every format, the store's bytes, the REPL history, logs) and
 * everything it printed is searched for the password. Nothing may hold it. The inputs (script,
 * inventory) live apart, in {@code in/}: they are the user's files.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SecretLeakTest {
    private static final String SECRET = "leak" + HexFormat.of().formatHex(new SecureRandom().generateSeed(10));
    private static final String ENV = "BENCHSH_LEAK_TEST_PW";

    @TempDir
    Path tmp;
    private TestSshServer server;
    private Path in;
    private Path out;
    private Path knownHosts;

    @BeforeEach
    void start() throws Exception {
        in = Files.createDirectories(tmp.resolve("in"));
        out = Files.createDirectories(tmp.resolve("out"));
        KeyPair userKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        try (OutputStream key = Files.newOutputStream(in.resolve("id_ed25519"))) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(userKey, "test", null, key);
        }
        Files.setPosixFilePermissions(in.resolve("id_ed25519"), PosixFilePermissions.fromString("rw-------"));
        server = new TestSshServer(Files.createDirectories(tmp.resolve("server")), userKey.getPublic());
        server.passwords.add(SECRET);
        knownHosts = in.resolve("known_hosts");
        Files.writeString(knownHosts, "");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    /** {@code host 'bench@127.0.0.1:PORT', name: NAME, password: PASSWORD, ...} with this test's known_hosts and work dir. */
    private String host(String name, String password) {
        return "host 'bench@127.0.0.1:" + server.port() + "', name: '" + name + "', password: " + password
                + ", known_hosts: '" + knownHosts + "', dir: '" + out.resolve("remote-" + name) + "'"; // one dir each: connects run at once
    }

    /**
     * {@code k = host ...} logging in with a key: the receiver of every test, and a first result
     * before any password is known. (The peers run from this test's dirs, not the shared cache.)
     */
    private String keyHost() {
        return "k = host 'bench@127.0.0.1:" + server.port() + "', name: 'k', key: '" + in.resolve("id_ed25519")
                + "', known_hosts: '" + knownHosts + "', dir: '" + out.resolve("remote-k") + "'\n";
    }

    @Test
    void aBatchRunWritesThePasswordNowhere() throws Exception {
        Path script = Files.writeString(in.resolve("leak.groovy"), """
                %stcp from: k, to: k, time: 1.s, omit: 0.s   // stored before the next line's text is known to hold a password
                pw = '%s'
                a = %s
                b = %s
                c = %s
                d = %s
                ready = connect a, b, c, d, e
                expect ready.size() == 5
                tcp from: b, to: k, time: 1.s, omit: 0.s, label: 'over ssh'
                ['md', 'csv', 'json'].each { report '%s/r.' + it; export '%s/e.' + it }
                """.formatted(keyHost(), SECRET, host("a", "'" + SECRET + "'"), host("b", "pw"), host("c", "env('" + ENV + "')"),
                host("d", "param('login', 'none')"), out, out));
        Path inventory = Files.writeString(in.resolve("hosts.ini"), "[hosts]\ne = bench@127.0.0.1:" + server.port()
                + " password=env(" + ENV + ") known_hosts=" + knownHosts + " dir=" + out.resolve("remote-e") + "\n");
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(java, "-Duser.home=" + out.resolve("home"), "-Djava.io.tmpdir=" + Files.createDirectories(out.resolve("tmp")),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "--hosts", inventory.toString(), "--set", "login=" + SECRET, "--json", out.resolve("results.jsonl").toString(),
                "--report", out.resolve("r.html").toString(), "--db", out.resolve("store.db").toString(), "--progress",
                "run", script.toString())
                .redirectOutput(out.resolve("stdout.txt").toFile()).redirectError(out.resolve("stderr.txt").toFile());
        pb.environment().put(ENV, SECRET);
        Process p = pb.start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("benchsh did not finish within 240 s: " + Files.readString(out.resolve("stderr.txt")));
        }
        String stderr = Files.readString(out.resolve("stderr.txt"));
        assertEquals(0, p.exitValue(), stderr + Files.readString(out.resolve("stdout.txt")));
        List<Map<String, Object>> lines = Batch.results(Files.readString(out.resolve("results.jsonl")));
        assertEquals(2, lines.size(), "k to k, then b (logged in with the password) to k");
        assertEquals("ok", lines.get(1).get("status"), lines.get(1).toString());
        assertNowhere(out, List.of());
        String md = Files.readString(out.resolve("r.md"));
        assertTrue(md.contains("pw = '***'") && md.contains("password: '***'") && md.contains("login=***"), md);
        assertOwnerOnly(out.resolve("store.db"));
    }

    /**
     * The first result is stored while the password is not known to be one yet ({@code pw = '...'}
     * comes before the host that uses it): the store rewrites the session row once it is, leaving no
     * copy in the database file or its WAL.
     */
    @Test
    void dashEStatementsAndTheirRerunLineMaskIt() throws Exception {
        Batch b = Batch.run("--json", "-", "--report", out.resolve("r.md").toString(), "--db", out.resolve("store.db").toString(),
                "-e", keyHost() + "tcp from: k, to: k, time: 1.s, omit: 0.s\npw = '" + SECRET + "'\nh = " + host("h", "pw")
                        + "\ntcp from: h, to: k, time: 1.s, omit: 0.s");
        assertEquals(0, b.exit(), b.err());
        assertEquals("ok", b.results().get(1).get("status"), b.out());
        assertNowhere(out, List.of(b.out(), b.err()));
        String md = Files.readString(out.resolve("r.md"));
        assertTrue(md.contains("benchsh --json - --report") && md.contains("pw = '\\''***'\\''"), "the rerun line, masked: " + md);
    }

    @Test
    void theReplKeepsItOutOfHistoryStoreAndReports() throws Exception {
        String prompted = repl(keyHost() + "a = " + host("a", "prompt") + "\n" + SECRET + "\ntcp from: a, to: k, time: 1.s, omit: 0.s\n"
                + "report '" + out.resolve("repl.html") + "'\n");
        assertTrue(prompted.contains("password for a: "), prompted);
        assertTrue(prompted.contains("wrote " + out.resolve("repl.html")), prompted);
        // typed on the terminal, so only the files are searched for it afterwards
        String typed = repl(keyHost() + "tcp from: k, to: k, time: 1.s, omit: 0.s\npw = '" + SECRET + "'\nb = " + host("b", "pw")
                + "\ntcp from: b, to: k, time: 1.s, omit: 0.s\n");
        try (ResultStore store = ResultStore.open(out.resolve("repl.db"))) {
            List<String> logins = store.results(StoreQuery.ALL).stream().filter(r -> !r.result().from().equals("k"))
                    .map(r -> r.result().from() + " " + r.result().status().wire()).toList();
            assertEquals(List.of("a ok", "b ok"), logins, "both logged in with the password: " + prompted + typed);
        }
        assertNowhere(out, List.of(prompted));
        String history = Files.readString(out.resolve("history"));
        assertTrue(history.contains("password: prompt") && history.contains(":pw = '***'"), history);
        assertOwnerOnly(out.resolve("history"));
        assertOwnerOnly(out.resolve("repl.db"));
    }

    @Test
    void passwordPromptInBatchModeAsksForAnEnvironmentVariable() {
        Batch b = Batch.run("--db", out.resolve("store.db").toString(), "-e", host("a", "prompt"));
        assertEquals(2, b.exit(), b.err());
        assertTrue(b.err().contains("password: prompt asks on a terminal, and this run has none") && b.err().contains("password: env('NAME')"), b.err());
    }

    /** Runs the REPL on a dumb terminal with a store and history in {@code out}; returns what it printed. */
    private String repl(String input) throws Exception {
        ByteArrayOutputStream terminalOut = new ByteArrayOutputStream();
        try (Terminal t = new DumbTerminal("test", "dumb", new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), terminalOut,
                StandardCharsets.UTF_8); Session s = new Session(new PrintWriter(t.writer()))) {
            t.setSize(new org.jline.terminal.Size(120, 60));
            s.attachTerminal(t.writer());
            s.ssh().settings(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE));
            ResultStore store = ResultStore.open(out.resolve("repl.db"));
            s.log().store(store);
            s.log().addSink(new StoreSink(store, message -> fail(message)));
            new Repl(t, s, out.resolve("history")).run();
        }
        return terminalOut.toString(StandardCharsets.UTF_8);
    }

    /** No file under {@code dir} (bytes, searched as UTF-8) and no printed text holds the password. */
    private static void assertNowhere(Path dir, List<String> printed) throws IOException {
        byte[] needle = SECRET.getBytes(StandardCharsets.UTF_8);
        List<String> holders = new ArrayList<>();
        int files = 0;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path f : all.filter(Files::isRegularFile).toList()) {
                files++;
                if (contains(Files.readAllBytes(f), needle)) {
                    holders.add(dir.relativize(f).toString());
                }
            }
        }
        for (int i = 0; i < printed.size(); i++) {
            if (printed.get(i).contains(SECRET)) {
                holders.add("printed output #" + (i + 1));
            }
        }
        assertTrue(files >= 3, "searched " + files + " files");
        assertEquals(List.of(), holders, "the password was found in these");
    }

    /** Whether {@code needle} occurs in {@code haystack}; also for {@link SharedStoreTest}. */
    static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void assertOwnerOnly(Path file) throws IOException {
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file.toString());
    }
}

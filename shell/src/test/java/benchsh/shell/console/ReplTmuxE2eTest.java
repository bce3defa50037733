package benchsh.shell.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.Main;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoredResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The REPL in a real terminal (tmux, 120x40, the built-in local host): a live status line during a
 * 10 s tcp, Ctrl-C keeping an interrupted row with its data, the REPL alive after it, history and
 * the store showing it, Tab completion of verbs and arguments, help; and {@code password: prompt} asked on
 * the terminal a batch run was started from. Never asserts on speed.
 */
@Tag("e2e")
@Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReplTmuxE2eTest {
    private static final Pattern STATUS = Pattern.compile("tcp\\s+([0-9.]+) / 11\\.0 s.*\\(Ctrl-C stops\\)");
    private final String socket = "benchsh-test-" + ProcessHandle.current().pid();

    @Test
    void progressCtrlCHistoryCompletionAndHelp(@TempDir Path home) throws Exception {
        assumeTrue(run(List.of("tmux", "-V")) == 0, "tmux is not installed (.ci/install-repl.sh installs it)");
        Path db = home.resolve("results.db");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = String.join(" ", quote(java), "-Duser.home=" + quote(home.toString()), "-cp", quote(System.getProperty("java.class.path")),
                Main.class.getName(), "--db", quote(db.toString()));
        try {
            assertEquals(0, run(List.of("tmux", "-L", socket, "new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command)));
            await("the prompt", s -> s.contains("benchsh>"), 40);
            send("tcp to: local, time: 10.s", "Enter");
            String running = await("the live status line", s -> STATUS.matcher(s).find() && elapsed(s) >= 4.0, 40);
            assertTrue(running.contains("MB/s"), "the status line shows the current throughput: " + running);
            send("C-c");
            String after = await("the interrupted row", s -> s.contains("interrupted: interrupted by the user") && s.trim().endsWith("benchsh>"), 30);
            assertTrue(!after.contains("(Ctrl-C stops)"), "the status line is gone: " + after);
            assertTrue(!Pattern.compile("\\^C[ \\t]*\\S").matcher(after).find(), "the row's header starts below the echoed ^C: " + after);
            Matcher row = Pattern.compile("local\\s+local\\s+128 KiB\\s+1\\s+false\\s+([0-9.]+) s\\s+.*interrupted").matcher(after);
            assertTrue(row.find(), after);
            double seconds = Double.parseDouble(row.group(1));
            assertTrue(seconds >= 1.5 && seconds <= 8, "about 3 s of data were kept: " + seconds + "\n" + after);

            send("println 'alive-' + (6 * 7)", "Enter");
            await("the REPL to go on", s -> s.contains("alive-42"), 20);
            send("history limit: 5", "Enter");
            await("history to show the interrupted run", s -> Pattern.compile("#1\\s+\\S+\\s+\\S+ \\S+\\s+\\S+\\s+\\S+\\s+tcp\\s+local\\s+local\\s+-\\s+interrupted").matcher(s).find(), 20);
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM result WHERE status = 'interrupted'")) {
                rs.next();
                assertEquals(1, rs.getInt(1), "sqlite3 counts it");
            }
            try (ResultStore store = ResultStore.open(db)) {
                StoredResult r = store.results(StoreQuery.ALL).get(0);
                assertTrue(r.result().intervals().size() >= 1, "the intervals were kept");
            }

            send("C-l"); // clear the screen: what follows is about completion only
            send("tc", "Tab");
            send(" s", "Tab");
            String offered = await("size: and streams: offered after tcp", s -> s.contains("size:") && s.contains("streams:"), 20);
            assertTrue(offered.contains("benchsh> tcp  s") || offered.contains("benchsh> tcp s"), "tc completed to tcp: " + offered);
            assertTrue(offered.contains("bytes per write"), "with the argument's meaning: " + offered);
            send("C-u");
            send("help tcp", "Enter");
            // the page is taller than the screen: its end shows
            await("help tcp", s -> s.contains("Examples:") && s.contains("repeats:") && s.contains("tcp to: local, size: 16.KiB"), 20);
            send("C-d");
        } finally {
            run(List.of("tmux", "-L", socket, "kill-server"));
        }
    }

    /** The "rerun with" line of a session that used password: prompt runs, and asks, in a terminal. */
    @Test
    void aBatchRunAsksForAPromptedPasswordOnItsTerminal(@TempDir Path home) throws Exception {
        assumeTrue(run(List.of("tmux", "-V")) == 0, "tmux is not installed (.ci/install-repl.sh installs it)");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String script = "h = host 'me@127.0.0.1:1', password: prompt\nprintln 'declared ' + h.name()";
        String command = String.join(" ", quote(java), "-Duser.home=" + quote(home.toString()), "-cp", quote(System.getProperty("java.class.path")),
                Main.class.getName(), "--db", quote(home.resolve("results.db").toString()), "-e", quote(script)) + "; echo \"exit=$?\"; sleep 60";
        try {
            assertEquals(0, run(List.of("tmux", "-L", socket, "new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command)));
            await("the password prompt", s -> s.contains("password for me@127.0.0.1:1:"), 40);
            send("not-shown-4711", "Enter");
            String done = await("the script to go on", s -> s.contains("exit="), 40);
            assertTrue(done.contains("declared me@127.0.0.1:1") && done.contains("exit=0"), done);
            assertTrue(!done.contains("not-shown-4711"), "typed without echo: " + done);
        } finally {
            run(List.of("tmux", "-L", socket, "kill-server"));
        }
    }

    private static double elapsed(String screen) {
        Matcher m = STATUS.matcher(screen);
        double last = -1;
        while (m.find()) {
            last = Double.parseDouble(m.group(1));
        }
        return last;
    }

    private void send(String... keys) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket, "send-keys", "-t", "t"));
        cmd.addAll(List.of(keys));
        assertEquals(0, run(cmd));
    }

    /** Polls the screen every 200 ms until {@code ok} holds; fails with the screen after {@code seconds}. */
    private String await(String what, Predicate<String> ok, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        String screen = "";
        while (System.nanoTime() < deadline) {
            screen = screen();
            if (ok.test(screen)) {
                return screen;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("waited " + seconds + " s for " + what + "; the screen:\n" + screen);
    }

    private String screen() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("tmux", "-L", socket, "capture-pane", "-p", "-t", "t").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }

    private static int run(List<String> command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (IOException e) {
            return -1;
        }
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}

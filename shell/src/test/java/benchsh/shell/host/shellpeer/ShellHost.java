package benchsh.shell.host.shellpeer;

import benchsh.shell.Session;
import benchsh.shell.host.SshHost;
import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.KnownHosts;
import benchsh.shell.host.ssh.RemoteCommand;
import benchsh.shell.host.ssh.SshContext;
import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.host.ssh.TestSshServer;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.server.command.CommandFactory;
import org.apache.sshd.server.shell.ProcessShellFactory;

/**
 * A host without Java for the tests of its own tools: an in-process SSH server whose commands run with busybox's
 * applets alone on {@code PATH} (a directory of links to /bin/busybox, as on a router), under dash or busybox's own
 * sh, and a session with that host ({@code dut}) and the local peer, to run verbs with.
 */
final class ShellHost implements AutoCloseable {
    static final Path BUSYBOX = Path.of("/bin/busybox");

    /** Skips the calling test where busybox-static is not installed. */
    static void assumeBusybox() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(BUSYBOX), "busybox-static is not installed (.ci/install-ssh.sh)");
    }

    /** The bytes a result moved. */
    static long bytes(Result r) {
        return ((Number) r.metrics().get("bytes")).longValue();
    }

    final Path dir;
    final TestSshServer server;
    final SshContext ssh;
    final SshHost host;
    final StringWriter out = new StringWriter();
    final Session session = new Session(new PrintWriter(out, true));
    final ScriptRunner runner;

    /**
     * @param busyboxSh whether the commands run under busybox's sh (else dash, /bin/sh)
     * @param choice    the host's peer: declared shell, or left to find it has no Java
     */
    ShellHost(Path dir, boolean busyboxSh, SshTarget.PeerChoice choice) throws IOException, InterruptedException {
        this(dir, busyboxSh, choice, applets().toString());
    }

    /** @param path the commands' PATH */
    ShellHost(Path dir, boolean busyboxSh, SshTarget.PeerChoice choice, String path) throws IOException {
        this.dir = Files.createDirectories(dir);
        server = new TestSshServer(dir, null, null, s -> s.setCommandFactory(commands(path, busyboxSh)));
        Path knownHosts = dir.resolve("known_hosts");
        Files.writeString(knownHosts, "# test\n");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
        ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE));
        SshTarget t = new SshTarget("dut", TestSshServer.USER, "127.0.0.1", server.port(), List.of(), null, knownHosts, "java",
                dir.resolve("work").toString()).withPeer(choice);
        host = new SshHost(t, ssh, TestSshServer.PASSWORD.toCharArray());
        session.hosts().add(host);
        runner = new ScriptRunner(session);
    }

    /** A directory of links to busybox, one per applet (in the build's target directory, made once). */
    static synchronized Path applets() throws IOException, InterruptedException {
        Path bin = Path.of("target", "busybox-applets").toAbsolutePath();
        Files.createDirectories(bin);
        Process p = new ProcessBuilder(BUSYBOX.toString(), "--list").redirectErrorStream(true).start();
        String list = new String(p.getInputStream().readAllBytes());
        p.waitFor(10, TimeUnit.SECONDS);
        for (String applet : list.split("\\s+")) {
            if (!applet.isBlank() && !Files.exists(bin.resolve(applet), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(bin.resolve(applet), BUSYBOX);
            }
        }
        return bin;
    }

    /** Commands run with only the applets on PATH; {@code /bin/sh -c} becomes busybox's sh where asked. */
    static CommandFactory commands(String path, boolean busyboxSh) {
        return (channel, command) -> {
            String c = busyboxSh && command.startsWith("exec /bin/sh -c ") ? "exec /bin/busybox sh -c " + command.substring(16) : command;
            String wrapped = "exec /usr/bin/env PATH=" + RemoteCommand.quote(path) + " /bin/sh -c " + RemoteCommand.quote(c);
            return new ProcessShellFactory(wrapped, "/bin/sh", "-c", wrapped).createShell(channel);
        };
    }

    /**
     * Whether a process of this JVM's session (where the server's commands run, orphans of a lost channel too) has
     * {@code text} in its command line; busybox runs some applets without exec, under its shell's command line.
     */
    static boolean running(String text) {
        long session = sessionOf(ProcessHandle.current().pid());
        try (java.util.stream.Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().matches("\\d+")).anyMatch(p -> {
                long pid = Long.parseLong(p.getFileName().toString());
                try {
                    return pid != ProcessHandle.current().pid() && sessionOf(pid) == session
                            && new String(Files.readAllBytes(p.resolve("cmdline"))).replace('\0', ' ').contains(text);
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The session of a process (the sixth field of /proc/PID/stat), or -1 when it is gone. */
    private static long sessionOf(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[3]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    Object eval(String code) {
        return runner.evaluate(code, "test.groovy");
    }

    Result run(String code) {
        return (Result) eval(code);
    }

    @Override
    public void close() throws IOException {
        session.close();
        host.close();
        ssh.close();
        server.close();
    }
}

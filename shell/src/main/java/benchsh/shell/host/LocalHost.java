package benchsh.shell.host;

import benchsh.peer.facts.HostFacts;
import benchsh.peer.protocol.ControlChannel;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The built-in host {@code local}: a peer child process on this machine, started with a Java 22+ where there
 * is one ({@link LocalJava}: {@code $BENCHSH_JAVA}, the shell's own, a JDK 22+ here, benchsh's shipped runtime),
 * under {@code taskset -c LIST} when pinned to CPUs ({@code host 'local', cpus: '0'}). Its stderr goes to a log
 * file ({@link LocalPeerLog}) whose tail explains a peer that would not start or died.
 */
public final class LocalHost extends Host {
    private final LocalJava vm;
    private final String java;
    private Process process;
    private LocalPeerLog log;
    private String cpus;

    public LocalHost(String name, String java) {
        this(name, LocalJava.given(java));
    }

    /** @param vm the java that runs the peer ({@link LocalJava#choose()}) */
    public LocalHost(String name, LocalJava vm) {
        super(name);
        this.vm = vm;
        this.java = vm.java();
    }

    /** The java to run local peers with: {@link LocalJava#choose()}'s. */
    public static String defaultJava() {
        return LocalJava.choose().java();
    }

    @Override
    public String peerVm() {
        return vm.vm();
    }

    @Override
    public String peerNote() {
        return vm.note();
    }

    /**
     * The shell's own java (or $BENCHSH_JAVA): the command of this process when that is a java binary, else (a
     * native launcher, such as the .deb's {@code /opt/benchsh/bin/benchsh}) the runtime's {@code bin/java}.
     *
     * @param env $BENCHSH_JAVA, or null
     * @param command this process's executable, or null when unknown
     * @param javaHome the running Java's home ({@code java.home})
     */
    static String defaultJava(String env, String command, String javaHome) {
        if (env != null && !env.isBlank()) {
            return env;
        }
        if (command != null && Path.of(command).getFileName().toString().equals("java")) {
            return command;
        }
        Path java = Path.of(javaHome, "bin", "java");
        return Files.isExecutable(java) ? java.toString() : command != null ? command : "java";
    }

    /**
     * The environment variable whose whitespace-separated JVM options local peers get, e.g. to record a JDK
     * Flight Recording of a workload (docs/performance.md, "Where the time goes").
     */
    public static final String PEER_OPTIONS_ENV = "BENCHSH_PEER_JAVA_OPTIONS";

    /** The CPUs the peer runs on (a {@link CpuList}), or null for any. */
    public synchronized String cpus() {
        return cpus;
    }

    /**
     * Runs the peer on {@code list} from now on (null or blank: on any CPU). A running peer is closed, and the
     * next use starts one where it should run.
     *
     * @return whether a running peer was closed
     * @throws IllegalArgumentException when {@code list} is not a CPU list
     */
    public synchronized boolean cpus(String list) {
        String checked = CpuList.check(list);
        if (Objects.equals(checked, cpus)) {
            return false;
        }
        boolean running = peerPid() >= 0;
        if (state() != State.NEW) {
            close();
        }
        cpus = checked;
        return running;
    }

    /**
     * No {@code hsperfdata_<user>/<pid>} file in the temp directory: a peer killed with SIGKILL would leave it
     * behind. Every peer runs with it; {@code jcmd <pid>} still attaches.
     */
    public static final String NO_PERF_DATA = "-XX:-UsePerfData";

    /**
     * The command line of a local peer. Extra JVM options (from {@link #PEER_OPTIONS_ENV}) come after the
     * defaults, so they can override them; with any, the JVM's own warnings go to stderr (the peer's log file),
     * since the peer's stdout carries the control protocol and a JVM message there (e.g. JFR's "Started
     * recording") would break the handshake.
     *
     * @param cpus the CPUs to run on (a checked {@link CpuList}): the command starts with {@code taskset -c cpus}; null for any
     * @param extraOptions whitespace-separated JVM options, or null
     */
    static List<String> peerCommand(String java, String cpus, String extraOptions, String jar) {
        List<String> command = new ArrayList<>();
        if (cpus != null) {
            command.addAll(List.of("taskset", "-c", cpus));
        }
        command.addAll(List.of(java, "-XX:+UseSerialGC", "-Xss512k", NO_PERF_DATA));
        if (extraOptions != null && !extraOptions.isBlank()) {
            // JFR logs its start to stdout at info unless jfr+startup is below warning
            command.addAll(List.of("-Xlog:disable", "-Xlog:all=warning:stderr", "-Xlog:jfr+startup=error:stderr"));
            command.addAll(List.of(extraOptions.trim().split("\\s+")));
        }
        command.addAll(List.of("-jar", jar, "--stdio"));
        return List.copyOf(command);
    }

    /** Loopback: the address another local endpoint reaches this one at. */
    @Override
    public String dataAddress() {
        return DataAddresses.LOOPBACK;
    }

    /** Loopback for another local endpoint; for a remote host, this machine's address on the route to it. */
    @Override
    public String dataAddressFor(Host partner) throws HostException {
        return partner instanceof LocalHost ? dataAddress() : DataAddresses.towards(name(), partner);
    }

    /**
     * Checks that a peer can run on {@code cpus} here: taskset is on {@code path} and takes the list.
     *
     * @param path the directories to look for taskset in, as $PATH gives them
     */
    static void checkPinning(String host, String cpus, String path) throws HostException, InterruptedException {
        boolean found = path != null && Arrays.stream(path.split(File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "taskset")));
        if (!found) {
            throw new HostException(host, "start peer", CpuList.needsTaskset(cpus, "this machine"));
        }
        try {
            Process p = new ProcessBuilder("taskset", "-c", cpus, "true").redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new HostException(host, "start peer", "taskset -c " + cpus + " true did not end within 10 s");
            }
            if (p.exitValue() != 0) {
                throw new HostException(host, "start peer", CpuList.refused(cpus, PeerText.line(said), HostFacts.cpusAllowed(Path.of("/proc/self/status"))));
            }
        } catch (IOException e) {
            throw new HostException(host, "start peer", "cannot run taskset: " + e.getMessage());
        }
    }

    @Override
    protected PeerConnection connect() throws HostException, InterruptedException {
        String pinned = cpus();
        if (pinned != null) {
            checkPinning(name(), pinned, System.getenv("PATH"));
        }
        List<String> command;
        try {
            command = peerCommand(java, pinned, System.getenv(PEER_OPTIONS_ENV), PeerJar.local().toString());
            log = LocalPeerLog.open(Path.of(System.getProperty("java.io.tmpdir")));
        } catch (IOException e) {
            throw new HostException(name(), "start peer", e.getMessage());
        }
        try {
            process = new ProcessBuilder(command).redirectError(log.stderr()).start();
        } catch (IOException e) {
            throw new HostException(name(), "start peer", "cannot run '" + String.join(" ", command) + "': " + e.getMessage()
                    + "; install Java 17+ or set BENCHSH_JAVA to a java binary");
        }
        ControlChannel channel = new ControlChannel("peer on " + name(), process.getInputStream(), process.getOutputStream());
        PeerConnection connection = new PeerConnection(name(), channel, this::stderrTail);
        try {
            connection.handshake(Version.current(), PeerConnection.HANDSHAKE_TIMEOUT);
        } catch (HostException e) {
            process.destroyForcibly();
            throw new HostException(name(), e.step(), e.detail() + "; tried '" + String.join(" ", command) + "'");
        }
        return connection;
    }

    private String stderrTail() {
        try {
            if (process != null && !process.isAlive()) {
                process.waitFor(200, TimeUnit.MILLISECONDS);
            }
            return log.tail(3);
        } catch (IOException | InterruptedException | RuntimeException e) {
            return null;
        }
    }

    /** The pid of the running peer process, for fault tests; -1 when none. */
    public synchronized long peerPid() {
        return process != null && process.isAlive() ? process.pid() : -1;
    }

    @Override
    public synchronized void close() {
        super.close();
        if (process != null) {
            try {
                if (!process.waitFor(3, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}

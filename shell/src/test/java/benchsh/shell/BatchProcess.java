package benchsh.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * benchsh's command line in its own JVM, as a user or a service manager runs it: its stdout and
 * stderr collected line by line, waits on what it prints, and signals sent with {@code kill}.
 * Close to kill it if a test ends early. Thread-safe.
 */
final class BatchProcess implements AutoCloseable {
    private final Process process;
    private final List<String> out = new ArrayList<>();
    private final List<String> err = new ArrayList<>();
    private final List<Thread> readers = new ArrayList<>();

    private BatchProcess(Process process) {
        this.process = process;
        readers.add(collect(process.getInputStream(), out, "stdout"));
        readers.add(collect(process.getErrorStream(), err, "stderr"));
    }

    static BatchProcess start(String... args) throws IOException {
        return start(java.util.Map.of(), args);
    }

    /** As {@link #start(String...)}, with {@code env} added to this JVM's environment. */
    static BatchProcess start(java.util.Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(env);
        return new BatchProcess(builder.start());
    }

    private Thread collect(InputStream stream, List<String> lines, String name) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (this) {
                        lines.add(line);
                        notifyAll();
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, "batch-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Waits until {@code count} stderr lines match; false if the process ends or {@code limit} passes first. */
    synchronized boolean awaitErr(Predicate<String> match, int count, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (err.stream().filter(match).count() < count) {
            long left = end - System.nanoTime();
            if (left <= 0 || !process.isAlive()) {
                return false;
            }
            wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 200)));
        }
        return true;
    }

    /** Sends signal {@code name} (INT, TERM, HUP) with {@code kill}. */
    void signal(String name) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
        }
    }

    /** Waits for the exit and the last of its output; the exit code, or -1 if it still runs after {@code limit}. */
    int exit(Duration limit) throws InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            return -1;
        }
        for (Thread reader : readers) {
            reader.join(5000);
        }
        return process.exitValue();
    }

    synchronized List<String> out() {
        return List.copyOf(out);
    }

    synchronized List<String> err() {
        return List.copyOf(err);
    }

    /** Both streams, for failure messages. */
    synchronized String transcript() {
        return "stdout:\n" + String.join("\n", out) + "\nstderr:\n" + String.join("\n", err);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}

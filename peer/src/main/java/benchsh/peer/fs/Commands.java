package benchsh.peer.fs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a host tool (mount, umount, sync) with a deadline and returns its output. Stateless. */
public final class Commands {
    private Commands() {
    }

    /** What a tool printed (stdout and stderr together) and its exit code. */
    public record Output(int exit, String text) {
    }

    /**
     * Runs {@code command} and waits at most {@code timeout}; a tool that overruns is killed (it is
     * our own child process) and reported.
     */
    public static Output run(List<String> command, Duration timeout) throws IOException {
        return run(command, timeout, 2000);
    }

    /** As {@link #run(List, Duration)}, keeping up to {@code maxChars} of what it printed (the rest becomes "..."). */
    public static Output run(List<String> command, Duration timeout, int maxChars) throws IOException {
        Path out = Files.createTempFile("benchsh-cmd-", ".out");
        CreatedEntries created = new CreatedEntries(out);
        created.recordCreated("");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            boolean ended;
            try {
                ended = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while running " + command.get(0));
            }
            if (!ended) {
                p.destroyForcibly();
                throw new IOException("'" + String.join(" ", command) + "' did not finish within " + timeout.toSeconds() + " s");
            }
            String text = Files.readString(out, StandardCharsets.UTF_8).strip();
            return new Output(p.exitValue(), text.length() > maxChars ? text.substring(0, maxChars) + "..." : text);
        } finally {
            created.removeAll();
        }
    }

    /** The first executable of that name in the usual system directories, or null. */
    public static Path find(String tool) {
        for (String dir : List.of("/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/sbin", "/usr/local/bin")) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}

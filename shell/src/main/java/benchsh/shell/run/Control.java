package benchsh.shell.run;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The running script's steps ("step 3 of 12", shown by the progress display) and the user's request
 * to stop it (a second Ctrl-C, or SIGINT in batch mode). Thread-safe: the script's thread runs steps,
 * the display and signal handlers read and request from theirs.
 */
public final class Control {
    private final Deque<int[]> steps = new java.util.concurrent.ConcurrentLinkedDeque<>();
    private volatile boolean cancelRequested;

    /** Runs {@code body} as step {@code i} of {@code n} (1-based); nested steps show innermost last. */
    public <T> T withStep(int i, int n, java.util.function.Supplier<T> body) {
        steps.addLast(new int[] {i, n});
        try {
            return body.get();
        } finally {
            steps.pollLast();
        }
    }

    /** "step 3 of 12" (nested: "step 1 of 2 · step 3 of 12"), or null outside steps. Any thread. */
    public String step() {
        List<String> parts = new ArrayList<>();
        for (int[] s : steps) {
            parts.add("step " + s[0] + " of " + s[1]);
        }
        return parts.isEmpty() ? null : String.join(" · ", parts);
    }

    /** Asks the running script to stop before its next verb (a second Ctrl-C). Any thread. */
    public void requestCancel() {
        cancelRequested = true;
    }

    /** Clears a cancel request: a new REPL line starts. */
    public void clearCancel() {
        cancelRequested = false;
    }

    public boolean cancelRequested() {
        return cancelRequested;
    }

    /** @throws TestCancelledException when the user asked to stop the script */
    public void checkCancelled() {
        if (cancelRequested) {
            throw new TestCancelledException("stopped by the user (Ctrl-C twice)");
        }
    }
}

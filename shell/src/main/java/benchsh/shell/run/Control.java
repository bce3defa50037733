package benchsh.shell.run;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The running script's steps ("step 3 of 12", shown by the progress display) and the user's request
 * to stop it (a second Ctrl-C, or SIGINT, SIGTERM or SIGHUP in batch mode). Thread-safe: the script's
 * thread runs steps, the display and signal handlers read and request from theirs.
 */
public final class Control {
    private final Deque<int[]> steps = new java.util.concurrent.ConcurrentLinkedDeque<>();
    /** The error of a test the user interrupted (one Ctrl-C), until {@link #interruption} knows better. */
    public static final String BY_THE_USER = "interrupted by the user";
    private static final String CTRL_C_TWICE = "stopped by the user (Ctrl-C twice)";
    private volatile String cancelReason;

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
        requestCancel(CTRL_C_TWICE);
    }

    /** Asks the running script to stop before its next verb, saying why (e.g. "stopped by SIGTERM"). Any thread. */
    public void requestCancel(String reason) {
        cancelReason = reason;
    }

    /**
     * Why a test was interrupted, as its result says it: "interrupted by SIGTERM" when a signal asked the script to
     * stop, "interrupted by the user (Ctrl-C twice)" for a second Ctrl-C, else "interrupted by the user" (one Ctrl-C).
     */
    public String interruption() {
        String reason = cancelReason;
        return reason != null && reason.startsWith("stopped by ") ? "interrupted by " + reason.substring("stopped by ".length()) : BY_THE_USER;
    }

    /** Clears a cancel request: a new REPL line starts. */
    public void clearCancel() {
        cancelReason = null;
    }

    /** @throws TestCancelledException when the user asked to stop the script */
    public void checkCancelled() {
        String reason = cancelReason;
        if (reason != null) {
            throw new TestCancelledException(reason);
        }
    }
}

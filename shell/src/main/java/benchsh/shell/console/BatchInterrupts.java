package benchsh.shell.console;

import benchsh.shell.Session;
import java.io.PrintStream;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import org.jline.utils.Signals;

/**
 * SIGINT, SIGTERM and SIGHUP in batch mode ({@code timeout}, systemd, CI cancel buttons and
 * {@code docker stop} send SIGTERM; a closed terminal sends SIGHUP). The first signal interrupts the
 * running test, whose partial result is recorded and stored marked interrupted, and asks the script to
 * stop before its next verb; the caller then exits with {@link Signal#exitCode()} (130, 143, 129). A
 * second signal of any kind halts the process at once, and a watchdog halts it if it is still alive
 * {@link #WATCHDOG} after the first. Install once, on the evaluating thread; close to restore the
 * previous handlers (the watchdog, once started, stays until the process ends). Thread-safe.
 */
public final class BatchInterrupts implements AutoCloseable {
    /** How long the clean path may take after the first signal: the 5 s a stopped side gets to report, plus margin. */
    public static final Duration WATCHDOG = Duration.ofSeconds(8);

    /** The signals handled, with their POSIX numbers. */
    public enum Signal {
        HUP(1), INT(2), TERM(15);

        private final int number;

        Signal(int number) {
            this.number = number;
        }

        /** 128 + the signal's number, as shells report a process ended by it. */
        public int exitCode() {
            return 128 + number;
        }
    }

    private final Session session;
    private final Thread evaluator;
    private final PrintStream stderr;
    private final Duration watchdog;
    private final IntConsumer halt;
    private final AtomicReference<Signal> first = new AtomicReference<>();
    private final Map<Signal, Object> previous = new EnumMap<>(Signal.class);

    BatchInterrupts(Session session, Thread evaluator, PrintStream stderr, Duration watchdog, IntConsumer halt) {
        this.session = session;
        this.evaluator = evaluator;
        this.stderr = stderr;
        this.watchdog = watchdog;
        this.halt = halt;
    }

    /** Handles SIGINT, SIGTERM and SIGHUP for {@code session}, interrupting the current thread; messages go to {@code stderr}. */
    public static BatchInterrupts install(Session session, PrintStream stderr) {
        BatchInterrupts interrupts = new BatchInterrupts(session, Thread.currentThread(), stderr, WATCHDOG, Runtime.getRuntime()::halt);
        for (Signal s : Signal.values()) {
            Object old = Signals.register(s.name(), () -> interrupts.received(s));
            if (old != null) {
                interrupts.previous.put(s, old);
            }
        }
        return interrupts;
    }

    /** The first signal that arrived, or null. */
    public Signal signal() {
        return first.get();
    }

    /** What the signal handler does; package-private so tests can deliver a signal without the OS. */
    void received(Signal s) {
        if (!first.compareAndSet(null, s)) {
            stderr.println("benchsh: second signal (SIG" + s + "): exiting now, without waiting for the test to stop");
            halt.accept(s.exitCode());
            return;
        }
        stderr.println("benchsh: SIG" + s + ": stopping the running test and keeping its partial result (signal again to exit at once)");
        session.control().requestCancel("stopped by SIG" + s);
        evaluator.interrupt();
        Thread dog = new Thread(() -> {
            try {
                Thread.sleep(watchdog.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            stderr.println("benchsh: still running " + watchdog.toSeconds() + " s after SIG" + s + "; exiting now");
            halt.accept(s.exitCode());
        }, "benchsh-signal-watchdog");
        dog.setDaemon(true);
        dog.start();
    }

    @Override
    public void close() {
        previous.forEach((s, handler) -> Signals.unregister(s.name(), handler));
    }
}

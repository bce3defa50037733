package benchsh.shell.console;

import benchsh.peer.workload.Interval;
import benchsh.shell.Session;
import benchsh.shell.report.ProgressText;
import benchsh.shell.run.ProgressListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.jline.utils.Status;

/**
 * The REPL's live progress: while a test runs, JLine's status line at the bottom of the terminal
 * shows the test, elapsed and expected time, the latest rate and a sparkline of the intervals,
 * redrawn every {@link #TICK}. It is removed when the test finishes, before its row prints.
 * Terminals without a scroll region (dumb ones) show nothing. Thread-safe.
 */
final class LiveStatus implements ProgressListener, AutoCloseable {
    static final Duration TICK = Duration.ofMillis(250);
    private final Terminal terminal;
    private final Session session;
    private final Colours colours;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "benchsh-status");
        t.setDaemon(true);
        return t;
    });
    private Status status;
    private ScheduledFuture<?> tick;
    private String test;
    private long startNanos;
    private Duration expected = Duration.ZERO;
    private Interval<?> last;
    private final List<Double> rates = new ArrayList<>();

    LiveStatus(Terminal terminal, Session session, Colours colours) {
        this.terminal = terminal;
        this.session = session;
        this.colours = colours;
    }

    @Override
    public synchronized void started(String name, Duration expectedDuration) {
        test = name;
        startNanos = System.nanoTime();
        expected = expectedDuration;
        last = null;
        rates.clear();
        if (status == null) {
            status = Status.getStatus(terminal, true);
        }
        if (tick != null) {
            tick.cancel(false);
        }
        tick = ticker.scheduleAtFixedRate(this::redraw, 0, TICK.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void interval(String name, Interval<?> sample) {
        last = sample;
        rates.add(ProgressText.rate(sample));
        redraw();
    }

    @Override
    public synchronized void finished(String name) {
        if (tick != null) {
            tick.cancel(false);
            tick = null;
        }
        boolean shown = test != null;
        test = null;
        if (shown && status != null) {
            status.update(List.of());
            terminal.flush();
        }
    }

    private synchronized void redraw() {
        if (test == null || status == null) {
            return;
        }
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        String text = ProgressText.status(test, elapsed, expected.toNanos() / 1e9, last, rates, session.control().step(), session.unit());
        int width = Math.max(10, terminal.getWidth() - 1);
        if (text.length() > width) {
            text = text.substring(0, width);
        }
        status.update(List.of(new AttributedString(text, colours.apply(AttributedStyle.DEFAULT.inverse()))));
        terminal.flush();
    }

    @Override
    public synchronized void close() {
        finished(null);
        ticker.shutdownNow();
        if (status != null) {
            status.close();
            status = null;
        }
    }
}

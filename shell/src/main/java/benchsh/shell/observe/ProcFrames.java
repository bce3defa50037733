package benchsh.shell.observe;

import benchsh.peer.observe.ProcCounters;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads the output of a {@link ProcScript} line by line into readings. A reading counts only when its
 * {@code begin} and its {@code end} with the same number both arrived, so a reading cut off (the channel
 * closed, a line torn or too long) is never misread: it is dropped whole. Lines outside a frame are ignored,
 * and a reading larger than {@link #MAX_CHARS} is dropped. The texts become counters with the peer's own
 * parsers ({@link ProcCounters#parse}); the reading's time is the host's {@code /proc/uptime}. Not
 * thread-safe: one reader thread feeds it (only {@link #interval()} may be read from another).
 */
final class ProcFrames {
    /** The most text one reading may have (a host with thousands of interfaces still fits). */
    static final int MAX_CHARS = 8 << 20;

    private final String token;
    private final boolean loopback;
    private String open;
    private String file;
    private Map<String, StringBuilder> texts;
    private int size;
    private volatile String interval;

    /** One complete reading: its number ({@code last} for the final one) and its counters. */
    record Reading(String label, ProcCounters counters) {
        boolean last() {
            return label.equals("last");
        }
    }

    ProcFrames(String token, boolean loopback) {
        this.token = token;
        this.loopback = loopback;
    }

    /** The sleep the script chose, in seconds as it printed it; null before it said. */
    String interval() {
        return interval;
    }

    /** Takes one line (without its end of line); returns the reading it completes, or null. */
    Reading accept(String line) {
        if (line.startsWith(token + " ")) {
            return frame(line.substring(token.length() + 1).strip());
        }
        if (open != null && file != null) {
            size += line.length() + 1;
            if (size > MAX_CHARS) {
                open = null;
            } else {
                texts.get(file).append(line).append('\n');
            }
        }
        return null;
    }

    /** Marks that a line was torn (cut short or too long): the reading it was part of is dropped. */
    void torn() {
        open = null;
    }

    private Reading frame(String said) {
        String[] w = said.split(" ", 2);
        String arg = w.length > 1 ? w[1] : "";
        switch (w[0]) {
            case "begin" -> {
                open = arg;
                file = null;
                texts = new HashMap<>();
                size = 0;
            }
            case "file" -> {
                if (open != null) {
                    file = arg;
                    texts.put(arg, new StringBuilder());
                }
            }
            case "end" -> {
                if (open != null && open.equals(arg)) {
                    open = null;
                    return new Reading(arg, counters());
                }
                open = null;
            }
            case "interval" -> interval = arg;
            default -> {
                // a frame line this reader does not know: ignored
            }
        }
        return null;
    }

    private ProcCounters counters() {
        StringBuilder qdisc = texts.get("qdisc");
        return ProcCounters.parse(uptimeNanos(text("uptime")), text("stat"), text("dev"), text("softnet"),
                qdisc == null ? null : qdisc.toString(), loopback);
    }

    private String text(String name) {
        StringBuilder sb = texts.get(name);
        return sb == null ? "" : sb.toString();
    }

    /** The first number of /proc/uptime (seconds since boot, in hundredths) in nanoseconds; this machine's clock when there is none. */
    static long uptimeNanos(String uptime) {
        String[] f = uptime.strip().split("\\s+");
        try {
            return Math.round(Double.parseDouble(f[0]) * 1e9);
        } catch (NumberFormatException e) {
            return System.nanoTime();
        }
    }
}

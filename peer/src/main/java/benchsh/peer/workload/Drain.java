package benchsh.peer.workload;

import java.time.Duration;
import java.util.Locale;

/**
 * How long a sender waits, after its last write, for its partner to confirm (by closing) that everything arrived:
 * the drain rule of {@link LinkedSide}. The bytes that may still be in flight are at most what the socket's send
 * buffer holds ({@code SO_SNDBUF} as the kernel reports it, unsent and unacknowledged bytes together, never more
 * than was written); everything else was acknowledged, so the partner took the data at least at {@code (written -
 * inFlight) / sendingTime}. The rate is the lower of that and the stream's rate over its last second or two
 * ({@link Meter#recentRate}: a link that slowed mid-test). The bytes in flight need {@code inFlight / rate}; the
 * drain allows twice that (the partner's own receive buffer may hold as much again), plus the idle timeout for
 * the partner to finish (a sync, its last files), and never past the side's deadline. Without a rate it waits until
 * the deadline: in the first two seconds (the rate of a sender that filled the buffers at memory speed says nothing
 * of its partner's), or when everything written may still be in the send buffer. Immutable.
 *
 * @param inFlightBytes at most this many bytes were not yet acknowledged at the last write
 * @param rate          bytes per second the partner took them at, 0 when not measured
 * @param needNanos     what the bytes in flight need at {@code rate}; 0 without a rate
 * @param boundNanos    how long the drain waits
 * @param cut           the deadline, not the rule, set the bound
 */
public record Drain(long inFlightBytes, double rate, long needNanos, long boundNanos, boolean cut) {
    /**
     * The drain after a stream's last write.
     *
     * @param writtenBytes    what the stream wrote in all
     * @param sendingNanos    how long it wrote
     * @param recentRate      its bytes per second over the last second or two (0 if not measured yet: no rate)
     * @param sendBufferBytes its socket's send buffer
     * @param idle            the idle timeout: how long the partner may take to finish
     * @param leftNanos       how long until the side's deadline
     */
    public static Drain after(long writtenBytes, long sendingNanos, double recentRate, long sendBufferBytes, Duration idle, long leftNanos) {
        long inFlight = Math.max(0, Math.min(writtenBytes, sendBufferBytes));
        double delivered = sendingNanos > 0 ? (writtenBytes - inFlight) * 1e9 / sendingNanos : 0;
        double rate = recentRate > 0 ? Math.min(delivered, recentRate) : 0;
        long left = Math.max(0, leftNanos);
        if (rate <= 0) {
            return new Drain(inFlight, 0, 0, left, true);
        }
        long need = (long) Math.min(Long.MAX_VALUE / 4.0, inFlight * 1e9 / rate);
        long rule = 2 * need + idle.toNanos();
        return rule <= left ? new Drain(inFlight, rate, need, rule, false) : new Drain(inFlight, rate, need, left, true);
    }

    /**
     * Why the drain failed, naming what it waited for: "the receiver did not confirm the last 1.2 MB within 19.6 s
     * (2.0 Mbit/s measured)".
     *
     * @param partner who should have confirmed, e.g. "the receiver"
     */
    public String unconfirmed(String partner) {
        String what = partner + " did not confirm the last " + bytes(inFlightBytes) + " within " + seconds(boundNanos);
        if (rate <= 0) {
            return what + ", the test's deadline (no rate measured)";
        }
        String measured = megabits(rate * 8) + " measured";
        return cut ? what + ", the test's deadline (" + measured + "; they need " + seconds(needNanos) + ")" : what + " (" + measured + ")";
    }

    private static String bytes(long n) {
        if (n >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1f MB", n / 1e6);
        }
        return n >= 1000 ? String.format(Locale.ROOT, "%.0f kB", n / 1e3) : n + " bytes";
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    private static String megabits(double bitsPerSecond) {
        return bitsPerSecond >= 1e6 ? String.format(Locale.ROOT, "%.1f Mbit/s", bitsPerSecond / 1e6)
                : String.format(Locale.ROOT, "%.0f kbit/s", bitsPerSecond / 1e3);
    }
}

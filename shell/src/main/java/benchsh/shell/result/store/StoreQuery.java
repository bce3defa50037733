package benchsh.shell.result.store;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

/**
 * Which stored results to read: every field null means "any". {@code host} matches the from or to
 * host name and the hostname in the stored facts; {@code machine} and {@code user} are where benchsh
 * ran and who ran it ({@link Measurer}). {@code since} and {@code until} bound the start time (until
 * exclusive). {@code completedOnly} keeps results that completed. {@code limit} keeps the newest results. Immutable.
 */
public record StoreQuery(String session, String label, String test, String host, String machine, String user, Instant since, Instant until,
                         boolean completedOnly, int limit) {
    public static final StoreQuery ALL = new StoreQuery(null, null, null, null, null, null, null, null, false, Integer.MAX_VALUE);

    public StoreQuery session(String s) {
        return new StoreQuery(s, label, test, host, machine, user, since, until, completedOnly, limit);
    }

    public StoreQuery label(String l) {
        return new StoreQuery(session, l, test, host, machine, user, since, until, completedOnly, limit);
    }

    public StoreQuery test(String t) {
        return new StoreQuery(session, label, t, host, machine, user, since, until, completedOnly, limit);
    }

    public StoreQuery host(String h) {
        return new StoreQuery(session, label, test, h, machine, user, since, until, completedOnly, limit);
    }

    public StoreQuery machine(String m) {
        return new StoreQuery(session, label, test, host, m, user, since, until, completedOnly, limit);
    }

    public StoreQuery user(String u) {
        return new StoreQuery(session, label, test, host, machine, u, since, until, completedOnly, limit);
    }

    public StoreQuery since(Instant t) {
        return new StoreQuery(session, label, test, host, machine, user, t, until, completedOnly, limit);
    }

    public StoreQuery until(Instant t) {
        return new StoreQuery(session, label, test, host, machine, user, since, t, completedOnly, limit);
    }

    /** Only results that completed (status ok). */
    public StoreQuery completed() {
        return new StoreQuery(session, label, test, host, machine, user, since, until, true, limit);
    }

    public StoreQuery limit(int n) {
        return new StoreQuery(session, label, test, host, machine, user, since, until, completedOnly, n);
    }

    /** Results of one local calendar day, e.g. {@code 2026-11-29}. */
    public StoreQuery date(String day, ZoneId zone) {
        LocalDate d = LocalDate.parse(day.trim());
        return since(d.atStartOfDay(zone).toInstant()).until(d.plusDays(1).atStartOfDay(zone).toInstant());
    }

    /**
     * Parses a start bound: a date ({@code 2026-11-01}), a local date-time ({@code 2026-11-01T10:00}),
     * an instant ({@code 2026-11-01T10:00:00Z}) or an ISO duration meaning "this long ago"
     * ({@code PT2H}, as {@code 120.min} prints).
     *
     * @throws IllegalArgumentException with a message naming the accepted forms
     */
    public static Instant parseTime(String text, Instant now, ZoneId zone) {
        String t = text.trim();
        try {
            if (t.startsWith("P") || t.startsWith("-P")) {
                return now.minus(Duration.parse(t).abs());
            }
            if (t.endsWith("Z")) {
                return Instant.parse(t);
            }
            if (t.contains("T")) {
                return LocalDateTime.parse(t).atZone(zone).toInstant();
            }
            return LocalDate.parse(t).atStartOfDay(zone).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is not a time; give a date like 2026-11-01, a date-time like "
                    + "2026-11-01T10:00, or a duration like 120.min (that long ago)");
        }
    }
}

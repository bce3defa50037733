package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreQuery;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * The filter arguments {@code history}, {@code load}, {@code diff} and {@code baseline} share, and
 * the query they make.
 */
final class StoreFilter {
    static final List<Arg> ARGS = List.of(
            Arg.of("session", ArgType.TEXT, null, "a session id, or its first characters"),
            Arg.of("label", ArgType.TEXT, null, "results with this label"),
            Arg.of("test", ArgType.TEXT, null, "results of this test, e.g. tcp"),
            Arg.of("host", ArgType.TEXT, null, "results from or to this host (name or hostname)"),
            Arg.of("machine", ArgType.TEXT, null, "results measured by benchsh on this machine (its hostname)"),
            Arg.of("user", ArgType.TEXT, null, "results measured by this OS user"),
            Arg.of("since", ArgType.TEXT, null, "started at or after: 2026-11-01, 2026-11-01T10:00, or 90.min (ago)"),
            Arg.of("date", ArgType.TEXT, null, "started on this day, e.g. 2026-11-29"));

    private StoreFilter() {
    }

    /** The store, or a usage error saying why there is none. */
    static ResultStore store(Session session) {
        return session.log().store().orElseThrow(() -> new UsageException(
                "no result store is open (see the message at start); give a writable file or a postgresql:// URL with --db"));
    }

    static StoreQuery query(Args args, int limit) {
        ZoneId zone = ZoneId.systemDefault();
        StoreQuery q = StoreQuery.ALL.limit(limit);
        if (args.given("session")) {
            q = q.session(args.text("session"));
        }
        if (args.given("label")) {
            q = q.label(args.text("label"));
        }
        if (args.given("test")) {
            q = q.test(args.text("test"));
        }
        if (args.given("host")) {
            q = q.host(args.text("host"));
        }
        if (args.given("machine")) {
            q = q.machine(args.text("machine"));
        }
        if (args.given("user")) {
            q = q.user(args.text("user"));
        }
        try {
            if (args.given("since")) {
                q = q.since(StoreQuery.parseTime(args.text("since"), Instant.now(), zone));
            }
            if (args.given("date")) {
                q = q.date(args.text("date"), zone);
            }
        } catch (DateTimeParseException e) {
            throw new UsageException("date: '" + args.text("date") + "' is not a day; give one like 2026-11-29");
        } catch (IllegalArgumentException e) {
            throw new UsageException("since: " + e.getMessage());
        }
        return q;
    }

    static List<Arg> with(Arg... more) {
        List<Arg> all = new java.util.ArrayList<>(ARGS);
        all.addAll(List.of(more));
        return all;
    }

    /** The filters but {@code label:}, for a verb whose label is its positional argument ({@code baseline}). */
    static List<Arg> withoutLabel(Arg... more) {
        return with(more).stream().filter(a -> !a.name().equals("label")).toList();
    }
}

package benchsh.shell.report;

import benchsh.shell.result.Result;
import benchsh.shell.result.store.StoredResult;
import benchsh.shell.result.store.StoredSession;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** Renders the result store's history: past runs and past sessions, times in the local zone. Stateless. */
public final class HistoryReport {
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());
    /** Command lines longer than this are cut in the sessions table. */
    static final int COMMAND_WIDTH = 60;

    private HistoryReport() {
    }

    /**
     * One row per stored result: id (for {@code diff ..., result: id}), session, start, the machine and
     * OS user that measured it, test, hosts (from and to, or on for a test on one host), label, status, throughput, size (the message or block size), and its
     * other tags (sweep coordinates, {@code tags:}) as {@code name=value}.
     */
    public static TextTable runs(List<StoredResult> runs, ThroughputUnit unit) {
        List<String> hosts = HostColumns.keys(runs.stream().map(StoredResult::result).toList());
        List<String> header = new ArrayList<>(List.of("id", "session", "started", "machine", "user", "test"));
        header.addAll(hosts);
        header.addAll(List.of("label", "status", Cells.header("throughput_bps", unit), "size", "tags"));
        TextTable t = new TextTable(header);
        for (StoredResult s : runs) {
            Result r = s.result();
            Object label = r.tags().get("label");
            Object size = r.params().containsKey("size") ? r.params().get("size") : r.params().get("bs");
            List<String> row = new ArrayList<>(List.of("#" + s.id(), s.session(), time(r.started()), nz(s.machine()), nz(s.user()), r.test()));
            hosts.forEach(k -> row.add(Cells.cell(k, HostColumns.value(r, k), unit)));
            row.addAll(List.of(label == null ? "-" : label.toString(), r.status().wire(), Cells.cell("throughput_bps", r.metrics().get("throughput_bps"), unit),
                    size == null ? "-" : Cells.cell("size", size, unit), tags(r, unit)));
            t.row(row);
        }
        return t;
    }

    /** The tags but the label (its own column) and the session: "dir=Tx size=1 KiB", or "-". */
    private static String tags(Result r, ThroughputUnit unit) {
        List<String> shown = new ArrayList<>();
        r.tags().forEach((k, v) -> {
            if (!k.equals("label") && !k.equals("session")) {
                shown.add(k + "=" + (v instanceof Number ? Cells.cell(k, v, unit) : String.valueOf(v)));
            }
        });
        return shown.isEmpty() ? "-" : String.join(" ", shown);
    }

    /** One row per stored session: id, start, machine, user, result count, command line. */
    public static TextTable sessions(List<StoredSession> sessions) {
        TextTable t = new TextTable(List.of("session", "started", "machine", "user", "results", "command"));
        for (StoredSession s : sessions) {
            String cmd = s.commandLine() == null || s.commandLine().isBlank() ? "benchsh" : s.commandLine();
            cmd = cmd.replace('\n', ' ');
            if (cmd.length() > COMMAND_WIDTH) {
                cmd = cmd.substring(0, COMMAND_WIDTH - 3) + "...";
            }
            t.row(new ArrayList<>(List.of(s.id(), time(s.started()), nz(s.machine()), nz(s.user()), Integer.toString(s.results()), cmd)));
        }
        return t;
    }

    public static String time(Instant t) {
        return LOCAL.format(t);
    }

    private static String nz(String s) {
        return s == null ? "-" : s;
    }
}

package benchsh.shell.host.shellpeer;

import benchsh.peer.observe.CpuTimes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a side's {@link SideScript} said, read line by line: its marks (the host's uptime, /proc/stat and the shell's
 * children's CPU time at one instant), the exit status of each tool, the values it told, the lines its tools printed,
 * and how it ended. Lines without the token are not the script's and are ignored; what a tool prints is kept up to
 * {@link #MAX_SAYS} lines. Not thread-safe: the channel's reader fills it, others read it after the channel closed.
 */
final class Said {
    static final int MAX_SAYS = 40;
    private static final int MAX_SAY_CHARS = 300;
    /** A line of {@code times}: user and system time, {@code 0m1.230s 0m0.040s}. */
    private static final Pattern TIMES = Pattern.compile("(\\d+)m([0-9.]+)s\\s+(\\d+)m([0-9.]+)s");

    /** The host at one instant: uptime, CPU times by label ({@code cpu}, {@code cpu0}, …), and the CPU the shell's finished children used. */
    record Mark(long uptimeNanos, Map<String, CpuTimes> cpus, double childCpuSeconds) {
        /** The online CPUs: the {@code cpuN} lines. */
        int cpuCount() {
            return (int) cpus.keySet().stream().filter(k -> !k.equals("cpu")).count();
        }
    }

    /** A tool's exit status. */
    record Exit(String tool, int status) {
    }

    private final String token;
    private final Map<String, Mark> marks = new LinkedHashMap<>();
    private final Map<String, StringBuilder> cpuText = new HashMap<>();
    private final Map<String, Long> uptimes = new HashMap<>();
    private final List<Exit> exits = new ArrayList<>();
    private final Map<String, String> values = new LinkedHashMap<>();
    private final List<String> says = new ArrayList<>();
    private final List<String> fails = new ArrayList<>();
    private String timesOf;
    private List<Double> times;
    private String step;
    private Integer ready;
    private Integer rc;
    private boolean stopped;
    private boolean deadline;
    private boolean ended;

    Said(String token) {
        this.token = token;
    }

    /** Takes one line of the script's output; returns the port when the line says the side listens, else null. */
    Integer accept(String line) {
        if (!line.startsWith(token + " ")) {
            return null;
        }
        String[] w = line.substring(token.length() + 1).split(" ", 2);
        String rest = w.length > 1 ? w[1] : "";
        switch (w[0]) {
            case "say" -> say(rest);
            case "mark" -> markTime(rest);
            case "cpu" -> {
                String[] c = rest.split(" ", 2);
                cpuText.computeIfAbsent(c[0], k -> new StringBuilder()).append(c.length > 1 ? c[1] : "").append('\n');
            }
            case "times" -> {
                timesOf = rest;
                times = new ArrayList<>();
            }
            case "/times" -> closeMark(rest);
            case "exit" -> {
                String[] e = rest.split(" ");
                if (e.length == 2 && e[1].matches("\\d{1,3}")) {
                    exits.add(new Exit(e[0], Integer.parseInt(e[1])));
                }
            }
            case "val" -> {
                String[] v = rest.split(" ", 2);
                values.put(v[0], v.length > 1 ? v[1].strip() : "");
            }
            case "fail" -> fails.add(rest.strip());
            case "step" -> step = rest.strip();
            case "ready" -> {
                if (rest.strip().matches("\\d{0,5}")) {
                    ready = rest.isBlank() ? 0 : Integer.parseInt(rest.strip());
                    return ready;
                }
            }
            case "rc" -> rc = rest.strip().matches("\\d{1,3}") ? Integer.parseInt(rest.strip()) : -1;
            case "stopped" -> stopped = true;
            case "deadline" -> deadline = true;
            case "end" -> ended = true;
            default -> {
                // a frame this reader does not know: ignored
            }
        }
        return null;
    }

    private void say(String text) {
        if (timesOf != null && times.size() < 2) {
            Matcher m = TIMES.matcher(text.strip());
            if (m.matches()) {
                times.add(seconds(m.group(1), m.group(2)) + seconds(m.group(3), m.group(4)));
                return;
            }
        }
        if (says.size() < MAX_SAYS && !text.isBlank()) {
            says.add(text.length() > MAX_SAY_CHARS ? text.substring(0, MAX_SAY_CHARS) + "..." : text.strip());
        }
    }

    private static double seconds(String minutes, String seconds) {
        return Long.parseLong(minutes) * 60 + Double.parseDouble(seconds);
    }

    private void markTime(String rest) {
        String[] w = rest.split(" ");
        if (w.length == 2) {
            try {
                uptimes.put(w[0], Math.round(Double.parseDouble(w[1]) * 1e9));
            } catch (NumberFormatException e) {
                // a mark without a time is no mark
            }
        }
    }

    /** A mark is whole once its times are in: the second line of times is the children's. */
    private void closeMark(String name) {
        Long uptime = uptimes.get(name);
        StringBuilder cpu = cpuText.remove(name);
        if (uptime != null && name.equals(timesOf) && times.size() == 2) {
            marks.put(name, new Mark(uptime, CpuTimes.parse(cpu == null ? "" : cpu.toString()), times.get(1)));
        }
        timesOf = null;
    }

    /** The mark of that name, or null when the script did not get there (or it was cut short). */
    Mark mark(String name) {
        return marks.get(name);
    }

    /** The status of the tool's last exit, or null when it did not exit (it was stopped, or never ran). */
    Integer exit(String tool) {
        Integer status = null;
        for (Exit e : exits) {
            if (e.tool().equals(tool)) {
                status = e.status();
            }
        }
        return status;
    }

    /** The first tool that exited with a non-zero status, or null. */
    Exit firstFailure() {
        return exits.stream().filter(e -> e.status() != 0).findFirst().orElse(null);
    }

    /** A value the script told, or null. */
    String value(String key) {
        return values.get(key);
    }

    /** A value the script told, as a number; null when it did not tell one. */
    Long number(String key) {
        String v = values.get(key);
        return v != null && v.matches("\\d{1,19}") ? Long.valueOf(v) : null;
    }

    /** What the tools printed (not the frames), in order. */
    List<String> says() {
        return List.copyOf(says);
    }

    /** The lines the tools printed, joined for a message: "dd: … ; 10+0 records in"; empty when none. */
    String saysText() {
        return String.join("; ", says);
    }

    /** The {@code fail} frames, in order: what the script found it could not do. */
    List<String> fails() {
        return List.copyOf(fails);
    }

    /** The last step the script entered, or null. */
    String step() {
        return step;
    }

    Integer ready() {
        return ready;
    }

    /** The body's exit status; null when the script did not get there. */
    Integer rc() {
        return rc;
    }

    boolean stopped() {
        return stopped;
    }

    boolean deadline() {
        return deadline;
    }

    /** Whether the script ran to its end (its clean-up done). */
    boolean ended() {
        return ended;
    }
}

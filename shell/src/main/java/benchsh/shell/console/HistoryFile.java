package benchsh.shell.console;

import benchsh.shell.secret.PrivateFiles;
import benchsh.shell.secret.Secrets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * The REPL history on disk, in JLine's format ({@code epoch-millis:line}, newlines escaped), masked
 * with the session's {@link Secrets}: the lines up-arrow recalls stay as typed, in memory; the file
 * only ever gets masked ones. A line is written after it ran, so a password it gave is masked in
 * it already. When a secret becomes known that earlier lines may hold ({@code pw = 'x'} on one line,
 * {@code password: pw} on the next), the whole file is rewritten masked. The file is owner-only
 * (0600) and keeps the newest {@value #MAX_LINES} lines. Used by the REPL's thread only.
 */
final class HistoryFile {
    static final int MAX_LINES = 10_000;

    /** One history line with the time it was typed. */
    record Entry(Instant time, String line) {
    }

    private final Path file;
    private final Secrets secrets;
    private final Deque<Entry> entries = new ArrayDeque<>();
    private int generation;
    private int linesInFile;

    /**
     * Opens (creating it owner-only) and reads the history file.
     *
     * @param notes told once when an existing file others could read was tightened
     */
    HistoryFile(Path file, Secrets secrets, Consumer<String> notes) throws IOException {
        this.file = file;
        this.secrets = secrets;
        PrivateFiles.prepare(file, notes);
        for (String l : Files.readAllLines(file)) {
            int colon = l.indexOf(':');
            if (colon > 0 && l.substring(0, colon).chars().allMatch(Character::isDigit) && colon < 19) {
                keep(new Entry(Instant.ofEpochMilli(Long.parseLong(l.substring(0, colon))), unescape(l.substring(colon + 1))));
            }
        }
        linesInFile = entries.size();
        generation = secrets.generation();
    }

    /** The lines read from the file, oldest first. */
    List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** Adds a line that ran; appends it masked, or rewrites the file when a secret became known since. */
    void add(Instant time, String line) throws IOException {
        Entry e = new Entry(time, line);
        keep(e);
        if (secrets.generation() != generation || linesInFile >= MAX_LINES + MAX_LINES / 4) {
            rewrite();
        } else {
            Files.writeString(file, format(e), StandardOpenOption.APPEND);
            linesInFile++;
        }
    }

    /** Rewrites the file if a secret became known since it was last written (e.g. at a prompt). */
    void close() throws IOException {
        if (secrets.generation() != generation) {
            rewrite();
        }
    }

    private void keep(Entry e) {
        entries.addLast(e);
        while (entries.size() > MAX_LINES) {
            entries.removeFirst();
        }
    }

    private void rewrite() throws IOException {
        generation = secrets.generation();
        StringBuilder b = new StringBuilder();
        entries.forEach(e -> b.append(format(e)));
        PrivateFiles.replace(file, b.toString());
        linesInFile = entries.size();
    }

    private String format(Entry e) {
        return e.time().toEpochMilli() + ":" + escape(secrets.redact(e.line())) + "\n";
    }

    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    static String unescape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                b.append(n == 'n' ? '\n' : n == 'r' ? '\r' : n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}

package benchsh.shell.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain text table: a header, a rule, rows; text columns left-aligned, numeric ones right-aligned; then its
 * notes, if any, one a line. Not thread-safe.
 */
public final class TextTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public TextTable(List<String> header) {
        this.header = List.copyOf(header);
    }

    public TextTable row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, header " + header.size());
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public int size() {
        return rows.size();
    }

    /** A line said under the table (what its marks mean, what was left out of it). */
    public TextTable note(String line) {
        notes.add(line);
        return this;
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }

    public List<String> header() {
        return header;
    }

    public List<List<String>> rows() {
        return rows;
    }

    @Override
    public String toString() {
        int n = header.size();
        int[] width = new int[n];
        boolean[] numeric = new boolean[n];
        for (int c = 0; c < n; c++) {
            width[c] = header.get(c).length();
            numeric[c] = !rows.isEmpty();
            for (List<String> r : rows) {
                width[c] = Math.max(width[c], r.get(c).length());
                numeric[c] &= looksNumeric(r.get(c));
            }
        }
        StringBuilder b = new StringBuilder();
        line(b, header, width, numeric);
        rule(b, width);
        for (List<String> r : rows) {
            line(b, r, width, numeric);
        }
        notes.forEach(note -> b.append(note).append('\n'));
        return b.toString();
    }

    static void line(StringBuilder b, List<String> cells, int[] width, boolean[] numeric) {
        StringBuilder l = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            l.append(numeric[c] ? pad + cell : cell + pad);
            if (c < cells.size() - 1) {
                l.append("  ");
            }
        }
        b.append(l.toString().stripTrailing()).append('\n');
    }

    static void rule(StringBuilder b, int[] width) {
        for (int c = 0; c < width.length; c++) {
            b.append("-".repeat(width[c])).append(c < width.length - 1 ? "  " : "");
        }
        b.append('\n');
    }

    static boolean looksNumeric(String s) {
        return s.equals("-") || (!s.isEmpty() && (Character.isDigit(s.charAt(0)) || s.charAt(0) == '-' && s.length() > 1));
    }
}

package benchsh.shell.report;

import java.util.List;

/**
 * Prints result rows as they arrive: a header only when the columns change or a cell no longer fits, so a sweep
 * or a repeat reads as one table, and a table's note (what its rows leave out) once, under it, when the table
 * ends: at the next table, or when {@link #end} is called because other output follows. Thread-safe.
 */
public final class RowStream {
    private static final int SLACK = 2;
    private List<String> header;
    private int[] width;
    private boolean[] numeric;
    /** The note of the table printing now, for under it, or null. */
    private String note;

    /** The text for one more row, with a header first when needed. */
    public synchronized String next(List<String> header, List<String> cells) {
        return next(header, cells, null);
    }

    /**
     * As {@link #next(List, List)}, with {@code note} (or nothing, if null) to say under the table once it ends; a row
     * with other columns ends the table before it (its note first).
     */
    public synchronized String next(List<String> header, List<String> cells, String note) {
        StringBuilder b = new StringBuilder();
        boolean sameColumns = header.equals(this.header);
        if (!sameColumns || !fits(cells)) {
            if (!sameColumns) {
                b.append(end());
            }
            this.header = List.copyOf(header);
            width = new int[header.size()];
            numeric = new boolean[header.size()];
            for (int c = 0; c < width.length; c++) {
                numeric[c] = TextTable.looksNumeric(cells.get(c));
                width[c] = Math.max(header.get(c).length(), cells.get(c).length() + (numeric[c] ? SLACK : 0));
            }
            TextTable.line(b, header, width, numeric);
            TextTable.rule(b, width);
        }
        TextTable.line(b, cells, width, numeric);
        this.note = note;
        return b.toString();
    }

    /**
     * Ends the table (other output comes next; the next row starts a new one with its header): the text to print
     * under it, its note and a line end, or "" when it has none.
     */
    public synchronized String end() {
        String n = note;
        note = null;
        header = null;
        return n == null ? "" : n + "\n";
    }

    private boolean fits(List<String> cells) {
        for (int c = 0; c < cells.size(); c++) {
            if (cells.get(c).length() > width[c]) {
                return false;
            }
        }
        return true;
    }
}

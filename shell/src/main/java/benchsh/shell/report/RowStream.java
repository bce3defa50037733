package benchsh.shell.report;

import java.util.List;

/**
 * Prints result rows as they arrive: a header only when the columns change or a cell no longer
 * fits, so a sweep or a repeat reads as one table. Thread-safe.
 */
public final class RowStream {
    private static final int SLACK = 2;
    private List<String> header;
    private int[] width;
    private boolean[] numeric;

    /** The text for one more row, with a header first when needed. */
    public synchronized String next(List<String> header, List<String> cells) {
        return next(header, cells, null);
    }

    /** As {@link #next(List, List)}, with {@code note} (or nothing, if null) above each header printed. */
    public synchronized String next(List<String> header, List<String> cells, String note) {
        StringBuilder b = new StringBuilder();
        if (!header.equals(this.header) || !fits(cells)) {
            this.header = List.copyOf(header);
            width = new int[header.size()];
            numeric = new boolean[header.size()];
            for (int c = 0; c < width.length; c++) {
                numeric[c] = TextTable.looksNumeric(cells.get(c));
                width[c] = Math.max(header.get(c).length(), cells.get(c).length() + (numeric[c] ? SLACK : 0));
            }
            if (note != null) {
                b.append(note).append('\n');
            }
            TextTable.line(b, header, width, numeric);
            TextTable.rule(b, width);
        }
        TextTable.line(b, cells, width, numeric);
        return b.toString();
    }

    /** Forget the last header (after other output came in between). */
    public synchronized void reset() {
        header = null;
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

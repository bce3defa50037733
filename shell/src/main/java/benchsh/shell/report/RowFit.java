package benchsh.shell.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Which columns of a result row a terminal of a given width shows: the essential ones always (the varying
 * parameters, the headline metric, the status), then the others in their declared order, which is their
 * priority, while they fit. A width of 0 (piped output, files, reports) keeps every column. Stateless.
 */
public final class RowFit {
    /** The columns {@code TextTable} puts between cells. */
    private static final int GAP = 2;
    /** Numeric cells get room to grow (as {@link RowStream} gives them). */
    private static final int SLACK = 2;

    private RowFit() {
    }

    /**
     * @param headers   the row's column headers
     * @param cells     its cells, as they will print
     * @param essential whether the column at an index must stay
     * @param width     the terminal's width in characters; 0 or less for no limit
     * @return the indexes of the columns to show, in their order
     */
    public static List<Integer> columns(List<String> headers, List<String> cells, Predicate<Integer> essential, int width) {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < headers.size(); i++) {
            all.add(i);
        }
        if (width <= 0 || used(all, headers, cells) <= width) {
            return all;
        }
        Set<Integer> keep = new TreeSet<>(all.stream().filter(essential).toList());
        for (int i : all) {
            if (!keep.contains(i)) {
                keep.add(i);
                if (used(keep, headers, cells) > width) {
                    keep.remove(i);
                }
            }
        }
        return List.copyOf(keep);
    }

    private static int used(Iterable<Integer> columns, List<String> headers, List<String> cells) {
        int total = -GAP;
        for (int i : columns) {
            total += GAP + Math.max(headers.get(i).length(), cells.get(i).length() + SLACK);
        }
        return total;
    }
}

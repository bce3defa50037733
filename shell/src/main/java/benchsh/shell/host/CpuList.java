package benchsh.shell.host;

import java.util.BitSet;

/**
 * A CPU list as {@code taskset -c} takes it ({@code 1}, {@code 0-3}, {@code 0,2,4-5}): the CPUs a host's
 * peer runs on ({@code host 'h1', cpus: '1'}), and the peer's {@code cpus_allowed} fact. The messages of a
 * pinned start that fails live here too, so the local host and the remote launch script say the same.
 * Stateless.
 */
public final class CpuList {
    /** The highest CPU number a list may name (Linux's NR_CPUS is at most 8192). */
    static final int MAX_CPU = 65535;

    private CpuList() {
    }

    /**
     * The list, checked and without spaces; null for a blank list (no pinning).
     *
     * @throws IllegalArgumentException saying what is wrong, with an example
     */
    public static String check(String list) {
        if (list == null || list.isBlank()) {
            return null;
        }
        String l = list.replace(" ", "");
        if (cpus(l) == null) {
            throw new IllegalArgumentException("cpus: '" + list + "' is not a CPU list; give CPU numbers and ranges a-b (a <= b) "
                    + "separated by commas, as taskset -c takes them, e.g. cpus: '1' or cpus: '0,2,4-5'");
        }
        return l;
    }

    /** How many CPUs the list names; -1 when it is not a CPU list. */
    public static int count(String list) {
        BitSet s = list == null ? null : cpus(list.replace(" ", ""));
        return s == null ? -1 : s.cardinality();
    }

    /** The CPUs a list names, or null when it is not a CPU list. */
    private static BitSet cpus(String list) {
        BitSet s = new BitSet();
        for (String part : list.split(",", -1)) {
            String[] ends = part.split("-", -1);
            if (ends.length > 2) {
                return null;
            }
            int from = number(ends[0]);
            int to = ends.length == 2 ? number(ends[1]) : from;
            if (from < 0 || to < from) {
                return null;
            }
            s.set(from, to + 1);
        }
        return s;
    }

    private static int number(String s) {
        if (s.isEmpty() || s.length() > 5 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        int n = Integer.parseInt(s);
        return n <= MAX_CPU ? n : -1;
    }

    /** Why a pinned peer cannot start where there is no taskset (without the host and step). */
    public static String needsTaskset(String list, String where) {
        return "cpus: '" + list + "' needs taskset (util-linux) on " + where + "; install it or drop cpus:";
    }

    /** Ends {@link #refused} with the CPUs a process may run on there, e.g. {@code 0-1}. */
    public static final String MAY_RUN_ON = "; a process there may run on CPUs ";

    /**
     * Why a pinned peer cannot start where the kernel refuses the list (without the host and step).
     *
     * @param said what taskset said
     * @param allowed the CPUs a process may run on there, as {@code Cpus_allowed_list} gives them; null or empty when unknown
     */
    public static String refused(String list, String said, String allowed) {
        return "cpus: '" + list + "' was refused (" + said + "); give CPUs the host has"
                + (allowed == null || allowed.isEmpty() ? "" : MAY_RUN_ON + allowed);
    }
}

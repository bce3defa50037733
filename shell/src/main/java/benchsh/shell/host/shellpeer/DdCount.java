package benchsh.shell.host.shellpeer;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a {@code dd} said it copied: whole and partial blocks ({@code 12+1 records in}/{@code out}), and the bytes when
 * it says them (GNU's {@code 12582912 bytes (13 MB, 12 MiB) copied}; busybox's says only records). Immutable.
 *
 * @param whole   whole blocks
 * @param partial partial blocks (a short read: the end of a file, or a pipe)
 * @param bytes   the bytes it said it copied, or null when it did not say
 */
record DdCount(long whole, long partial, Long bytes) {
    private static final Pattern RECORDS = Pattern.compile("(\\d+)\\+(\\d+) records (in|out)");
    private static final Pattern BYTES = Pattern.compile("(\\d+) bytes? .*copied.*");

    /** Whether a line is one of dd's counts (not an error). */
    static boolean isCount(String line) {
        return RECORDS.matcher(line).matches() || BYTES.matcher(line).matches();
    }

    /** The last count of {@code in} or {@code out} records dd said in {@code says}, or null when it said none. */
    static DdCount of(List<String> says, String inOrOut) {
        DdCount found = null;
        Long bytes = null;
        for (String line : says) {
            Matcher r = RECORDS.matcher(line.strip());
            if (r.matches() && r.group(3).equals(inOrOut)) {
                found = new DdCount(Long.parseLong(r.group(1)), Long.parseLong(r.group(2)), null);
            }
            Matcher b = BYTES.matcher(line.strip());
            if (b.matches()) {
                bytes = Long.parseLong(b.group(1));
            }
        }
        return found == null ? null : new DdCount(found.whole(), found.partial(), bytes);
    }

    /** Blocks in all. */
    long blocks() {
        return whole + partial;
    }

    /**
     * The bytes copied: what dd said, else whole blocks of {@code bs} and, for a partial one, what {@code size} (the file's
     * bytes, when known) leaves after them; never more than {@code size}.
     */
    long bytes(int bs, Long size) {
        if (bytes != null) {
            return bytes;
        }
        long b = whole * bs;
        if (size != null) {
            b = partial > 0 ? Math.max(b, size) : Math.min(b, size);
        }
        return b;
    }
}

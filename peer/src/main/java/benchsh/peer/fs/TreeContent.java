package benchsh.peer.fs;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The bytes of generated files, a function of the seed and the file's index only: incompressible
 * (a seeded pseudo-random stream per file) or compressible (slices of a seeded mail-like text).
 * One instance per generating thread.
 */
final class TreeContent {
    private static final String[] WORDS = {"the", "link", "disk", "copy", "mail", "from", "to", "subject", "benchmark", "received",
        "by", "with", "nfs", "tree", "portage", "ebuild", "message", "id", "date", "and", "of", "a", "for", "is"};
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final long seed;
    private final boolean random;
    private final byte[] text;
    private SplittableRandom stream;
    private int offset;

    TreeContent(long seed, boolean random) {
        this.seed = seed;
        this.random = random;
        this.text = random ? null : text(seed);
    }

    private static byte[] text(long seed) {
        SplittableRandom r = new SplittableRandom(seed ^ GOLDEN);
        StringBuilder b = new StringBuilder(70_000);
        int line = 0;
        while (b.length() < 65_536) {
            b.append(WORDS[r.nextInt(WORDS.length)]);
            b.append(++line % 12 == 0 ? '\n' : ' ');
        }
        return b.substring(0, 65_536).getBytes(StandardCharsets.US_ASCII);
    }

    /** Starts file {@code index}: the next {@link #fill} calls continue its content from offset 0. */
    void begin(int index) {
        if (random) {
            stream = new SplittableRandom(seed * GOLDEN + index);
        } else {
            offset = (int) ((index * 4099L) % text.length);
        }
    }

    /** Fills {@code buf} up to its limit with the next bytes of the current file. */
    void fill(ByteBuffer buf) {
        if (random) {
            while (buf.remaining() >= 8) {
                buf.putLong(stream.nextLong());
            }
            while (buf.hasRemaining()) {
                buf.put((byte) stream.nextInt());
            }
        } else {
            while (buf.hasRemaining()) {
                int n = Math.min(buf.remaining(), text.length - offset);
                buf.put(text, offset, n);
                offset = (offset + n) % text.length;
            }
        }
    }
}

package benchsh.peer.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * A tree as a tar stream (POSIX ustar), what {@code tar c | nc} sends and {@code nc | tar x} reads, for a copy whose
 * other end is a host's own tar ({@link benchsh.peer.protocol.Link#plain()}). The writer writes a tree (a single file
 * would land inside the receiving tar's directory: {@link CopyWorkload} refuses it), its entries named {@code ./NAME}
 * (directories with a trailing {@code /}); a name longer than ustar's 100 bytes goes into its prefix field, else in a
 * GNU long-name entry ({@code ././@LongLink}, type {@code L}); a size of 8 GiB or more in base-256; two zero blocks end
 * it. The reader takes a tree, or one file named without {@code ./} (tar's {@code cf - NAME}), in POSIX or GNU tar:
 * regular files and directories, GNU long names, the {@code path} and {@code size} of pax headers; it refuses links and
 * special files, a bad checksum and a stream that ends before its end blocks, and drains what follows the end (tar
 * pads to its record size). Names are checked by the sink ({@link SafePaths#checkName}). Not thread-safe.
 */
final class TarArchive {
    static final int BLOCK = 512;
    private static final int NAME = 100;
    private static final int PREFIX = 155;
    private static final long MAX_OCTAL_SIZE = 077777777777L;
    private static final int BUFFER = 1 << 20;
    /** The most that may follow the end blocks (tar's record padding), drained and checked to be zeros. */
    private static final long MAX_TRAILER = 1 << 20;

    private TarArchive() {
    }

    /** Writes a tree's entries as tar. Not thread-safe. */
    static final class Writer extends ArchiveWriter {
        private long files;
        private long dirs;

        /** @param progress told of every content byte handed to the channel */
        Writer(WritableByteChannel out, LongConsumer progress) {
            super(out, progress);
        }

        @Override
        public void dir(String name, int mode, long mtimeMillis) throws IOException {
            header("./" + name + "/", '5', mode, mtimeMillis, 0);
            dirs++;
        }

        @Override
        public void file(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException {
            header(name(name), '0', mode, mtimeMillis, size);
            content(name, size, content);
            pad(size);
            files++;
        }

        @Override
        void file(String name, int mode, long mtimeMillis, ByteBuffer content) throws IOException {
            long size = content.remaining();
            header(name(name), '0', mode, mtimeMillis, size);
            content(content);
            pad(size);
            files++;
        }

        private static String name(String name) throws IOException {
            if (name.isEmpty()) {
                throw new IOException("a tar stream of benchsh's holds a tree, not a single file");
            }
            return "./" + name;
        }

        @Override
        void end() throws IOException {
            room(2 * BLOCK);
            buf.put(new byte[2 * BLOCK]);
            flush();
        }

        @Override
        long files() {
            return files;
        }

        @Override
        long dirs() {
            return dirs;
        }

        private void header(String name, char type, int mode, long mtimeMillis, long size) throws IOException {
            byte[] n = name.getBytes(StandardCharsets.UTF_8);
            if (n.length > SafePaths.MAX_NAME_BYTES) {
                throw new IOException("name too long to send: " + name);
            }
            int split = split(n);
            if (split < 0 && n.length > NAME) {
                byte[] longName = Arrays.copyOf(n, n.length + 1);
                block("././@LongLink", 'L', 0644, 0, longName.length, null);
                room(longName.length);
                buf.put(longName);
                pad(longName.length);
                block(new String(n, 0, NAME, StandardCharsets.ISO_8859_1), type, mode, mtimeMillis, size, null);
                return;
            }
            if (split < 0) {
                block(new String(n, StandardCharsets.ISO_8859_1), type, mode, mtimeMillis, size, null);
            } else {
                block(new String(n, split + 1, n.length - split - 1, StandardCharsets.ISO_8859_1), type, mode, mtimeMillis, size,
                        Arrays.copyOf(n, split));
            }
        }

        /** Where a long name splits into ustar's prefix and name (at a '/'), or -1 when it fits the name or cannot split. */
        private static int split(byte[] n) {
            if (n.length <= NAME) {
                return -1;
            }
            for (int i = Math.min(PREFIX, n.length - 1); i > 0; i--) {
                if (n[i] == '/' && n.length - i - 1 <= NAME && n.length - i - 1 > 0) {
                    return i;
                }
            }
            return -1;
        }

        /** One header block; {@code name} in ISO-8859-1 holds the bytes as they are. */
        private void block(String name, char type, int mode, long mtimeMillis, long size, byte[] prefix) throws IOException {
            byte[] h = new byte[BLOCK];
            put(h, 0, name.getBytes(StandardCharsets.ISO_8859_1), NAME);
            octal(h, 100, 8, mode & 07777);
            octal(h, 108, 8, 0);
            octal(h, 116, 8, 0);
            if (size > MAX_OCTAL_SIZE) {
                h[124] = (byte) 0x80;
                for (int i = 0; i < 8; i++) {
                    h[135 - i] = (byte) (size >>> (8 * i));
                }
            } else {
                octal(h, 124, 12, size);
            }
            octal(h, 136, 12, Math.max(0, mtimeMillis / 1000));
            h[156] = (byte) type;
            put(h, 257, "ustar\0".getBytes(StandardCharsets.US_ASCII), 6);
            put(h, 263, "00".getBytes(StandardCharsets.US_ASCII), 2);
            if (prefix != null) {
                put(h, 345, prefix, PREFIX);
            }
            Arrays.fill(h, 148, 156, (byte) ' ');
            long sum = 0;
            for (byte b : h) {
                sum += b & 0xff;
            }
            octal(h, 148, 7, sum);
            room(BLOCK);
            buf.put(h);
        }

        private void pad(long size) throws IOException {
            int rest = (int) ((BLOCK - size % BLOCK) % BLOCK);
            room(rest);
            buf.put(new byte[rest]);
        }
    }

    private static void put(byte[] h, int at, byte[] value, int max) {
        System.arraycopy(value, 0, h, at, Math.min(value.length, max));
    }

    /** {@code value} as zero-padded octal digits and a NUL in {@code width} bytes. */
    private static void octal(byte[] h, int at, int width, long value) {
        String s = Long.toOctalString(value);
        s = "0".repeat(Math.max(0, width - 1 - s.length())) + s;
        put(h, at, (s + "\0").getBytes(StandardCharsets.US_ASCII), width);
    }

    /** Reads a tar stream into a {@link TreeSink}. Not thread-safe. */
    static final class Reader {
        private final ArchiveInput in;

        Reader(ReadableByteChannel channel) {
            this.in = new ArchiveInput(channel, BUFFER, "the tar stream");
        }

        /**
         * Replays the entries into {@code sink}: a stream whose first entry is not named {@code ./…} is one file; then
         * finishes the sink and drains the end. {@code entryLimit} caps the entries accepted.
         */
        void replay(TreeSink sink, long entryLimit) throws IOException {
            boolean started = false;
            String longName = null;
            Long paxSize = null;
            for (long entries = 0; ; entries++) {
                if (entries > entryLimit) {
                    throw new IOException("rejected tree: more than " + entryLimit + " entries");
                }
                byte[] h = in.bytes(BLOCK, "the tar stream ended before its end blocks (the sender stopped or the connection was lost)");
                if (zeros(h)) {
                    if (!started) {
                        throw new IOException("the tar stream held no entry");
                    }
                    sink.finish();
                    in.drainZeros(MAX_TRAILER);
                    return;
                }
                TarHeader e = TarHeader.parse(h);
                long size = paxSize != null ? paxSize : e.size();
                String name = longName != null ? longName : e.name();
                longName = null;
                paxSize = null;
                switch (e.type()) {
                    case 'L' -> {
                        longName = TarHeader.cString(in.bytes(check(size, SafePaths.MAX_NAME_BYTES + 1L), "a long name"));
                        in.skip(padding(size));
                    }
                    case 'x' -> {
                        TarHeader.Pax pax = TarHeader.pax(in.bytes(check(size, 1 << 16), "a pax header"));
                        in.skip(padding(size));
                        longName = pax.path();
                        paxSize = pax.size();
                    }
                    case 'g', 'K' -> in.skip(size + padding(size));
                    case '5', '0', '\0', '7' -> {
                        boolean dir = e.type() == '5';
                        String relative = relative(name);
                        if (!started) {
                            sink.start(!dir && !name.startsWith("./"));
                            started = true;
                        }
                        if (dir) {
                            if (!relative.isEmpty()) {
                                sink.dir(relative, e.mode(), e.mtimeMillis());
                            }
                        } else {
                            if (size < 0 || size > TreeArchive.MAX_FILE_BYTES) {
                                throw new IOException("rejected entry '" + name + "': size " + size);
                            }
                            sink.file(relative, e.mode(), e.mtimeMillis(), size, in.content(size));
                            in.skip(padding(size));
                        }
                    }
                    default -> throw new IOException("rejected entry '" + name + "': " + TarHeader.kind(e.type())
                            + "; benchsh copies regular files and directories");
                }
            }
        }
    }

    /** The name inside the destination: without a leading "./" or a trailing "/"; "" for the root (and for a single file). */
    private static String relative(String name) {
        String n = name;
        while (n.startsWith("./")) {
            n = n.substring(2);
        }
        if (n.equals(".")) {
            n = "";
        }
        while (n.endsWith("/")) {
            n = n.substring(0, n.length() - 1);
        }
        return name.startsWith("./") || name.equals(".") ? n : "";
    }

    private static boolean zeros(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private static int check(long size, long max) throws IOException {
        if (size < 0 || size > max) {
            throw new IOException("rejected tar entry: a header of " + size + " bytes");
        }
        return (int) size;
    }

    private static long padding(long size) {
        return (BLOCK - size % BLOCK) % BLOCK;
    }
}

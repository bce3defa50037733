package benchsh.peer.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.LongConsumer;

/**
 * The framed tree archive sent over one TCP stream, like {@code tar c | nc | tar x}: no per-file
 * round trip. Big-endian:
 * <pre>
 *   header: int magic "BTR1", byte root kind ('D' tree, 'F' single file)
 *   entry:  byte kind ('D' directory, 'F' file), u16 name length, UTF-8 name, int mode, long mtime ms,
 *           and for 'F': long size, then size content bytes
 *   end:    byte 'E', long files, long dirs, long bytes (the receiver checks them)
 * </pre>
 * Names are relative ('/' separators); the receiver validates them ({@link SafePaths#entry}).
 */
final class TreeArchive {
    static final int MAGIC = 0x42545231;
    static final long MAX_FILE_BYTES = 1L << 44;
    private static final int BUFFER = 1 << 20;

    private TreeArchive() {
    }

    /** Serializes entries to a channel. Not thread-safe. */
    static final class Writer extends ArchiveWriter {
        private long files;
        private long dirs;
        private long bytes;

        /** @param progress told of every content byte handed to the channel */
        Writer(WritableByteChannel out, boolean singleFile, LongConsumer progress) {
            super(out, progress);
            buf.putInt(MAGIC).put((byte) (singleFile ? 'F' : 'D'));
        }

        @Override
        public void dir(String name, int mode, long mtimeMillis) throws IOException {
            header('D', name, mode, mtimeMillis);
            dirs++;
        }

        @Override
        public void file(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException {
            header('F', name, mode, mtimeMillis);
            room(8);
            buf.putLong(size);
            content(name, size, content);
            files++;
            bytes += size;
        }

        @Override
        void file(String name, int mode, long mtimeMillis, ByteBuffer content) throws IOException {
            long size = content.remaining();
            header('F', name, mode, mtimeMillis);
            room(8);
            buf.putLong(size);
            content(content);
            files++;
            bytes += size;
        }

        /** Writes the end record and flushes. */
        @Override
        void end() throws IOException {
            room(25);
            buf.put((byte) 'E').putLong(files).putLong(dirs).putLong(bytes);
            flush();
        }

        private void header(char kind, String name, int mode, long mtimeMillis) throws IOException {
            byte[] n = name.getBytes(StandardCharsets.UTF_8);
            if (n.length > SafePaths.MAX_NAME_BYTES) {
                throw new IOException("name too long to send: " + name);
            }
            room(1 + 2 + n.length + 4 + 8);
            buf.put((byte) kind).putShort((short) n.length).put(n).putInt(mode).putLong(mtimeMillis);
        }

        @Override
        long files() {
            return files;
        }

        @Override
        long dirs() {
            return dirs;
        }
    }

    /** Reads an archive and replays it into a {@link TreeVisitor}. Not thread-safe. */
    static final class Reader {
        private final ArchiveInput in;
        private boolean singleFile;

        Reader(ReadableByteChannel channel) {
            this.in = new ArchiveInput(channel, BUFFER, "the tree stream");
        }

        /** Reads the header: true when the archive holds a single file. */
        boolean header() throws IOException {
            ByteBuffer buf = in.need(5);
            if (buf.getInt() != MAGIC) {
                throw new IOException("not a benchsh tree stream (bad magic)");
            }
            byte kind = buf.get();
            if (kind != 'D' && kind != 'F') {
                throw new IOException("bad tree stream: unknown root kind " + kind);
            }
            singleFile = kind == 'F';
            return singleFile;
        }

        /**
         * Replays entries into {@code sink} until the end record, then finishes the sink (waits for its
         * writers) and checks the totals against what it wrote. {@code entryLimit} caps the entries accepted.
         */
        void replay(TreeSink sink, long entryLimit) throws IOException {
            for (long entries = 0; ; entries++) {
                if (entries > entryLimit) {
                    throw new IOException("rejected tree: more than " + entryLimit + " entries");
                }
                byte kind = in.need(1).get();
                if (kind == 'E') {
                    ByteBuffer buf = in.need(24);
                    long files = buf.getLong();
                    long dirs = buf.getLong();
                    long bytes = buf.getLong();
                    sink.finish();
                    long dirsBelowRoot = sink.dirs() - (singleFile ? 0 : 1);
                    if (files != sink.files() || bytes != sink.bytes() || dirs != dirsBelowRoot) {
                        throw new IOException("tree stream incomplete: sender counted " + files + " files, " + bytes + " bytes; received "
                                + sink.files() + " files, " + sink.bytes() + " bytes");
                    }
                    return;
                }
                if (kind != 'D' && kind != 'F') {
                    throw new IOException("bad tree stream: unknown entry kind " + kind);
                }
                int len = Short.toUnsignedInt(in.need(2).getShort());
                if (len > SafePaths.MAX_NAME_BYTES) {
                    throw new IOException("rejected entry: name of " + len + " bytes");
                }
                ByteBuffer buf = in.need(len + 12);
                byte[] n = new byte[len];
                buf.get(n);
                String name = new String(n, StandardCharsets.UTF_8);
                int mode = buf.getInt() & 0777;
                long mtime = buf.getLong();
                if (kind == 'D') {
                    sink.dir(name, mode, mtime);
                } else {
                    long size = in.need(8).getLong();
                    if (size < 0 || size > MAX_FILE_BYTES) {
                        throw new IOException("rejected entry '" + name + "': size " + size);
                    }
                    sink.file(name, mode, mtime, size, in.content(size));
                }
            }
        }
    }
}

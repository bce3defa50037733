package benchsh.peer.fs;

import java.io.EOFException;
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

    /** Serializes entries to a channel through one 1 MiB buffer. Not thread-safe. */
    static final class Writer implements ArchiveWriter {
        private final WritableByteChannel out;
        private final LongConsumer progress;
        private final ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER);
        private long files;
        private long dirs;
        private long bytes;

        /** @param progress told of every content byte handed to the channel */
        Writer(WritableByteChannel out, boolean singleFile, LongConsumer progress) throws IOException {
            this.out = out;
            this.progress = progress;
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
            long left = size;
            while (left > 0) {
                if (!buf.hasRemaining()) {
                    flush();
                }
                int limit = buf.limit();
                if (buf.remaining() > left) {
                    buf.limit(buf.position() + (int) left);
                }
                int n = content.read(buf);
                buf.limit(limit);
                if (n < 0) {
                    throw new IOException(name + " shrank while being sent");
                }
                left -= n;
                progress.accept(n);
            }
            files++;
            bytes += size;
        }

        @Override
        public void file(String name, int mode, long mtimeMillis, ByteBuffer content) throws IOException {
            long size = content.remaining();
            header('F', name, mode, mtimeMillis);
            room(8);
            buf.putLong(size);
            while (content.hasRemaining()) {
                if (!buf.hasRemaining()) {
                    flush();
                }
                int n = Math.min(buf.remaining(), content.remaining());
                buf.put(buf.position(), content, content.position(), n).position(buf.position() + n);
                content.position(content.position() + n);
                progress.accept(n);
            }
            files++;
            bytes += size;
        }

        /** Writes the end record and flushes. */
        @Override
        public void end() throws IOException {
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

        private void room(int bytes) throws IOException {
            if (buf.remaining() < bytes) {
                flush();
            }
        }

        private void flush() throws IOException {
            buf.flip();
            while (buf.hasRemaining()) {
                out.write(buf);
            }
            buf.clear();
        }

        @Override
        public long files() {
            return files;
        }

        @Override
        public long dirs() {
            return dirs;
        }
    }

    /** Reads an archive and replays it into a {@link TreeVisitor}. Not thread-safe. */
    static final class Reader {
        private final ReadableByteChannel in;
        private final ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER);
        private boolean singleFile;

        Reader(ReadableByteChannel in) {
            this.in = in;
            buf.flip();
        }

        /** Reads the header: true when the archive holds a single file. */
        boolean header() throws IOException {
            need(5);
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
                need(1);
                byte kind = buf.get();
                if (kind == 'E') {
                    need(24);
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
                need(2);
                int len = Short.toUnsignedInt(buf.getShort());
                if (len > SafePaths.MAX_NAME_BYTES) {
                    throw new IOException("rejected entry: name of " + len + " bytes");
                }
                need(len + 12);
                byte[] n = new byte[len];
                buf.get(n);
                String name = new String(n, StandardCharsets.UTF_8);
                int mode = buf.getInt() & 0777;
                long mtime = buf.getLong();
                if (kind == 'D') {
                    sink.dir(name, mode, mtime);
                } else {
                    need(8);
                    long size = buf.getLong();
                    if (size < 0 || size > MAX_FILE_BYTES) {
                        throw new IOException("rejected entry '" + name + "': size " + size);
                    }
                    sink.file(name, mode, mtime, size, content(size));
                }
            }
        }

        /** A view of the next {@code size} bytes: buffered bytes first, then the channel. */
        private ReadableByteChannel content(long size) {
            return new ReadableByteChannel() {
                private long left = size;

                @Override
                public int read(ByteBuffer dst) throws IOException {
                    if (left == 0) {
                        return -1;
                    }
                    if (!buf.hasRemaining()) {
                        fill();
                    }
                    int n = (int) Math.min(Math.min(buf.remaining(), dst.remaining()), left);
                    ByteBuffer slice = buf.slice().limit(n);
                    dst.put(slice);
                    buf.position(buf.position() + n);
                    left -= n;
                    return n;
                }

                @Override
                public boolean isOpen() {
                    return true;
                }

                @Override
                public void close() {
                }
            };
        }

        private void need(int bytes) throws IOException {
            while (buf.remaining() < bytes) {
                buf.compact();
                int n = in.read(buf);
                buf.flip();
                if (n < 0) {
                    throw new EOFException("the tree stream ended early (the sender stopped or the connection was lost)");
                }
            }
        }

        private void fill() throws IOException {
            need(1);
        }
    }
}

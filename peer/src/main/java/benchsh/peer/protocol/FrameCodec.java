package benchsh.peer.protocol;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The wire format of control frames: a 5-byte header (1 byte type code, 4 bytes big-endian payload
 * length) followed by a UTF-8 JSON object. The length is checked against the type's cap before the
 * payload buffer is allocated. Stateless and thread-safe; callers serialize access to a stream.
 */
public final class FrameCodec {
    public static final int HEADER_BYTES = 5;

    private FrameCodec() {
    }

    public static byte[] encode(Message m) {
        byte[] payload = Json.write(m.fields()).getBytes(StandardCharsets.UTF_8);
        if (payload.length > m.type().maxBytes()) {
            throw new IllegalArgumentException(m.type() + " frame of " + payload.length + " bytes exceeds its cap of " + m.type().maxBytes());
        }
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES + payload.length);
        b.put((byte) m.type().code()).putInt(payload.length).put(payload);
        return b.array();
    }

    public static void write(OutputStream out, Message m) throws IOException {
        out.write(encode(m));
        out.flush();
    }

    /**
     * Reads one frame. Returns null on a clean end of stream before a header.
     *
     * @param progress told how many payload bytes are still expected, so a watchdog can name a stuck frame
     */
    public static Message read(InputStream in, FrameProgress progress) throws IOException {
        DataInputStream data = new DataInputStream(in);
        int code = in.read();
        if (code < 0) {
            return null;
        }
        MessageType type = MessageType.ofCode(code);
        int length;
        try {
            length = data.readInt();
        } catch (EOFException e) {
            throw new ProtocolException("truncated frame: header of " + type + " cut short");
        }
        if (length < 0 || length > type.maxBytes()) {
            throw new ProtocolException(type + " frame of " + Integer.toUnsignedString(length) + " bytes exceeds its cap of " + type.maxBytes());
        }
        progress.started(type, length);
        byte[] payload = new byte[length];
        int got = 0;
        while (got < length) {
            // not readNBytes: FileInputStream's seeks, which fails on pipes (JDK 17)
            int n = in.read(payload, got, length - got);
            if (n < 0) {
                throw new ProtocolException("truncated frame: " + type + " has " + got + " of " + length + " bytes");
            }
            got += n;
        }
        progress.finished();
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(payload)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ProtocolException(type + " frame is not valid UTF-8");
        }
        return type.decode(new Fields(type.name().toLowerCase(), Json.parseObject(text)));
    }

    /** Decodes a frame held in memory (used by tests and fuzzing). */
    public static Message decode(byte[] frame) throws IOException {
        java.io.ByteArrayInputStream in = new java.io.ByteArrayInputStream(frame);
        Message m = read(in, FrameProgress.NONE);
        if (m == null) {
            throw new EOFException("empty input");
        }
        if (in.available() > 0) {
            throw new ProtocolException("trailing bytes after frame");
        }
        return m;
    }

    /** Observes the payload phase of a frame read. */
    public interface FrameProgress {
        FrameProgress NONE = new FrameProgress() {
            public void started(MessageType type, int length) {
            }

            public void finished() {
            }
        };

        void started(MessageType type, int length);

        void finished();
    }
}

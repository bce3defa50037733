package benchsh.peer.protocol;

/**
 * The kinds of control frames, each with its wire code and its size cap in bytes.
 * The cap is checked against the frame header before any buffer is allocated.
 */
public enum MessageType {
    /** shell → peer: protocol version and shell version. */
    HELLO(1, 4 * 1024, Message.Hello::decode),
    /** peer → shell: protocol version, peer version and host facts. */
    WELCOME(2, 256 * 1024, Message.Welcome::decode),
    /** shell → peer: start one side of a test. */
    START(3, 64 * 1024, Message.Start::decode),
    /** peer → shell: the side is set up (e.g. listening) and where to reach it. */
    READY(4, 4 * 1024, Message.Ready::decode),
    /** peer → shell: one interval sample of a running side. */
    INTERVAL(5, 8 * 1024, Message.Interval::decode),
    /** peer → shell: a side has ended, with its numbers and, if it failed, the error. */
    DONE(6, 4 * 1024 * 1024, Message.Done::decode),
    /** shell → peer: cancel a running side. */
    STOP(7, 1024, Message.Stop::decode),
    /** either way: keepalive. */
    PING(8, 256, Message.Ping::decode),
    /** peer → shell: a request could not be handled at all. */
    ERROR(9, 16 * 1024, Message.Error::decode),
    /** shell → peer: a held side begins at an instant. */
    GO(10, 1024, Message.Go::decode);

    /** The largest frame of any type. */
    public static final int MAX_FRAME = 4 * 1024 * 1024;

    private final int code;
    private final int maxBytes;
    private final Decoder decoder;

    MessageType(int code, int maxBytes, Decoder decoder) {
        this.code = code;
        this.maxBytes = maxBytes;
        this.decoder = decoder;
    }

    public int code() {
        return code;
    }

    public int maxBytes() {
        return maxBytes;
    }

    Message decode(Fields fields) throws ProtocolException {
        Message m = decoder.decode(fields);
        fields.end();
        return m;
    }

    public static MessageType ofCode(int code) throws ProtocolException {
        for (MessageType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        throw new ProtocolException("unknown message type " + code);
    }

    @FunctionalInterface
    interface Decoder {
        Message decode(Fields fields) throws ProtocolException;
    }
}

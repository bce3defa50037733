package benchsh.peer.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The control messages between the shell and a peer. Each is a record with a strict decoder;
 * {@link #fields()} gives the wire form. Numbers are nanoseconds and bytes where named so.
 */
public sealed interface Message {
    /**
     * The protocol version this build speaks. A peer refuses any other. Version 2: the link (token,
     * address, port) travels beside the spec, DONE and ERROR carry an error kind. Version 3: the shell
     * sends a frame (at least a PING) every 10 s whatever the peer sends, and a peer running a test
     * exits after {@code Peer.SHELL_SILENCE} without one. Version 4: START carries the side's deadline.
     */
    int PROTOCOL = 4;

    MessageType type();

    Map<String, Object> fields();

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            if (kv[i + 1] != null) {
                m.put((String) kv[i], kv[i + 1]);
            }
        }
        return m;
    }

    record Hello(long protocol, String shellVersion) implements Message {
        public MessageType type() {
            return MessageType.HELLO;
        }

        public Map<String, Object> fields() {
            return map("protocol", protocol, "shell_version", shellVersion);
        }

        static Hello decode(Fields f) throws ProtocolException {
            return new Hello(f.integer("protocol"), f.string("shell_version"));
        }
    }

    record Welcome(long protocol, String peerVersion, Map<String, Object> facts) implements Message {
        public MessageType type() {
            return MessageType.WELCOME;
        }

        public Map<String, Object> fields() {
            return map("protocol", protocol, "peer_version", peerVersion, "facts", facts);
        }

        static Welcome decode(Fields f) throws ProtocolException {
            return new Welcome(f.integer("protocol"), f.string("peer_version"), f.map("facts"));
        }
    }

    /**
     * Start one side of a test: {@code role} is workload specific, e.g. "listen" or "connect"; {@code spec} is
     * the wire form of the workload's spec record for that role; {@code link} is null for a side without a
     * partner; {@code deadlineNanos} is how long after this START the shell waits for the side's DONE before it
     * gives the test up (at most {@link #LONGEST_DEADLINE_NANOS}, 24 h, also when absent).
     */
    record Start(String id, String workload, String role, Map<String, Object> spec, Link link, long deadlineNanos) implements Message {
        /** The longest deadline, that of a START without one: 24 h, the longest any test may last. */
        public static final long LONGEST_DEADLINE_NANOS = 86_400_000_000_000L;

        public Start {
            if (deadlineNanos < 1 || deadlineNanos > LONGEST_DEADLINE_NANOS) {
                throw new IllegalArgumentException("a side's deadline is 1 ns to 24 h, not " + deadlineNanos + " ns");
            }
        }

        /** A START with the longest deadline. */
        public Start(String id, String workload, String role, Map<String, Object> spec, Link link) {
            this(id, workload, role, spec, link, LONGEST_DEADLINE_NANOS);
        }

        public MessageType type() {
            return MessageType.START;
        }

        public Map<String, Object> fields() {
            return map("id", id, "workload", workload, "role", role, "spec", spec, "link", link == null ? null : SpecCodec.encode(link),
                    "deadline_ns", deadlineNanos);
        }

        static Start decode(Fields f) throws ProtocolException {
            return new Start(f.string("id"), f.string("workload"), f.string("role"), f.map("spec"),
                    f.optional("link") ? SpecCodec.decode(Link.class, f.object("link")) : null,
                    f.integer("deadline_ns", 1, LONGEST_DEADLINE_NANOS, LONGEST_DEADLINE_NANOS));
        }
    }

    record Ready(String id, Map<String, Object> endpoint) implements Message {
        public MessageType type() {
            return MessageType.READY;
        }

        public Map<String, Object> fields() {
            return map("id", id, "endpoint", endpoint);
        }

        static Ready decode(Fields f) throws ProtocolException {
            return new Ready(f.string("id"), f.map("endpoint"));
        }
    }

    record Interval(String id, Map<String, Object> sample) implements Message {
        public MessageType type() {
            return MessageType.INTERVAL;
        }

        public Map<String, Object> fields() {
            return map("id", id, "sample", sample);
        }

        static Interval decode(Fields f) throws ProtocolException {
            return new Interval(f.string("id"), f.map("sample"));
        }
    }

    /**
     * A side ended. {@code error} and {@code kind} are null when it completed, and both set when it did not;
     * metrics measured so far are kept either way.
     */
    record Done(String id, Map<String, Object> metrics, List<Object> intervals, String error, ErrorKind kind) implements Message {
        public Done {
            if ((error == null) != (kind == null)) {
                throw new IllegalArgumentException("a DONE carries an error and its kind, or neither");
            }
        }

        public MessageType type() {
            return MessageType.DONE;
        }

        public Map<String, Object> fields() {
            return map("id", id, "metrics", metrics, "intervals", intervals, "error", error, "kind", kind == null ? null : kind.wire());
        }

        static Done decode(Fields f) throws ProtocolException {
            String error = f.optString("error");
            String kind = f.optString("kind");
            if ((error == null) != (kind == null)) {
                throw new ProtocolException("a DONE carries an error and its kind, or neither");
            }
            return new Done(f.string("id"), f.map("metrics"), f.list("intervals"), error, kind == null ? null : ErrorKind.of(kind));
        }
    }

    record Stop(String id) implements Message {
        public MessageType type() {
            return MessageType.STOP;
        }

        public Map<String, Object> fields() {
            return map("id", id);
        }

        static Stop decode(Fields f) throws ProtocolException {
            return new Stop(f.string("id"));
        }
    }

    record Ping() implements Message {
        public MessageType type() {
            return MessageType.PING;
        }

        public Map<String, Object> fields() {
            return map();
        }

        static Ping decode(Fields f) {
            return new Ping();
        }
    }

    /** A request failed before any side started; {@code id} names it when known. */
    record Error(String id, String message, ErrorKind kind) implements Message {
        public Error {
            java.util.Objects.requireNonNull(kind, "kind");
        }

        public MessageType type() {
            return MessageType.ERROR;
        }

        public Map<String, Object> fields() {
            return map("id", id, "message", message, "kind", kind.wire());
        }

        static Error decode(Fields f) throws ProtocolException {
            return new Error(f.optString("id"), f.string("message"), ErrorKind.of(f.string("kind")));
        }
    }
}

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
     * exits after {@code Peer.SHELL_SILENCE} without one. Version 4: START carries the side's deadline. Version 5: a
     * side's figures are records: DONE carries the role's report record and INTERVAL its sample record, both encoded
     * by {@link SpecCodec}, and READY a typed {@link Endpoint}. Version 6: a PING from the shell carries its clock and the
     * peer's answer the peer's, four timestamps of a {@link ClockExchange}; a START may hold its side once it is set up until
     * a GO names the instant on the peer's clock at which it begins, and DONE then says how late it began.
     */
    int PROTOCOL = 6;

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
     * gives the test up (at most {@link #LONGEST_DEADLINE_NANOS}, 24 h, also when absent); {@code hold} sets the side
     * up (READY) and has it wait for a {@link Go} naming when it begins, rather than begin at once: so that sides to
     * begin together are all set up before their instant is chosen.
     */
    record Start(String id, String workload, String role, Map<String, Object> spec, Link link, long deadlineNanos, boolean hold)
            implements Message {
        /** The longest deadline, that of a START without one: 24 h, the longest any test may last. */
        public static final long LONGEST_DEADLINE_NANOS = 86_400_000_000_000L;

        public Start {
            if (deadlineNanos < 1 || deadlineNanos > LONGEST_DEADLINE_NANOS) {
                throw new IllegalArgumentException("a side's deadline is 1 ns to 24 h, not " + deadlineNanos + " ns");
            }
        }

        /** A START that begins the side at once. */
        public Start(String id, String workload, String role, Map<String, Object> spec, Link link, long deadlineNanos) {
            this(id, workload, role, spec, link, deadlineNanos, false);
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
                    "deadline_ns", deadlineNanos, "hold", hold ? Boolean.TRUE : null);
        }

        static Start decode(Fields f) throws ProtocolException {
            return new Start(f.string("id"), f.string("workload"), f.string("role"), f.map("spec"),
                    f.optional("link") ? SpecCodec.decode(Link.class, f.object("link")) : null,
                    f.integer("deadline_ns", 1, LONGEST_DEADLINE_NANOS, LONGEST_DEADLINE_NANOS), f.bool("hold", false));
        }
    }

    /**
     * A held side begins at {@code atNanos}, on the peer's clock ({@link System#nanoTime()}), within 24 h: at once if that
     * is past.
     */
    record Go(String id, long atNanos) implements Message {
        public MessageType type() {
            return MessageType.GO;
        }

        public Map<String, Object> fields() {
            return map("id", id, "at_ns", atNanos);
        }

        static Go decode(Fields f) throws ProtocolException {
            return new Go(f.string("id"), f.integer("at_ns"));
        }
    }

    /** A side is set up; {@code endpoint} is where a listening side is reached, null for one that does not listen. */
    record Ready(String id, Endpoint endpoint) implements Message {
        public MessageType type() {
            return MessageType.READY;
        }

        public Map<String, Object> fields() {
            return map("id", id, "endpoint", endpoint == null ? null : SpecCodec.encode(endpoint));
        }

        static Ready decode(Fields f) throws ProtocolException {
            return new Ready(f.string("id"), f.optional("endpoint") ? SpecCodec.decode(Endpoint.class, f.object("endpoint")) : null);
        }
    }

    /**
     * One interval sample of a side: the wire form of its role's sample record ({@code benchsh.peer.workload.Interval}),
     * decoded with that record by whoever knows the role.
     */
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
     * A side ended. {@code report} is the wire form of its role's report record (decoded with that record by whoever
     * knows the role), null when the side ended before it had one; {@code intervals} its interval samples' wire forms.
     * {@code error} and {@code kind} are null when it completed, and both set when it did not; what was measured so far
     * is kept either way. {@code lateNanos}, for a side a GO began, is how long after the GO's instant it began, on the
     * peer's clock; null for one that began at once.
     */
    record Done(String id, Map<String, Object> report, List<Object> intervals, String error, ErrorKind kind, Long lateNanos) implements Message {
        public Done {
            if ((error == null) != (kind == null)) {
                throw new IllegalArgumentException("a DONE carries an error and its kind, or neither");
            }
        }

        /** The DONE of a side that began at once. */
        public Done(String id, Map<String, Object> report, List<Object> intervals, String error, ErrorKind kind) {
            this(id, report, intervals, error, kind, null);
        }

        public MessageType type() {
            return MessageType.DONE;
        }

        public Map<String, Object> fields() {
            return map("id", id, "report", report, "intervals", intervals, "error", error, "kind", kind == null ? null : kind.wire(),
                    "late_ns", lateNanos);
        }

        static Done decode(Fields f) throws ProtocolException {
            String error = f.optString("error");
            String kind = f.optString("kind");
            if ((error == null) != (kind == null)) {
                throw new ProtocolException("a DONE carries an error and its kind, or neither");
            }
            return new Done(f.string("id"), f.optional("report") ? f.map("report") : null, f.list("intervals"), error,
                    kind == null ? null : ErrorKind.of(kind), f.optional("late_ns") ? (Long) f.integer("late_ns") : null);
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

    /**
     * Keepalive, and a clock exchange ({@link ClockExchange}): the shell's PING carries {@code sentNanos}, its clock as it
     * sent (t1); the peer's answer echoes it and adds {@code receivedNanos} and {@code answeredNanos}, the peer's clock as
     * the PING arrived and as it answered (t2, t3). A PING without stamps is a keepalive only; each stamp may be absent.
     */
    record Ping(Long sentNanos, Long receivedNanos, Long answeredNanos) implements Message {
        /** A keepalive without stamps. */
        public Ping() {
            this(null, null, null);
        }

        /** The shell's PING, stamped with its clock. */
        public static Ping asking(long sentNanos) {
            return new Ping(sentNanos, null, null);
        }

        /** The peer's answer to {@code asked}, received at {@code receivedNanos} on its clock, answered now. */
        public Ping answer(long receivedNanos) {
            return new Ping(sentNanos, sentNanos == null ? null : receivedNanos, sentNanos == null ? null : System.nanoTime());
        }

        /** The exchange this answer completes, had at {@code t4} on the asker's clock; null for a PING without all stamps. */
        public ClockExchange exchange(long t4) {
            return sentNanos == null || receivedNanos == null || answeredNanos == null ? null
                    : new ClockExchange(sentNanos, receivedNanos, answeredNanos, t4);
        }

        public MessageType type() {
            return MessageType.PING;
        }

        public Map<String, Object> fields() {
            return map("sent_ns", sentNanos, "received_ns", receivedNanos, "answered_ns", answeredNanos);
        }

        static Ping decode(Fields f) throws ProtocolException {
            return new Ping(stamp(f, "sent_ns"), stamp(f, "received_ns"), stamp(f, "answered_ns"));
        }

        private static Long stamp(Fields f, String name) throws ProtocolException {
            return f.optional(name) ? (Long) f.integer(name) : null;
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

package benchsh.shell.host;

import benchsh.peer.protocol.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes text that comes from a peer safe to print: a hostile or broken host must not be able to
 * send escape sequences to the user's terminal (recolour it, set its title, move the cursor, write
 * to the clipboard) or split one line of a table or a file into several. Every C0 control character
 * (newline and tab included), DEL, every C1 control character and the Unicode bidirectional controls
 * are shown escaped: {@code \n}, {@code \r}, {@code \t}, {@code \x1b}, <code>&#92;u202e</code>. Everything
 * else, backslashes included, passes unchanged. {@link PeerConnection} applies it once, to every
 * message and diagnostic as it arrives. Stateless and thread-safe.
 */
public final class PeerText {
    private PeerText() {
    }

    /** {@code text} on one line with every control character escaped; null stays null. */
    public static String line(String text) {
        if (text == null || text.chars().noneMatch(PeerText::unsafe)) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 16);
        text.chars().forEach(c -> {
            if (!unsafe(c)) {
                sb.append((char) c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (c <= 0xff) {
                sb.append(String.format("\\x%02x", c));
            } else {
                sb.append(String.format("\\u%04x", c));
            }
        });
        return sb.toString();
    }

    /**
     * A decoded value from a peer (string, number, boolean, null, list or map, nested) with every
     * string in it, map keys included, passed through {@link #line}. Lists and maps are copied.
     */
    public static Object value(Object value) {
        if (value instanceof String s) {
            return line(s);
        }
        if (value instanceof Map<?, ?> m) {
            return map(m);
        }
        if (value instanceof List<?> l) {
            List<Object> copy = new ArrayList<>(l.size());
            l.forEach(v -> copy.add(value(v)));
            return copy;
        }
        return value;
    }

    /** A message from a peer with all of its text passed through {@link #line}. */
    public static Message message(Message m) {
        if (m instanceof Message.Interval i) {
            return new Message.Interval(line(i.id()), map(i.sample()));
        }
        if (m instanceof Message.Done d) {
            return new Message.Done(line(d.id()), map(d.report()), list(d.intervals()), line(d.error()), d.kind(), d.lateNanos());
        }
        if (m instanceof Message.Ready r) {
            return new Message.Ready(line(r.id()), r.endpoint());
        }
        if (m instanceof Message.Error e) {
            return new Message.Error(line(e.id()), line(e.message()), e.kind());
        }
        if (m instanceof Message.Welcome w) {
            return new Message.Welcome(w.protocol(), line(w.peerVersion()), map(w.facts()));
        }
        return m; // PING carries no text; HELLO, START and STOP only ever go to a peer
    }

    private static Map<String, Object> map(Map<?, ?> m) {
        if (m == null) {
            return null;
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        m.forEach((k, v) -> copy.put(line(String.valueOf(k)), value(v)));
        return copy;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(List<Object> l) {
        return l == null ? null : (List<Object>) value(l);
    }

    private static boolean unsafe(int c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    }
}

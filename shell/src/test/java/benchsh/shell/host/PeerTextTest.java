package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Message;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Peer text on its way to a terminal: escape sequences and line breaks arrive shown, never acted on. */
class PeerTextTest {
    static final char ESC = 27;
    static final char BEL = 7;
    /** Recolours the terminal, sets its title, rings, moves the cursor, adds a line, reverses the text, uses an 8-bit CSI. */
    static final String HOSTILE = ESC + "[31mred" + ESC + "]0;owned" + BEL + "\r" + ESC + "[2J\nfake row\t" + (char) 0x202e + "txt" + (char) 0x9b + "0m"
            + (char) 0x7f;

    /** True if {@code text} holds a character a terminal acts on rather than prints (newline allowed where lines end). */
    static boolean hasControl(String text, boolean allowNewline) {
        return text.chars().anyMatch(c -> (c < 0x20 && !(allowNewline && c == '\n')) || (c >= 0x7f && c <= 0x9f)
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069));
    }

    @Test
    void controlCharactersAreShownEscapedOnOneLine() {
        assertEquals("\\x1b[31mred\\x1b]0;owned\\x07\\r\\x1b[2J\\nfake row\\t\\u202etxt\\x9b0m\\x7f", PeerText.line(HOSTILE));
        assertTrue(!hasControl(PeerText.line(HOSTILE), false));
    }

    @Test
    void ordinaryTextIsLeftAlone() {
        String text = "Intel(R) Xeon(R) CPU @ 2.20GHz – ext4 on /dev/sda1, C:\\path, µs, 日本";
        assertSame(text, PeerText.line(text));
        assertNull(PeerText.line(null));
        assertEquals(PeerText.line(HOSTILE), PeerText.line(PeerText.line(HOSTILE)), "escaping twice changes nothing");
    }

    @Test
    void nestedValuesKeysIncludedAreSanitizedAndNumbersKept() {
        Object clean = PeerText.value(Map.of("nics" + ESC, List.of(Map.of("name", "eth0" + ESC + "[8m", "mtu", 1500L)), "ok", true));
        assertEquals(Map.of("nics\\x1b", List.of(Map.of("name", "eth0\\x1b[8m", "mtu", 1500L)), "ok", true), clean);
    }

    @Test
    void everyMessageFromAPeerIsSanitized() {
        Message.Welcome w = assertInstanceOf(Message.Welcome.class,
                PeerText.message(new Message.Welcome(2, "1.0" + ESC, Map.of("kernel", HOSTILE))));
        assertEquals(PeerText.line(HOSTILE), w.facts().get("kernel"));
        assertEquals("1.0\\x1b", w.peerVersion());
        Message.Done d = assertInstanceOf(Message.Done.class,
                PeerText.message(new Message.Done("t1", Map.of("path", HOSTILE), List.of(Map.of("note", HOSTILE)), HOSTILE, ErrorKind.IO, 42L)));
        assertEquals(PeerText.line(HOSTILE), d.error());
        assertEquals(ErrorKind.IO, d.kind(), "the kind is kept");
        assertEquals(42L, d.lateNanos(), "and how late the side began");
        assertEquals(PeerText.line(HOSTILE), d.report().get("path"));
        assertEquals(List.of(Map.of("note", PeerText.line(HOSTILE))), d.intervals());
        Message.Error e = assertInstanceOf(Message.Error.class, PeerText.message(new Message.Error(null, HOSTILE, ErrorKind.PROTOCOL)));
        assertEquals(PeerText.line(HOSTILE), e.message());
        Message.Interval i = assertInstanceOf(Message.Interval.class, PeerText.message(new Message.Interval("t1", Map.of("state", HOSTILE))));
        assertEquals(PeerText.line(HOSTILE), i.sample().get("state"));
        Message.Ready r = assertInstanceOf(Message.Ready.class, PeerText.message(new Message.Ready("t1", new Endpoint(9))));
        assertEquals(9, r.endpoint().port(), "an endpoint carries no text");
    }
}

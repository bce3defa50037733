package benchsh.shell.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.junit.jupiter.api.Test;

/** Verbs, keywords, strings, numbers with units and argument names each get their colour; the text is unchanged. */
class GroovyHighlighterTest {
    final GroovyHighlighter h = new GroovyHighlighter(List.of("tcp", "sweep"), Colours.ON);

    @Test
    void tokensAreStyledAndTheTextIsKept() {
        String line = "if (true) tcp to: local, size: 16.KiB, label: 'a b' // note";
        AttributedString a = h.highlight(line);
        assertEquals(line, a.toString());
        assertEquals(AttributedStyle.MAGENTA, fg(a, line.indexOf("if")));
        assertEquals(AttributedStyle.BLUE, fg(a, line.indexOf("tcp")));
        assertEquals(AttributedStyle.YELLOW, fg(a, line.indexOf("size")));
        assertEquals(AttributedStyle.CYAN, fg(a, line.indexOf("16.KiB") + 3));
        assertEquals(AttributedStyle.GREEN, fg(a, line.indexOf("'a b'") + 2));
        assertEquals(-1, fg(a, line.indexOf("local")));
        assertEquals(true, a.styleAt(line.indexOf("note")).equals(AttributedStyle.DEFAULT.faint()));
    }

    @Test
    void anUnclosedStringIsStillAString() {
        String line = "tcp label: 'half";
        assertEquals(AttributedStyle.GREEN, fg(h.highlight(line), line.length() - 1));
    }

    @Test
    void underNoColorTheLineHasNoColourButKeepsBoldAndFaint() {
        String line = "if (true) tcp to: local, size: 16.KiB, label: 'a b' // note";
        AttributedString a = new GroovyHighlighter(List.of("tcp"), Colours.forNoColor("1")).highlight(line);
        assertEquals(line, a.toString());
        for (int i = 0; i < line.length(); i++) {
            assertEquals(-1, fg(a, i), "colour at " + i);
        }
        String ansi = a.toAnsi();
        assertFalse(ColoursTest.SGR_COLOUR.matcher(ansi).find(), ansi);
        assertTrue(ansi.contains("\u001b[1mtcp"), "verbs stay bold: " + ansi);
        assertTrue(ansi.contains("\u001b[2m// note"), "comments stay faint: " + ansi);
    }

    private static int fg(AttributedString a, int i) {
        AttributedStyle s = a.styleAt(i);
        return (s.getStyle() & 0x100) != 0 ? (int) ((s.getStyle() >>> 15) & 0xFF) : -1;
    }
}

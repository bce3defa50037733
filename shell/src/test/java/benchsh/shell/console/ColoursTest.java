package benchsh.shell.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.jline.utils.StyleResolver;
import org.junit.jupiter.api.Test;

/** NO_COLOR (https://no-color.org): set and not empty, the console's styles lose their colours. */
class ColoursTest {
    /** An SGR sequence that sets a foreground or background colour (30-49, 90-107, 38;..., 48;...). */
    static final Pattern SGR_COLOUR = Pattern.compile("\u001b\\[(?:[0-9]*;)*(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9]*)*m");

    @Test
    void onlyANonEmptyNoColorTurnsColourOff() {
        assertTrue(Colours.forNoColor(null).enabled());
        assertTrue(Colours.forNoColor("").enabled());
        assertFalse(Colours.forNoColor("1").enabled());
        assertFalse(Colours.forNoColor("false").enabled(), "any non-empty value counts");
    }

    @Test
    void stylesLoseTheirColoursAndKeepTheRest() {
        AttributedStyle boldBlueOnRed = AttributedStyle.BOLD.foreground(AttributedStyle.BLUE).background(AttributedStyle.RED);
        assertTrue(SGR_COLOUR.matcher(new AttributedString("x", Colours.ON.apply(boldBlueOnRed)).toAnsi()).find());
        String off = new AttributedString("x", Colours.OFF.apply(boldBlueOnRed)).toAnsi();
        assertEquals("\u001b[1mx\u001b[0m", off);
        assertEquals("\u001b[7mx\u001b[0m", new AttributedString("x", Colours.OFF.apply(AttributedStyle.DEFAULT.inverse())).toAnsi(),
                "the status line stays inverse");
    }

    @Test
    void jlinesCompletionMenuIsPlainUnderNoColor() throws Exception {
        List<String> styles = List.of(LineReader.COMPLETION_STYLE_STARTING, LineReader.COMPLETION_STYLE_DESCRIPTION,
                LineReader.COMPLETION_STYLE_GROUP, LineReader.COMPLETION_STYLE_BACKGROUND, LineReader.COMPLETION_STYLE_LIST_STARTING,
                LineReader.COMPLETION_STYLE_LIST_DESCRIPTION, LineReader.COMPLETION_STYLE_LIST_GROUP, LineReader.COMPLETION_STYLE_LIST_BACKGROUND);
        try (Terminal t = new DumbTerminal("test", "dumb", new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(), StandardCharsets.UTF_8)) {
            LineReader off = Colours.OFF.configure(LineReaderBuilder.builder()).terminal(t).build();
            LineReader on = Colours.ON.configure(LineReaderBuilder.builder()).terminal(t).build();
            StyleResolver plain = new StyleResolver(name -> (String) off.getVariable(name));
            for (String style : styles) {
                // the defaults JLine would use colour (e.g. fg:cyan); the configured values replace them
                String ansi = new AttributedString("x", plain.resolve("." + style, "fg:cyan,bg:magenta")).toAnsi();
                assertFalse(SGR_COLOUR.matcher(ansi).find(), style + ": " + ansi);
                assertEquals(null, on.getVariable(style), "with colour, JLine's defaults stay: " + style);
            }
        }
    }
}

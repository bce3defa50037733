package benchsh.shell.console;

import java.util.Map;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.utils.AttributedStyle;

/**
 * The one switch for colour in the interactive shell: off when the environment variable {@code NO_COLOR} is
 * set and not empty (https://no-color.org). Every style the console applies (the highlighter, the status line,
 * JLine's completion menu) goes through it; with colour off, foreground and background colours are dropped
 * and bold, faint and inverse stay, as NO_COLOR asks. Immutable, thread-safe.
 *
 * @param enabled whether colours are shown
 */
record Colours(boolean enabled) {
    static final Colours ON = new Colours(true);
    static final Colours OFF = new Colours(false);

    /** JLine's completion menu styles without colour (its defaults colour the matched prefix, descriptions and groups). */
    private static final Map<String, String> PLAIN_COMPLETION_STYLES = Map.of(
            LineReader.COMPLETION_STYLE_STARTING, "fg:default",
            LineReader.COMPLETION_STYLE_LIST_STARTING, "fg:default",
            LineReader.COMPLETION_STYLE_DESCRIPTION, "fg:default",
            LineReader.COMPLETION_STYLE_LIST_DESCRIPTION, "fg:default",
            LineReader.COMPLETION_STYLE_GROUP, "bold",
            LineReader.COMPLETION_STYLE_LIST_GROUP, "bold",
            LineReader.COMPLETION_STYLE_BACKGROUND, "bg:default",
            LineReader.COMPLETION_STYLE_LIST_BACKGROUND, "bg:default",
            LineReader.COMPLETION_STYLE_SELECTION, "inverse",
            LineReader.COMPLETION_STYLE_LIST_SELECTION, "inverse");

    /** This process's setting: off under a non-empty {@code $NO_COLOR}. */
    static Colours fromEnvironment() {
        return forNoColor(System.getenv("NO_COLOR"));
    }

    /** The setting for a value of {@code NO_COLOR} (null when unset). */
    static Colours forNoColor(String noColor) {
        return noColor == null || noColor.isEmpty() ? ON : OFF;
    }

    /** {@code style}, or {@code style} without its colours when colour is off. */
    AttributedStyle apply(AttributedStyle style) {
        return enabled ? style : style.foregroundOff().backgroundOff();
    }

    /** Makes the reader's completion menu plain when colour is off; leaves JLine's defaults otherwise. */
    LineReaderBuilder configure(LineReaderBuilder reader) {
        if (!enabled) {
            PLAIN_COMPLETION_STYLES.forEach(reader::variable);
        }
        return reader;
    }
}

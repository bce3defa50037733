package benchsh.shell.console;

import java.util.Collection;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jline.reader.Highlighter;
import org.jline.reader.LineReader;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * Colours a line of the scenario language as it is typed: verbs bold, Groovy keywords magenta,
 * strings green, numbers with their units ({@code 16.KiB}, {@code 5.s}) cyan, argument names
 * ({@code size:}) yellow, comments faint; under {@code NO_COLOR} ({@link Colours}) only bold and faint remain.
 * A lexer, not a parser: it never rejects a line. Stateless.
 */
final class GroovyHighlighter implements Highlighter {
    private static final Set<String> KEYWORDS = Set.of("as", "assert", "break", "case", "catch", "class", "continue", "def", "default",
            "do", "else", "false", "final", "finally", "for", "if", "in", "instanceof", "new", "null", "return", "switch", "this",
            "throw", "true", "try", "var", "while");
    private static final Pattern TOKEN = Pattern.compile(
            "(?<comment>//.*)"
            + "|(?<string>'(?:[^'\\\\]|\\\\.)*'?|\"(?:[^\"\\\\]|\\\\.)*\"?)"
            + "|(?<number>\\b[0-9][0-9_]*(?:\\.[0-9]+)?(?:\\.(?:KiB|MiB|GiB|KB|MB|GB|B|s|ms|us|min|Kbit|Mbit|Gbit|percent))?\\b)"
            + "|(?<arg>\\b[A-Za-z_][A-Za-z0-9_]*(?=\\s*:(?!:)))"
            + "|(?<word>\\b[A-Za-z_][A-Za-z0-9_]*\\b)");
    private static final AttributedStyle VERB = AttributedStyle.BOLD.foreground(AttributedStyle.BLUE);
    private static final AttributedStyle KEYWORD = AttributedStyle.DEFAULT.foreground(AttributedStyle.MAGENTA);
    private static final AttributedStyle STRING = AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN);
    private static final AttributedStyle NUMBER = AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN);
    private static final AttributedStyle ARG = AttributedStyle.DEFAULT.foreground(AttributedStyle.YELLOW);
    private static final AttributedStyle COMMENT = AttributedStyle.DEFAULT.faint();

    private final Set<String> verbs;
    private final Colours colours;

    GroovyHighlighter(Collection<String> verbs, Colours colours) {
        this.verbs = Set.copyOf(verbs);
        this.colours = colours;
    }

    @Override
    public AttributedString highlight(LineReader reader, String buffer) {
        return highlight(buffer);
    }

    AttributedString highlight(String buffer) {
        AttributedStringBuilder b = new AttributedStringBuilder(buffer.length() + 32);
        Matcher m = TOKEN.matcher(buffer);
        int at = 0;
        while (m.find()) {
            b.append(buffer, at, m.start());
            b.styled(colours.apply(style(m)), m.group());
            at = m.end();
        }
        b.append(buffer, at, buffer.length());
        return b.toAttributedString();
    }

    private AttributedStyle style(Matcher m) {
        if (m.group("comment") != null) {
            return COMMENT;
        }
        if (m.group("string") != null) {
            return STRING;
        }
        if (m.group("number") != null) {
            return NUMBER;
        }
        if (m.group("arg") != null) {
            return ARG;
        }
        String w = m.group("word");
        return verbs.contains(w) ? VERB : KEYWORDS.contains(w) ? KEYWORD : AttributedStyle.DEFAULT;
    }

    @Override
    public void setErrorPattern(Pattern errorPattern) {
    }

    @Override
    public void setErrorIndex(int errorIndex) {
    }
}

package benchsh.shell.script;

import java.util.regex.Pattern;

/**
 * Masks secrets written in script text ({@code password: 'x'}, {@code passphrase = "x"},
 * {@code password=x}) inside messages that may quote that text, such as Groovy's syntax errors.
 * Stateless and thread-safe.
 */
public final class Secrets {
    private static final Pattern ASSIGNED = Pattern.compile(
            "(?i)\\b(password|passphrase)(\\s*[:=]\\s*)(?:'[^'\\n]*'?|\"[^\"\\n]*\"?|[^\\s,)\\]}'\"]+)");

    private Secrets() {
    }

    /** The text with every assigned password or passphrase value replaced by {@code ***}; null stays null. */
    public static String redact(String text) {
        return text == null ? null : ASSIGNED.matcher(text).replaceAll("$1$2***");
    }
}

package benchsh.shell.report;

import java.util.List;
import java.util.regex.Pattern;

/** Quotes words for a POSIX shell, so a printed command line can be pasted back. Stateless. */
public final class ShellQuote {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellQuote() {
    }

    /** {@code size=8KiB} stays as it is; anything else goes in single quotes. */
    public static String quote(String word) {
        if (!word.isEmpty() && SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    public static String join(List<String> words) {
        return String.join(" ", words.stream().map(ShellQuote::quote).toList());
    }
}

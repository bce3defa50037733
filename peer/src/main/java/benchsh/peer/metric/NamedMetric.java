package benchsh.peer.metric;

import java.util.regex.Pattern;

/**
 * One figure a result can carry, as the registry lists it: its name (snake_case, carrying its unit), its unit and what
 * it means, derived from a record component's {@link Metric}. A name may hold placeholders in braces for a family of
 * metrics, e.g. {@code cpu_{host}_pct} for every observed host. Immutable.
 */
public record NamedMetric(String name, Unit unit, String meaning) {
    /** What a placeholder stands for in a name: an identifier of lower-case letters, digits and {@code _ . -}. */
    static final String KEY = "[a-z0-9_.-]+";

    public NamedMetric {
        unit.check(name);
    }

    /** Whether the name is a family's (holds a placeholder). */
    public boolean family() {
        return name.contains("{");
    }

    /** Whether {@code key} is this metric, or one of its family. */
    public boolean matches(String key) {
        if (!family()) {
            return name.equals(key);
        }
        return Pattern.compile(Pattern.quote(name).replaceAll("\\{[a-z]+\\}", "\\\\E" + KEY + "\\\\Q")).matcher(key).matches();
    }

    /** The characters of the name outside its placeholders: the more a family spells out, the narrower it is. */
    int literal() {
        return name.replaceAll("\\{[a-z]+\\}", "").length();
    }

    /** The words of a table header: the name without its unit suffix, underscores as spaces. */
    public String words(String key) {
        return unit.strip(key).replace('_', ' ');
    }
}

package benchsh.peer.metric;

import java.util.regex.Pattern;

/**
 * One figure a result can carry: its name (snake_case, ending in its unit's suffix), its unit and what it
 * means. A name may hold a placeholder in braces for a family of metrics, e.g. {@code cpu_{host}_pct} for every
 * observed host. Immutable.
 */
public record Metric(String name, Unit unit, String meaning) {
    public Metric {
        if (!name.endsWith(unit.suffix()) && !("_" + name).equals(unit.suffix())) {
            throw new IllegalArgumentException(name + " does not end with its unit's suffix " + unit.suffix());
        }
    }

    /** Whether {@code key} is this metric, or one of its family. */
    public boolean matches(String key) {
        if (!name.contains("{")) {
            return name.equals(key);
        }
        return Pattern.compile(Pattern.quote(name).replaceAll("\\{[a-z]+\\}", "\\\\E[a-z0-9_.-]+\\\\Q")).matcher(key).matches();
    }

    /** The words of a table header: the name without its unit suffix, underscores as spaces. */
    public String words(String key) {
        String base = key.length() > unit.suffix().length() ? key.substring(0, key.length() - unit.suffix().length()) : key;
        return base.replace('_', ' ');
    }
}

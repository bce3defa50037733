package benchsh.shell.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What makes a scenario run reproducible: the parameters it asked for ({@code param}) with the
 * {@code --set} overrides applied, the inventory it used, and the expectations it checked.
 * Thread-safe.
 */
public final class Scenario {
    /** One {@code expect}: where it is, what it said, whether it held. */
    public record Expectation(String location, String text, boolean passed) {
    }

    private final Map<String, String> overrides = new LinkedHashMap<>();
    private final Set<String> used = new LinkedHashSet<>();
    private final Map<String, Object> parameters = new LinkedHashMap<>();
    private final List<Expectation> expectations = new ArrayList<>();
    private String inventory;

    /** {@code --set name=value}. */
    public synchronized void override(String name, String value) {
        overrides.put(name, value);
    }

    /** The override for {@code name}, or null; marks it used. */
    public synchronized String overrideOf(String name) {
        used.add(name);
        return overrides.get(name);
    }

    /** Overrides the script never asked for (likely typos). */
    public synchronized List<String> unusedOverrides() {
        return overrides.keySet().stream().filter(k -> !used.contains(k)).toList();
    }

    public synchronized Map<String, String> overrides() {
        return Map.copyOf(overrides);
    }

    public synchronized void parameter(String name, Object value) {
        parameters.put(name, value);
    }

    /** The parameters in force, by name, as the script saw them. */
    public synchronized Map<String, Object> parameters() {
        return new LinkedHashMap<>(parameters);
    }

    public synchronized void inventory(String path) {
        this.inventory = path;
    }

    public synchronized String inventory() {
        return inventory;
    }

    public synchronized void expectation(Expectation e) {
        expectations.add(e);
    }

    public synchronized List<Expectation> expectations() {
        return List.copyOf(expectations);
    }

    public synchronized List<Expectation> failedExpectations() {
        return expectations.stream().filter(e -> !e.passed()).toList();
    }
}

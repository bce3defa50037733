package benchsh.shell.report;

import benchsh.shell.host.Host;
import benchsh.shell.result.Result;
import benchsh.shell.result.Scenario;
import benchsh.shell.result.Scenario.Expectation;
import benchsh.shell.secret.Secrets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a report says besides the results: a title, the script and its parameters, the
 * {@code --set} overrides, the inventory file (or null), the expectations checked, the hosts' facts,
 * the benchsh version, start and end times, the command line to rerun, the error that stopped
 * the script early (or null), and the comparisons the session showed ({@code compare}). Immutable.
 */
public record ReportContext(String title, String scriptPath, String script, Map<String, Object> parameters,
                           Map<String, String> overrides, String inventory, List<Expectation> expectations,
                           List<HostInfo> hosts, String version, Instant started, Instant ended, String rerun, String error,
                           List<Comparison> comparisons) {

    public ReportContext {
        Map<String, Object> normalized = new LinkedHashMap<>();
        parameters.forEach((k, v) -> normalized.put(k, normalize(v)));
        parameters = java.util.Collections.unmodifiableMap(normalized);
        overrides = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(overrides));
        expectations = List.copyOf(expectations);
        hosts = List.copyOf(hosts);
        comparisons = List.copyOf(comparisons);
    }


    /** A parameter value as results carry them: durations in seconds, hosts by name. */
    static Object normalize(Object v) {
        if (v instanceof java.time.Duration d) {
            return d.toNanos() / 1e9;
        }
        if (v instanceof Host h) {
            return h.name();
        }
        return v instanceof Number || v instanceof Boolean || v == null ? v : String.valueOf(v);
    }

    /**
     * A host as a report shows it: its name, the peer's version and the facts the peer reported
     * (kernel, os, cpu_model, cpu_count, memory_bytes, nics, mounts, java, ...). Immutable.
     */
    public record HostInfo(String name, String peerVersion, Map<String, Object> facts) {
        public HostInfo {
            facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
        }

        public static HostInfo of(Host h) {
            return new HostInfo(h.name(), h.peerVersion(), h.facts());
        }

        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name);
            m.put("peer_version", peerVersion);
            m.put("facts", facts);
            return m;
        }
    }

    /**
     * The context of a session's report: the hosts the results name plus every host that has reported
     * its facts, ended now. Script, command line, error, parameters, overrides and expectations are
     * masked with the session's secrets.
     */
    public static ReportContext of(Provenance p, Scenario scenario, List<Host> hosts, List<Result> results, String version) {
        List<HostInfo> used = new ArrayList<>();
        for (Host h : hosts) {
            boolean named = results.stream().anyMatch(r -> h.name().equals(r.from()) || h.name().equals(r.to()));
            if (named || !h.facts().isEmpty()) {
                used.add(HostInfo.of(h));
            }
        }
        String path = p.scriptPath();
        String title = path == null || path.equals(Provenance.REPL) || path.equals("-e")
                ? "benchsh session" : java.nio.file.Path.of(path).getFileName().toString();
        Secrets secrets = p.secrets();
        List<Expectation> expectations = scenario.expectations().stream()
                .map(e -> new Expectation(e.location(), secrets.redact(e.text()), e.passed())).toList();
        return new ReportContext(title, path, p.scriptText(), secrets.redactMap(scenario.parameters()), secrets.redactMap(scenario.overrides()),
                scenario.inventory(), expectations, used, version, p.started(), p.now(), p.rerun(), p.error(), p.comparisons());
    }

    /** The context as a JSON-ready map (hosts with their facts). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("benchsh_version", version);
        m.put("started", started.toString());
        m.put("ended", ended.toString());
        m.put("rerun", rerun);
        m.put("script_path", scriptPath);
        m.put("script", script);
        m.put("parameters", parameters);
        m.put("overrides", overrides);
        m.put("inventory", inventory);
        m.put("expectations", expectations.stream().map(e -> {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("location", e.location());
            x.put("text", e.text());
            x.put("passed", e.passed());
            return x;
        }).toList());
        m.put("hosts", hosts.stream().map(HostInfo::toMap).toList());
        m.put("comparisons", comparisons.stream().map(Comparison::toMap).toList());
        m.put("error", error);
        return m;
    }
}

package benchsh.shell.observe;

import benchsh.peer.metric.Flat;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.NamedMetric;
import benchsh.shell.result.MetricCatalog;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How an observed host's name goes into its figures' names ({@link ObservedHost}, whose templates say them:
 * {@code cpu_{host}_pct}, {@code {host}_{iface}_rx_drops}, ...): lower case, identifier characters only, and never a
 * name a fixed metric has. Also which metrics of a result are a host's. Stateless.
 */
public final class ObservedNames {
    private static final String HOST = "{host}";
    private static final List<NamedMetric> TEMPLATES = Flat.declared(ObservedHost.class);
    /** The name of a host's busy CPU over all CPUs, and of its drops: the columns a row shows for it. */
    private static final String BUSY = template("busyPct");
    private static final String DROPS = template("drops");

    private ObservedNames() {
    }

    /**
     * The host's part of its metric names: lower case, every character but a letter or digit as {@code _}; a
     * name whose busy CPU figure ({@code cpu_<name>_pct}) is a metric of its own ({@code local}, {@code remote}) gets
     * a {@code host_} prefix, so observing {@code local} never overwrites {@code cpu_local_pct}.
     */
    public static String host(String name) {
        String token = identifier(name);
        boolean taken = MetricCatalog.named(BUSY.replace(HOST, token)).map(m -> !m.family()).orElse(false);
        return taken ? "host_" + token : token;
    }

    /** Lower case, every character but a letter or digit as {@code _}. */
    static String identifier(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_");
    }

    /** The CPU column of an observed host: {@code cpu_<host>_pct}. */
    public static String cpu(String host) {
        return BUSY.replace(HOST, host(host));
    }

    /** The drops column of an observed host: {@code <host>_drops}. */
    public static String drops(String host) {
        return DROPS.replace(HOST, host(host));
    }

    /** Whether {@code metric} is one of the figures an observed host named {@code hostName} adds to a result. */
    public static boolean isOf(String metric, String hostName) {
        String h = host(hostName);
        return TEMPLATES.stream().anyMatch(m -> pattern(m.name().replace(HOST, h)).matcher(metric).matches());
    }

    /** Whether {@code metric} is an observed host's busy CPU ({@code cpu_dut_pct}), not another of its CPU figures nor a fixed metric. */
    public static boolean isBusyCpu(String metric) {
        return MetricCatalog.named(metric).map(m -> m.name().equals(BUSY)).orElse(false);
    }

    /** The name template of one of {@link ObservedHost}'s figures. */
    private static String template(String component) {
        RecordComponent c = Arrays.stream(ObservedHost.class.getRecordComponents()).filter(r -> r.getName().equals(component)).findFirst()
                .orElseThrow(() -> new IllegalStateException("ObservedHost has no figure " + component));
        return c.getAnnotation(Metric.class).name();
    }

    private static Pattern pattern(String template) {
        return Pattern.compile(Pattern.quote(template).replaceAll("\\{[a-z]+\\}", "\\\\E[a-z0-9_.-]+\\\\Q"));
    }
}

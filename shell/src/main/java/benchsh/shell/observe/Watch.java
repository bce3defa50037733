package benchsh.shell.observe;

import benchsh.shell.host.Host;
import java.util.ArrayList;
import java.util.List;

/**
 * Which hosts are watched while a test runs (besides the test's own), and whether their loopback
 * interface is counted. Part of the run context: an {@code observe(h) { }} block sets it for the tests
 * inside, a verb's {@code observe:} adds to it for that one test. Immutable.
 *
 * @param hosts    the observed hosts, each once, in the order asked
 * @param loopback whether {@code lo} is counted on them
 */
public record Watch(List<Host> hosts, boolean loopback) {
    public static final Watch NONE = new Watch(List.of(), false);

    public Watch {
        hosts = List.copyOf(new java.util.LinkedHashSet<>(hosts));
    }

    /** This watch and {@code more} hosts; loopback is counted if either asks. */
    public Watch and(List<Host> more, boolean lo) {
        List<Host> all = new ArrayList<>(hosts);
        all.addAll(more);
        return new Watch(all, loopback || lo);
    }

    public boolean isEmpty() {
        return hosts.isEmpty();
    }

    /** The columns a row adds for the observed hosts: each one's CPU and drops. */
    public List<String> columns() {
        List<String> c = new ArrayList<>();
        for (String host : names()) {
            c.add(ObservedNames.cpu(host));
            c.add(ObservedNames.drops(host));
        }
        return c;
    }

    /** The observed hosts' names, in order. */
    public List<String> names() {
        return hosts.stream().map(Host::name).toList();
    }
}

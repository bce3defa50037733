package benchsh.shell.observe;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.VerbSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code observe:} argument every measuring verb takes: hosts watched while the test runs (their CPU,
 * interface counters and softnet drops), added to those of an enclosing {@code observe(h) { }} block.
 * Declared once, here. Stateless.
 */
public final class ObserveArg {
    public static final Arg ARG = Arg.of("observe", ArgType.HOSTS, null,
            "hosts to watch during the test (CPU, interface counters, drops), e.g. [dut]");

    private ObserveArg() {
    }

    /** {@code spec} with {@code observe:} added before its label and tags (or at the end). */
    public static VerbSpec addTo(VerbSpec spec) {
        if (spec.arg(ARG.name()).isPresent()) {
            return spec;
        }
        List<Arg> args = new ArrayList<>(spec.args());
        int at = args.stream().map(Arg::name).toList().indexOf("label");
        args.add(at < 0 ? args.size() : at, ARG);
        return new VerbSpec(spec.name(), spec.summary(), spec.positional(), args, spec.examples());
    }
}

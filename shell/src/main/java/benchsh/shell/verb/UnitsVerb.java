package benchsh.shell.verb;

import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.report.ThroughputUnit;
import java.util.List;

/** {@code units 'Mbit/s'}: the unit throughput is shown in. */
public final class UnitsVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("units", "show throughput in another unit (MB/s by default)", "UNIT",
            List.of(), List.of("units 'Mbit/s'", "units 'KByte/s'"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) {
        if (args.positional().size() != 1) {
            session.print("throughput is shown in " + session.unit().name() + "; units: "
                    + ThroughputUnit.ALL.stream().map(ThroughputUnit::name).toList() + "\n");
            return null;
        }
        try {
            session.unit(ThroughputUnit.named(args.positional().get(0).toString()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return null;
    }
}

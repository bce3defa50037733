package benchsh.shell.definition;

import benchsh.peer.metric.Unit;
import benchsh.shell.result.ResultKinds;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every measuring verb's results, for the registry: each definition's test with its figures record, its samples' figures, and the
 * units of its quantity arguments.
 */
public final class DefinitionKinds implements ResultKinds {
    @Override
    public Map<String, Class<? extends Record>> tests() {
        Map<String, Class<? extends Record>> tests = new LinkedHashMap<>();
        Definitions.all().forEach(d -> tests.put(d.verb().name(), d.figures()));
        return tests;
    }

    /** The unit of every argument a measuring verb declares that is a quantity, by its name (the params its results record). */
    @Override
    public Map<String, Unit> params() {
        Map<String, Unit> params = new LinkedHashMap<>();
        Definitions.all().forEach(d -> d.verb().args().forEach(a -> a.type().unit().ifPresent(u -> params.merge(a.name(), u, (known, again) -> {
            if (known != again) {
                throw new IllegalStateException(d.verb().name() + ": " + a.name() + " is in " + again.meaning() + ", another verb's in " + known.meaning());
            }
            return known;
        }))));
        return params;
    }

    @Override
    public List<Class<? extends Record>> extras() {
        return Definitions.all().stream().<Class<? extends Record>>map(Definition::samples).distinct().toList();
    }
}

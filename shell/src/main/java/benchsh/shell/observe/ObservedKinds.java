package benchsh.shell.observe;

import benchsh.shell.result.ResultKinds;
import java.util.List;
import java.util.Map;

/** The figures observing adds to any result and its samples ({@link Observation.Observed}, {@link Observation.Sample}), for the registry. */
public final class ObservedKinds implements ResultKinds {
    @Override
    public Map<String, Class<? extends Record>> tests() {
        return Map.of();
    }

    @Override
    public List<Class<? extends Record>> extras() {
        return List.of(Observation.Observed.class, Observation.Sample.class);
    }
}

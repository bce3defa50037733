package benchsh.shell.definition;

import benchsh.shell.result.ResultKinds;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every measuring verb's results, for the registry: each definition's test with its figures record, and its samples' figures. */
public final class DefinitionKinds implements ResultKinds {
    @Override
    public Map<String, Class<? extends Record>> tests() {
        Map<String, Class<? extends Record>> tests = new LinkedHashMap<>();
        Definitions.all().forEach(d -> tests.put(d.verb().name(), d.figures()));
        return tests;
    }

    @Override
    public List<Class<? extends Record>> extras() {
        return Definitions.all().stream().<Class<? extends Record>>map(Definition::samples).distinct().toList();
    }
}

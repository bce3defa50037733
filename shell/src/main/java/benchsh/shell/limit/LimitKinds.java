package benchsh.shell.limit;

import benchsh.shell.result.ResultKinds;
import java.util.Map;

/** The results {@code limit} makes, for the registry of metrics. */
public final class LimitKinds implements ResultKinds {
    @Override
    public Map<String, Class<? extends Record>> tests() {
        return Map.of("limit", LimitFigures.class);
    }
}

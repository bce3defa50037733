package benchsh.shell.run;

import benchsh.shell.host.PeerVms;
import benchsh.shell.result.ResultKinds;
import java.util.List;
import java.util.Map;

/** The figures the executor adds to every result it records, for the registry: the VMs the test's ends ran ({@link PeerVms}). */
public final class RecordedKinds implements ResultKinds {
    @Override
    public Map<String, Class<? extends Record>> tests() {
        return Map.of();
    }

    @Override
    public List<Class<? extends Record>> extras() {
        return List.of(PeerVms.Figures.class);
    }
}

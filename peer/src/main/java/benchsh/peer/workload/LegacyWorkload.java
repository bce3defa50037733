package benchsh.peer.workload;

import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.Link;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A workload that still reads its spec field by field, with the test's link folded into the fields
 * ({@code token}, {@code address}, and {@code port} when given). Each is being moved to a spec record; this
 * adapter goes with the last of them.
 */
public abstract class LegacyWorkload implements Workload {
    @Override
    public Map<String, Class<? extends Record>> roles() {
        return Map.of();
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) {
        throw new IllegalStateException(name() + " reads its spec field by field");
    }

    @Override
    public Side open(String role, Map<String, Object> spec, Link link, SideContext context) throws IOException {
        Map<String, Object> fields = new LinkedHashMap<>(spec);
        if (link != null) {
            fields.put("token", link.token());
            fields.put("address", link.address());
            if (link.port() > 0) {
                fields.put("port", (long) link.port());
            }
        }
        return open(role, new Fields("spec", fields), context);
    }

    protected abstract Side open(String role, Fields spec, SideContext context) throws IOException;

    /** The kind of a legacy side's error, told from its message; null for none. */
    static benchsh.peer.protocol.ErrorKind kindOf(String error) {
        if (error == null) {
            return null;
        }
        if (error.equals("cancelled")) {
            return benchsh.peer.protocol.ErrorKind.CANCELLED;
        }
        return error.startsWith("no data for ") ? benchsh.peer.protocol.ErrorKind.STALLED : benchsh.peer.protocol.ErrorKind.IO;
    }
}

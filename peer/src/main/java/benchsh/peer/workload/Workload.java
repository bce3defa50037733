package benchsh.peer.workload;

import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import java.io.IOException;
import java.util.Map;

/**
 * One kind of measurement a peer can run, such as a TCP stream. A workload declares the roles it plays,
 * each with its spec record (the one definition of its fields and hard caps, shared with the shell through
 * {@link SpecCodec}), sets up a side from a decoded spec, moves data and returns raw numbers; it never
 * formats text. A workload is a public class with a no-argument constructor in a package of its family under
 * {@code benchsh.peer} (e.g. {@code benchsh.peer.stream}); {@link Workloads} finds it there.
 */
public interface Workload {
    /** The role of the side that listens on the test's link. */
    String LISTEN = "listen";
    /** The role of the side that connects to it. */
    String CONNECT = "connect";

    /** The name the shell uses in START messages, e.g. "tcp". */
    String name();

    /** Each role this workload plays (e.g. "listen", "connect"), with the record type of its spec. */
    Map<String, Class<? extends Record>> roles();

    /**
     * Sets up one side of a test (e.g. binds its listener). Failures here are reported to the shell before
     * the test starts. Must not block for long.
     *
     * @param spec an instance of {@code roles().get(role)}
     * @param link the partner's token and address for a two-host test (never null for {@value #LISTEN} and
     *             {@value #CONNECT}), else null
     */
    Side open(String role, Record spec, Link link, SideContext context) throws IOException;

    /**
     * Decodes the spec of {@code role} from its wire form (checking every field and cap), then opens the side. The
     * roles {@value #LISTEN} and {@value #CONNECT} are the two ends of a test's link and need it (the shell's sides of
     * those names always get one); this is the one place that checks.
     */
    default Side open(String role, Map<String, Object> spec, Link link, SideContext context) throws IOException {
        Class<? extends Record> type = roles().get(role);
        if (type == null) {
            throw new ProtocolException(name() + " has no role '" + role + "' (" + String.join(", ", roles().keySet()) + ")");
        }
        if (link == null && (role.equals(LISTEN) || role.equals(CONNECT))) {
            throw new ProtocolException(name() + " " + role + " needs a link (token and address)");
        }
        return open(role, SpecCodec.decode(type, new Fields("spec", spec)), link, context);
    }
}

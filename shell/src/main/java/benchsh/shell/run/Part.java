package benchsh.shell.run;

import java.util.List;

/**
 * One unit of a test that runs as a whole: sides on peers that move data between them (or one side on one
 * host), or an action in the shell itself. A test usually has one part; a bidirectional stream has two,
 * run at once.
 */
public sealed interface Part permits Part.OnPeers, Part.InShell {

    /** How the sides' figures become the part's: a pure function of the sides' DONE messages. */
    @FunctionalInterface
    interface Merge {
        Merged merge(Sides sides);
    }

    /**
     * Sides started on peers: the listener first, then the connector with the listener's address and
     * port, then any side without a link.
     *
     * @param progress the role whose interval samples drive the live progress display
     * @param label    names this part in errors of a test with several parts (e.g. "reverse"), or null
     */
    record OnPeers(List<SideSpec> sides, String progress, Merge merge, String label) implements Part {
        public OnPeers {
            sides = List.copyOf(sides);
            long listeners = sides.stream().filter(s -> s.link() == LinkRole.LISTEN).count();
            long connectors = sides.stream().filter(s -> s.link() == LinkRole.CONNECT).count();
            if (listeners > 1 || listeners != connectors) {
                throw new IllegalArgumentException("a part links one listener with one connector, or none");
            }
        }

        public OnPeers(List<SideSpec> sides, String progress, Merge merge) {
            this(sides, progress, merge, null);
        }
    }

    /** Work the shell does itself, such as an SFTP copy between two hosts' SSH servers. */
    record InShell(Action action) implements Part {
    }

    /** The shell's own work; it reports failures in its outcome, naming the host and the step. */
    @FunctionalInterface
    interface Action {
        PartOutcome run() throws benchsh.shell.host.HostException, InterruptedException;
    }
}

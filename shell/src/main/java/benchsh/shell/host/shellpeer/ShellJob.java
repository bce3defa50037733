package benchsh.shell.host.shellpeer;

import benchsh.peer.protocol.ErrorKind;

/**
 * One side of a test as a host's own tools run it: the three parts of its {@link SideScript} and how what the script
 * said becomes the side's end. Immutable.
 */
interface ShellJob {
    /** How the tools are named in a row and in errors, e.g. {@code dd | nc}. */
    String tools();

    /** A command that prepares the body (creates the file it writes, checks its source) and is false when it cannot. */
    String prepare();

    /** The body: what is measured, run in the background and stopped as a whole. */
    String body();

    /** What runs after the body, whatever ended it ({@code $c} is its exit status): removing what it created. */
    String cleanup();

    /** The side's report and, when it did not complete, its error and kind, from what its script said. */
    Ended end(Said said);

    /** How a side ended: its report (of its role's type, or null) and its error and kind (both null when it completed). */
    record Ended(Record report, String error, ErrorKind kind) {
        static Ended ok(Record report) {
            return new Ended(report, null, null);
        }
    }
}

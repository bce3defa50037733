package benchsh.shell.host;

import benchsh.peer.Peer;

/** The benchsh version: the shell is built together with its peer. */
public final class Version {
    private Version() {
    }

    public static String current() {
        return Peer.version();
    }
}

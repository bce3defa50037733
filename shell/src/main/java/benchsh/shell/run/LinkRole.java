package benchsh.shell.run;

/** A side's place in its test's data link: it listens, it connects to the listener, or it has no link. */
public enum LinkRole {
    LISTEN, CONNECT, NONE
}

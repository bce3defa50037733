package benchsh.shell.result;

/**
 * Where recorded results go as they are measured: JSON lines, the result store, later reports.
 * {@link benchsh.shell.Session#record} calls every sink once per result, on the evaluating thread.
 * A sink must not throw for a problem of its own (a full disk, a locked database): it reports the
 * problem (each time it happens) and goes on, so measuring never stops because a result could not be kept.
 */
public interface ResultSink {
    void accept(Recorded recorded);
}

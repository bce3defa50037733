package benchsh.shell.script;

/**
 * Ends the pre-check of a script ({@link Precheck}) early, without an error: the script used a value only a
 * run measures ({@link Unmeasured}), or the check used its budget. An {@link Error}, so that neither the
 * script's own {@code catch (e)} nor a verb's handling of exceptions swallows it. The script then runs for real.
 */
public final class CheckStop extends Error {
    private static final long serialVersionUID = 1L;

    public CheckStop(String why) {
        super(why, null, false, false);
    }
}

package benchsh.shell.run;

/** The user stopped the whole script (a second Ctrl-C). */
public class TestCancelledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TestCancelledException(String message) {
        super(message);
    }
}

package benchsh.shell.args;

/** A verb was called wrongly: an unknown argument, a bad value. The message says what to type instead. */
public class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}

package benchsh.shell.result.store;

/** The result store cannot be opened, read or written; the message says why and what to do. */
public class StoreException extends Exception {
    private static final long serialVersionUID = 1L;

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}

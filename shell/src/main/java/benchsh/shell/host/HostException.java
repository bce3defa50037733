package benchsh.shell.host;

/**
 * A host could not be reached or used. The message names the host, the step that failed and what to
 * do about it, e.g. {@code h1: login: wrong password (tried publickey, password); check the user}.
 */
public class HostException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String host;
    private final String step;
    private final String detail;

    public HostException(String host, String step, String message) {
        this(host, step, message, null);
    }

    public HostException(String host, String step, String message, Throwable cause) {
        super(host + ": " + step + ": " + message, cause);
        this.host = host;
        this.step = step;
        this.detail = message;
    }

    /** The message without host and step. */
    public String detail() {
        return detail;
    }

    public String host() {
        return host;
    }

    public String step() {
        return step;
    }
}

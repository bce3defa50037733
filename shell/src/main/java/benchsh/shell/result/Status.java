package benchsh.shell.result;

/** How a test ended. Results of every status are kept; only {@code OK} ones are complete. */
public enum Status {
    OK, FAILED, INTERRUPTED;

    public String wire() {
        return name().toLowerCase();
    }
}

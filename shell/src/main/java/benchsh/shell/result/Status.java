package benchsh.shell.result;

/** How a test ended. Results of every status are kept; only {@code OK} ones are complete. */
public enum Status {
    OK, FAILED, INTERRUPTED;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The status a {@link #wire()} name stands for. */
    public static Status fromWire(String wire) {
        return valueOf(wire.toUpperCase(java.util.Locale.ROOT));
    }
}

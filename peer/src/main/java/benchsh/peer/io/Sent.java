package benchsh.peer.io;

/**
 * What one {@link BatchedDatagramSocket#send} did: the first {@code datagrams} slots of the batch went out
 * (handed to the kernel, each exactly {@code slotBytes} bytes), the rest did not. {@code errors} counts the
 * system calls the kernel refused (ENOBUFS, ECONNREFUSED after an ICMP port unreachable, a send buffer still
 * full after {@link BatchedDatagramSocket#SEND_STALL}, ...), {@code error} names the last one (null if none).
 * A send stops at the first refusal, so {@code datagrams < count} exactly when {@code errors > 0}; the caller
 * refills the unsent slots (their sequence numbers are still free) or drops them, and never counts them as sent. Immutable.
 */
public record Sent(int datagrams, int errors, String error) {
    static final Sent NOTHING = new Sent(0, 0, null);
}

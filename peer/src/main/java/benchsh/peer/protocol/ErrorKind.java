package benchsh.peer.protocol;

/**
 * Why a side or a request failed, next to the human message in DONE and ERROR: the shell decides by the
 * kind, never by the text. On the wire as the lower-case name.
 */
public enum ErrorKind {
    /** stopped on request (the shell's STOP, or the peer shutting down) */
    CANCELLED,
    /** no data moved for the side's {@code timeout} */
    STALLED,
    /** a valid request the peer will not carry out: the path exists, is a link or a device, the port is in use */
    REFUSED,
    /** an I/O failure while the side ran: disk full, connection reset, permission denied */
    IO,
    /** a malformed spec or message */
    PROTOCOL,
    /** a deadline passed: connecting, the token's admission, the partner's first datagram */
    TIMEOUT;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The kind named {@code wire}. */
    public static ErrorKind of(String wire) throws ProtocolException {
        for (ErrorKind k : values()) {
            if (k.wire().equals(wire)) {
                return k;
            }
        }
        throw new ProtocolException("unknown error kind '" + wire + "'");
    }
}

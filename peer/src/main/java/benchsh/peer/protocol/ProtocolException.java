package benchsh.peer.protocol;

import java.io.IOException;

/** A control frame or message that breaks the protocol: too large, truncated, malformed or ill-typed. */
public class ProtocolException extends IOException {
    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }
}

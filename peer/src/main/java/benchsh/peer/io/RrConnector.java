package benchsh.peer.io;

import java.io.IOException;

/** Opens a client's connections to one server, one at a time. Used by one thread. */
public interface RrConnector {
    /** A new socket for the server's address family, not yet connected (so a closer can be told of it first). */
    RrConnection open() throws IOException;
}

package benchsh.peer.io;

import java.io.IOException;

/**
 * The kernel's side of one TCP socket behind a NIO channel, reached through its file descriptor ({@link NativeTcp}):
 * what NIO cannot read or set. Every call on a channel that has been closed returns null or does nothing, never reads
 * a descriptor number the process may have given to another file since. Thread-safe.
 */
interface TcpSocket {
    /** The kernel's TCP_INFO now; null once the channel is closed. */
    TcpInfo info() throws IOException;

    /** The congestion control the connection runs (TCP_CONGESTION, e.g. "cubic"); null once the channel is closed. */
    String congestionControl() throws IOException;

    /**
     * Sets the congestion control (TCP_CONGESTION).
     *
     * @throws IOException naming what this kernel offers when it has no such algorithm, or why this user may not use it
     */
    void congestionControl(String name) throws IOException;

    /** Sets the largest segment the connection sends and announces (TCP_MAXSEG): on a listener, before its connections' handshakes. */
    void maxSegment(int bytes) throws IOException;
}

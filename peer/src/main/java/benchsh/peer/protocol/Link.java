package benchsh.peer.protocol;

/**
 * How a side of a two-host test finds its partner, handed to it by the shell next to its spec: the
 * test's random token, which every data connection and datagram presents, the address (and port) to
 * listen on or to connect to, and whether the partner is a host's own tools rather than a peer. A
 * listener's port is 0 for any free port (it reports the bound one in READY); a connector's is the
 * listener's. Immutable.
 *
 * @param token 32 hex digits (16 random bytes)
 * @param plain the partner is a host's own tools ({@code nc}, {@code tar}), not a peer: what goes over the link is
 *              what they read and write (a copy's tree as tar, not benchsh's own stream)
 */
public record Link(String token, String address, @Range(min = 0, max = 65535) int port, boolean plain) {
    public Link {
        if (token == null || !token.matches("[0-9a-f]{32}")) {
            throw new IllegalArgumentException("the link's token must be 32 hex digits");
        }
        if (address == null || address.isBlank()) {
            throw new IllegalArgumentException("the link needs an address");
        }
    }

    /** A link to or from a peer. */
    public Link(String token, String address, int port) {
        this(token, address, port, false);
    }

    /** The token's 16 bytes. */
    public byte[] tokenBytes() {
        return java.util.HexFormat.of().parseHex(token);
    }
}

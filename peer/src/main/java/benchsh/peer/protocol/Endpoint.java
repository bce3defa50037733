package benchsh.peer.protocol;

/**
 * What the shell needs to reach a listening side, carried by READY: the port it listens on (on the address of its
 * link). Immutable.
 */
public record Endpoint(@Range(min = 1, max = 65_535) int port) {
}

package benchsh.peer.io;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a {@link BatchedDatagramSocket} moves its datagrams, fastest last; {@link #label()} is the name a result
 * reports ({@code io: 'nio' | 'mmsg' | 'gso'}).
 */
public enum IoPath {
    /** One {@code DatagramChannel} call per datagram: every JVM, the fallback. */
    NIO("nio"),
    /** {@code sendmmsg(2)} / {@code recvmmsg(2)}: one system call per batch (Java 22+, Linux). */
    MMSG("mmsg"),
    /**
     * {@code sendmmsg} whose messages each carry up to 64 equal datagrams as one UDP_SEGMENT send (the kernel
     * or the NIC cuts them), and {@code recvmmsg} with UDP_GRO (the kernel may hand over several datagrams of a
     * flow as one buffer, which the socket cuts again): Java 22+, Linux 5.0+.
     */
    GSO("gso");

    private final String label;

    IoPath(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The next slower path: gso → mmsg → nio → nio. */
    public IoPath slower() {
        return this == NIO ? NIO : values()[ordinal() - 1];
    }

    /** @throws IllegalArgumentException naming the choices */
    public static IoPath parse(String label) {
        String l = label.trim().toLowerCase(Locale.ROOT);
        for (IoPath p : values()) {
            if (p.label.equals(l)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no datagram I/O path '" + label + "'; choose one of "
                + Arrays.stream(values()).map(IoPath::label).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return label;
    }
}

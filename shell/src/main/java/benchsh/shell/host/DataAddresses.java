package benchsh.shell.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;

/**
 * Which address a test's listener listens on, and so which address its partner connects to. The rule,
 * first match wins:
 * <ol>
 *   <li>{@code bind:} as given;</li>
 *   <li>{@code target:} when the listener is {@code local} and the target is an address of this machine;</li>
 *   <li>the listener's {@link Host#dataAddressFor(Host) address for that partner}: an SSH host's own
 *       address (the same for every partner); {@code local}'s loopback for another local endpoint, and for
 *       a remote partner {@link #towards the address its route picks}.</li>
 * </ol>
 * Never a wildcard unless the user binds one. Stateless; thread-safe.
 */
public final class DataAddresses {
    /** Where two local endpoints meet. */
    public static final String LOOPBACK = "127.0.0.1";
    /** Any port does for a route lookup: connecting a UDP socket sends nothing. */
    private static final int PROBE_PORT = 9;

    private DataAddresses() {
    }

    /**
     * The address {@code listener} listens on for a test with {@code partner}.
     *
     * @param bind   the user's {@code bind:}, or null
     * @param target the user's {@code target:}, or null
     * @throws HostException when {@code local} cannot tell which of its addresses the partner reaches
     */
    public static String listenAddress(Host listener, Host partner, String bind, String target) throws HostException {
        if (bind != null) {
            return bind;
        }
        if (target != null && listener instanceof LocalHost && isOwnAddress(target)) {
            return target;
        }
        return listener.dataAddressFor(partner);
    }

    /**
     * The address of this machine that the remote {@code partner} reaches it at: the source address the
     * kernel's route to the partner's data address uses, else the local end of the shell's SSH connection
     * when that goes straight to the partner (behind a jump host it goes to the jump host, so only the
     * route counts).
     *
     * @param self the name of the local host, for the error
     */
    static String towards(String self, Host partner) throws HostException {
        String partnerAddress = partner.dataAddress();
        InetAddress ssh = partner instanceof SshHost s ? s.directSshLocalAddress() : null;
        return choose(self, partner.name(), partnerAddress, routeSource(partnerAddress), ssh);
    }

    /**
     * The choice behind {@link #towards}: the route's source address if there is one, else the SSH
     * connection's local address, else an error that says what to give instead.
     */
    static String choose(String self, String partner, String partnerAddress, InetAddress byRoute, InetAddress sshLocal)
            throws HostException {
        InetAddress chosen = usable(byRoute) ? byRoute : usable(sshLocal) ? sshLocal : null;
        if (chosen == null) {
            throw new HostException(self, "data address", "cannot tell which address of this machine " + partner
                    + " reaches it at (no route to " + partnerAddress + "); give bind: with an address of this machine that "
                    + partner + " can reach");
        }
        return chosen.getHostAddress();
    }

    private static boolean usable(InetAddress a) {
        return a != null && !a.isAnyLocalAddress() && !a.isMulticastAddress();
    }

    /**
     * The source address this machine's routing picks for packets to {@code address}, as the kernel
     * reports it for a connected UDP socket (no packet is sent); null when there is no route or the
     * address does not resolve.
     */
    static InetAddress routeSource(String address) {
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(new InetSocketAddress(InetAddress.getByName(address), PROBE_PORT));
            InetAddress source = probe.getLocalAddress();
            return usable(source) ? source : null;
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether {@code address} (an IP or a name) is one of this machine's interface addresses. */
    static boolean isOwnAddress(String address) {
        try {
            InetAddress a = InetAddress.getByName(address);
            return a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (IOException e) {
            return false;
        }
    }
}

package benchsh.shell.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.Inet6Address;
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
 * With {@code family:} (4 or 6) the address must be of that IP version: {@code bind:} and {@code target:} are checked,
 * and where the rule picks one of the other version the listener takes its address of the version asked for ({@link
 * #ofFamily}), or the test is refused, saying how to reach the host by that version. Never a wildcard unless the user
 * binds one. Stateless; thread-safe.
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
        return listenAddress(listener, partner, bind, target, 0);
    }

    /**
     * {@link #listenAddress(Host, Host, String, String)} on an address of IP version {@code family} (4 or 6; 0 for
     * either).
     *
     * @throws HostException when {@code bind:} or {@code target:} is of the other version, or the listener has no
     *                       address of this one that the rule could take
     */
    public static String listenAddress(Host listener, Host partner, String bind, String target, int family) throws HostException {
        if (target != null && family != 0 && inFamily(target, family) == null) {
            throw new HostException(partner.name(), "data address", "target: " + target + " is not an IPv" + family + " address, and family: "
                    + family + " asks for one");
        }
        if (bind != null || target != null && listener instanceof LocalHost && isOwnAddress(target)) {
            String given = bind != null ? bind : target;
            if (family != 0 && inFamily(given, family) == null) {
                throw new HostException(listener.name(), "data address", (bind != null ? "bind: " : "target: ") + given + " is not an IPv"
                        + family + " address, and family: " + family + " asks for one");
            }
            return given;
        }
        String chosen = listener.dataAddressFor(partner);
        return family == 0 || inFamily(chosen, family) != null ? chosen : ofFamily(listener, partner, family, chosen);
    }

    /**
     * The listener's address of IP version {@code family} when the rule picked {@code chosen}, of the other: loopback's
     * between two local endpoints; the route's source towards the partner's address of that version for {@code local};
     * for an SSH host, its name's address of that version.
     */
    static String ofFamily(Host listener, Host partner, int family, String chosen) throws HostException {
        if (listener instanceof LocalHost && partner instanceof LocalHost) {
            return family == 6 ? "::1" : LOOPBACK;
        }
        Host reached = listener instanceof LocalHost ? partner : listener;
        String address = reached instanceof SshHost s ? inFamily(s.target().hostName(), family) : null;
        if (address != null && listener instanceof LocalHost) {
            InetAddress source = routeSource(address);
            address = source == null ? null : inFamily(source.getHostAddress(), family);
        }
        if (address == null) {
            String at = reached == listener ? chosen : reached.dataAddress();
            throw new HostException(listener.name(), "data address", "family: " + family + " asks for IPv" + family + ", and " + reached.name()
                    + " is reached at " + at + ", which has no IPv" + family + " address" + (reached == listener ? "" : " this machine routes to")
                    + ": reach " + reached.name() + " by an IPv" + family + " address" + (family == 6 ? " (host 'user@[fd00::2]')" : "")
                    + " or a name that has one, or give bind: an IPv" + family + " address of " + listener.name());
        }
        return address;
    }

    /** {@code address} if it is an IPv{@code family} address, else the first of that version a name resolves to; null for none. */
    static String inFamily(String address, int family) {
        try {
            for (InetAddress a : InetAddress.getAllByName(address)) {
                if (family == 6 ? a instanceof Inet6Address : a instanceof Inet4Address) {
                    return a.getHostAddress();
                }
            }
        } catch (IOException | RuntimeException e) {
            // no address of that version
        }
        return null;
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

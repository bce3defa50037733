package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Comparator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Where a test's listener listens: loopback between two local endpoints, the user's bind:/target:
 * first, and for {@code local} with a remote partner the source address of the kernel's route to the
 * partner. No peer is started and no packet is sent (a route lookup only connects a UDP socket).
 */
class DataAddressesTest {
    /** An address of no interface here (TEST-NET-2, RFC 5737). */
    private static final String ELSEWHERE = "198.51.100.7";

    private final LocalHost local = new LocalHost("local", LocalHost.defaultJava());

    @AfterEach
    void close() {
        local.close();
    }

    /** A remote host as the runner sees it: a name and the address it was reached at. */
    private static Host remoteAt(String address) {
        return new Host("r1") {
            @Override
            public String dataAddress() {
                return address;
            }

            @Override
            protected PeerConnection connect() throws HostException {
                throw new HostException(name(), "connect", "a test double has no peer");
            }
        };
    }

    /**
     * An IPv4 address of this machine, not loopback: on the up interface with the lowest index (the
     * oldest, so not a testbed bridge that another test run may take down meanwhile); null when none.
     */
    private static String ownAddress() throws Exception {
        return NetworkInterface.networkInterfaces()
                .filter(i -> {
                    try {
                        return i.isUp() && !i.isLoopback();
                    } catch (java.net.SocketException e) {
                        return false;
                    }
                })
                .sorted(Comparator.comparingInt(NetworkInterface::getIndex))
                .flatMap(NetworkInterface::inetAddresses)
                .filter(a -> a instanceof Inet4Address)
                .map(InetAddress::getHostAddress)
                .findFirst().orElse(null);
    }

    @Test
    void twoLocalEndpointsMeetOnLoopback() throws Exception {
        try (LocalHost other = new LocalHost("b", LocalHost.defaultJava())) {
            assertEquals("127.0.0.1", DataAddresses.listenAddress(local, other, null, null));
            assertEquals("127.0.0.1", DataAddresses.listenAddress(other, local, null, null));
        }
    }

    @Test
    void aRemoteListenerUsesItsOwnAddressForEveryPartner() throws Exception {
        Host remote = remoteAt("10.250.9.11");
        assertEquals("10.250.9.11", DataAddresses.listenAddress(remote, local, null, null));
        assertEquals("10.250.9.11", DataAddresses.listenAddress(remote, remoteAt("10.250.9.12"), null, null));
        assertEquals("10.250.9.11", DataAddresses.listenAddress(remote, local, null, "10.250.9.99"),
                "a remote listener's target: is only where the sender connects (remote to remote is unchanged)");
    }

    @Test
    void aGivenBindAlwaysWins() throws Exception {
        assertEquals("10.9.8.7", DataAddresses.listenAddress(local, remoteAt("127.0.0.1"), "10.9.8.7", null));
        assertEquals("0.0.0.0", DataAddresses.listenAddress(remoteAt("10.250.9.11"), local, "0.0.0.0", "10.250.9.11"));
        try (LocalHost other = new LocalHost("b", LocalHost.defaultJava())) {
            assertEquals("127.0.0.2", DataAddresses.listenAddress(local, other, "127.0.0.2", null));
        }
    }

    @Test
    void localListensOnAGivenTargetWhenItIsOneOfItsAddresses() throws Exception {
        String mine = ownAddress();
        assumeTrue(mine != null, "needs a non-loopback IPv4 address");
        assertEquals(mine, DataAddresses.listenAddress(local, remoteAt("127.0.0.1"), null, mine),
                "the target wins over the route (which would pick loopback for this partner)");
        assertEquals("127.0.0.1", DataAddresses.listenAddress(local, remoteAt("127.0.0.1"), null, ELSEWHERE),
                "a target that is not this machine's (a NAT's, say) is only where the sender connects");
    }

    @Test
    void localListensForARemotePartnerOnTheSourceAddressOfTheRouteToIt() throws Exception {
        assertEquals("127.0.0.1", DataAddresses.listenAddress(local, remoteAt("127.0.0.1"), null, null));
        String mine = ownAddress();
        assumeTrue(mine != null, "needs a non-loopback IPv4 address");
        assertEquals(mine, DataAddresses.listenAddress(local, remoteAt(mine), null, null), "a partner at this machine's address");
        InetAddress viaDefaultRoute = DataAddresses.routeSource(ELSEWHERE);
        assumeTrue(viaDefaultRoute != null, "needs a default route");
        assertFalse(viaDefaultRoute.isLoopbackAddress() || viaDefaultRoute.isAnyLocalAddress(), viaDefaultRoute.toString());
        assertTrue(DataAddresses.isOwnAddress(viaDefaultRoute.getHostAddress()), viaDefaultRoute + " is an address of this machine");
        assertEquals(viaDefaultRoute.getHostAddress(), DataAddresses.listenAddress(local, remoteAt(ELSEWHERE), null, null));
    }

    @Test
    void theRouteWinsOverTheSshConnectionWhichIsTheFallback() throws Exception {
        InetAddress route = InetAddress.getByName("10.250.9.1");
        InetAddress ssh = InetAddress.getByName("192.168.7.2");
        assertEquals("10.250.9.1", DataAddresses.choose("local", "h1", "10.250.9.11", route, ssh));
        assertEquals("192.168.7.2", DataAddresses.choose("local", "h1", "10.250.9.11", null, ssh));
        assertEquals("192.168.7.2", DataAddresses.choose("local", "h1", "10.250.9.11", InetAddress.getByName("0.0.0.0"), ssh),
                "a wildcard is never chosen");
    }

    @Test
    void noRouteAndNoDirectSshConnectionIsAnErrorThatSaysWhatToGive() {
        HostException e = assertThrows(HostException.class, () -> DataAddresses.choose("local", "h3", "inner.example", null, null));
        assertEquals("local", e.host());
        assertEquals("data address", e.step());
        assertTrue(e.getMessage().contains("no route to inner.example") && e.getMessage().contains("give bind:"), e.getMessage());
        assertNull(DataAddresses.routeSource("not an address"), "a name that does not resolve has no route");
    }

    @Test
    void familyPicksTheLoopbackOfItsVersionAndChecksWhatTheUserGave() throws Exception {
        try (LocalHost other = new LocalHost("b", LocalHost.defaultJava())) {
            assertEquals("::1", DataAddresses.listenAddress(local, other, null, null, 6));
            assertEquals("127.0.0.1", DataAddresses.listenAddress(local, other, null, null, 4));
            assertEquals("::1", DataAddresses.listenAddress(local, other, "::1", null, 6));
            HostException bind = assertThrows(HostException.class, () -> DataAddresses.listenAddress(local, other, "127.0.0.1", null, 6));
            assertTrue(bind.getMessage().contains("bind: 127.0.0.1 is not an IPv6 address"), bind.getMessage());
            HostException target = assertThrows(HostException.class, () -> DataAddresses.listenAddress(local, other, null, "::1", 4));
            assertTrue(target.getMessage().contains("target: ::1 is not an IPv4 address"), target.getMessage());
        }
        assertEquals("10.250.9.11", DataAddresses.listenAddress(remoteAt("10.250.9.11"), local, null, null, 4));
        assertEquals("fd00:250:9::11", DataAddresses.listenAddress(remoteAt("fd00:250:9::11"), local, null, null, 6));
    }

    /** A host reached by an IPv4 address only has no IPv6 one to listen on: the error says how to reach it by IPv6. */
    @Test
    void familySixTowardAHostReachedByIpv4OnlyIsAnErrorThatSaysHowToReachItByIpv6() {
        HostException e = assertThrows(HostException.class, () -> DataAddresses.listenAddress(remoteAt("10.250.9.11"), local, null, null, 6));
        assertEquals("r1", e.host());
        assertEquals("data address", e.step());
        assertTrue(e.getMessage().contains("r1 is reached at 10.250.9.11, which has no IPv6 address") && e.getMessage().contains("user@[")
                && e.getMessage().contains("give bind:"), e.getMessage());
        HostException toward = assertThrows(HostException.class, () -> DataAddresses.listenAddress(local, remoteAt("127.0.0.1"), null, null, 6));
        assertTrue(toward.getMessage().contains("has no IPv6 address this machine routes to"), toward.getMessage());
    }
}

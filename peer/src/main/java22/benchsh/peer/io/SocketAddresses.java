package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.C_SHORT;
import static benchsh.peer.io.CLayouts.NET_SHORT;
import static benchsh.peer.io.CLayouts.SIN6_ADDR;
import static benchsh.peer.io.CLayouts.SIN6_PORT;
import static benchsh.peer.io.CLayouts.SIN6_SCOPE_ID;
import static benchsh.peer.io.CLayouts.SIN_ADDR;
import static benchsh.peer.io.CLayouts.SIN_FAMILY;
import static benchsh.peer.io.CLayouts.SIN_PORT;
import static benchsh.peer.io.CLayouts.SOCKADDR_IN;
import static benchsh.peer.io.CLayouts.SOCKADDR_IN6;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * sockaddr_in and sockaddr_in6 to and from {@link InetSocketAddress}. An AF_INET6 socket reaches IPv4 peers
 * through IPv4-mapped addresses (::ffff:a.b.c.d), which decode back to {@link Inet4Address}. Stateless.
 */
final class SocketAddresses {
    private SocketAddresses() {
    }

    /** The address family a socket needs for {@code local} and {@code remote} (either may be null). */
    static int family(InetSocketAddress local, InetSocketAddress remote) {
        InetSocketAddress first = local != null ? local : remote;
        if (first.getAddress() instanceof Inet6Address) {
            return Libc.AF_INET6;
        }
        if (local != null && remote != null && remote.getAddress() instanceof Inet6Address) {
            throw new IllegalArgumentException("cannot connect a socket bound to IPv4 " + local + " to IPv6 " + remote);
        }
        return Libc.AF_INET;
    }

    /** Writes {@code address} for a socket of {@code family} into {@code to}; returns its length in bytes. */
    static int encode(InetSocketAddress address, int family, MemorySegment to) {
        to.fill((byte) 0);
        byte[] ip = address.getAddress().getAddress();
        if (family == Libc.AF_INET) {
            to.set(C_SHORT, SIN_FAMILY, (short) Libc.AF_INET);
            to.set(NET_SHORT, SIN_PORT, (short) address.getPort());
            MemorySegment.copy(ip, 0, to, ValueLayout.JAVA_BYTE, SIN_ADDR, 4);
            return (int) SOCKADDR_IN.byteSize();
        }
        byte[] ip6 = ip;
        if (ip.length == 4) {
            ip6 = new byte[16];
            ip6[10] = (byte) 0xff;
            ip6[11] = (byte) 0xff;
            System.arraycopy(ip, 0, ip6, 12, 4);
        }
        to.set(C_SHORT, SIN_FAMILY, (short) Libc.AF_INET6);
        to.set(NET_SHORT, SIN6_PORT, (short) address.getPort());
        MemorySegment.copy(ip6, 0, to, ValueLayout.JAVA_BYTE, SIN6_ADDR, 16);
        if (address.getAddress() instanceof Inet6Address a6) {
            to.set(CLayouts.C_INT, SIN6_SCOPE_ID, a6.getScopeId());
        }
        return (int) SOCKADDR_IN6.byteSize();
    }

    /** Reads a sockaddr_in or sockaddr_in6 the kernel wrote. */
    static InetSocketAddress decode(MemorySegment from) {
        int family = from.get(C_SHORT, SIN_FAMILY);
        try {
            if (family == Libc.AF_INET) {
                byte[] ip = from.asSlice(SIN_ADDR, 4).toArray(ValueLayout.JAVA_BYTE);
                return new InetSocketAddress(InetAddress.getByAddress(ip), Short.toUnsignedInt(from.get(NET_SHORT, SIN_PORT)));
            }
            if (family == Libc.AF_INET6) {
                byte[] ip = from.asSlice(SIN6_ADDR, 16).toArray(ValueLayout.JAVA_BYTE);
                InetAddress a = InetAddress.getByAddress(ip); // IPv4-mapped comes back as Inet4Address
                int scope = from.get(CLayouts.C_INT, SIN6_SCOPE_ID);
                if (a instanceof Inet6Address && scope != 0) {
                    a = Inet6Address.getByAddress(null, ip, scope);
                }
                return new InetSocketAddress(a, Short.toUnsignedInt(from.get(NET_SHORT, SIN6_PORT)));
            }
        } catch (UnknownHostException e) {
            throw new IllegalStateException("the kernel returned a malformed address", e);
        }
        throw new IllegalStateException("the kernel returned an address of family " + family + ", not AF_INET or AF_INET6");
    }
}

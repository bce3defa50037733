package benchsh.peer.io;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel structures the native paths fill, laid out from the platform's C types (size_t, int, short and
 * pointers from {@link Linker#canonicalLayouts()}) with C's alignment rules, so the same code is right on
 * x86_64 and aarch64. The offsets below are derived from these layouts, never written down.
 */
final class CLayouts {
    private static final Linker LINKER = Linker.nativeLinker();
    static final ValueLayout SIZE_T = (ValueLayout) LINKER.canonicalLayouts().get("size_t");
    static final ValueLayout.OfInt C_INT = (ValueLayout.OfInt) LINKER.canonicalLayouts().get("int");
    static final ValueLayout.OfShort C_SHORT = (ValueLayout.OfShort) LINKER.canonicalLayouts().get("short");
    static final ValueLayout.OfLong C_LONG = (ValueLayout.OfLong) LINKER.canonicalLayouts().get("long");
    /** socklen_t: an unsigned int. */
    static final ValueLayout.OfInt SOCKLEN_T = C_INT;
    /** A port or an IPv4 address in network byte order. */
    static final ValueLayout.OfShort NET_SHORT = ValueLayout.JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfInt NET_INT = ValueLayout.JAVA_INT.withOrder(ByteOrder.BIG_ENDIAN);

    static final StructLayout IOVEC = struct("iovec",
            ValueLayout.ADDRESS.withName("iov_base"),
            SIZE_T.withName("iov_len"));
    static final StructLayout MSGHDR = struct("msghdr",
            ValueLayout.ADDRESS.withName("msg_name"),
            SOCKLEN_T.withName("msg_namelen"),
            ValueLayout.ADDRESS.withName("msg_iov"),
            SIZE_T.withName("msg_iovlen"),
            ValueLayout.ADDRESS.withName("msg_control"),
            SIZE_T.withName("msg_controllen"),
            C_INT.withName("msg_flags"));
    static final StructLayout MMSGHDR = struct("mmsghdr",
            MSGHDR.withName("msg_hdr"),
            C_INT.withName("msg_len"));
    static final StructLayout CMSGHDR = struct("cmsghdr",
            SIZE_T.withName("cmsg_len"),
            C_INT.withName("cmsg_level"),
            C_INT.withName("cmsg_type"));
    static final StructLayout SOCKADDR_IN = struct("sockaddr_in",
            C_SHORT.withName("sin_family"),
            NET_SHORT.withName("sin_port"),
            MemoryLayout.sequenceLayout(4, ValueLayout.JAVA_BYTE).withName("sin_addr"),
            MemoryLayout.sequenceLayout(8, ValueLayout.JAVA_BYTE).withName("sin_zero"));
    static final StructLayout SOCKADDR_IN6 = struct("sockaddr_in6",
            C_SHORT.withName("sin6_family"),
            NET_SHORT.withName("sin6_port"),
            NET_INT.withName("sin6_flowinfo"),
            MemoryLayout.sequenceLayout(16, ValueLayout.JAVA_BYTE).withName("sin6_addr"),
            C_INT.withName("sin6_scope_id"));
    static final StructLayout POLLFD = struct("pollfd",
            C_INT.withName("fd"),
            C_SHORT.withName("events"),
            C_SHORT.withName("revents"));

    static final long IOV_BASE = IOVEC.byteOffset(groupElement("iov_base"));
    static final long IOV_LEN = IOVEC.byteOffset(groupElement("iov_len"));
    static final long MSG_NAME = hdr("msg_name");
    static final long MSG_NAMELEN = hdr("msg_namelen");
    static final long MSG_IOV = hdr("msg_iov");
    static final long MSG_IOVLEN = hdr("msg_iovlen");
    static final long MSG_CONTROL = hdr("msg_control");
    static final long MSG_CONTROLLEN = hdr("msg_controllen");
    static final long MSG_FLAGS = hdr("msg_flags");
    static final long MSG_LEN = MMSGHDR.byteOffset(groupElement("msg_len"));
    static final long CMSG_LEN = CMSGHDR.byteOffset(groupElement("cmsg_len"));
    static final long CMSG_LEVEL = CMSGHDR.byteOffset(groupElement("cmsg_level"));
    static final long CMSG_TYPE = CMSGHDR.byteOffset(groupElement("cmsg_type"));
    /** CMSG_DATA: where a control message's data starts. */
    static final long CMSG_DATA = cmsgAlign(CMSGHDR.byteSize());
    static final long SIN_FAMILY = SOCKADDR_IN.byteOffset(groupElement("sin_family"));
    static final long SIN_PORT = SOCKADDR_IN.byteOffset(groupElement("sin_port"));
    static final long SIN_ADDR = SOCKADDR_IN.byteOffset(groupElement("sin_addr"));
    static final long SIN6_PORT = SOCKADDR_IN6.byteOffset(groupElement("sin6_port"));
    static final long SIN6_ADDR = SOCKADDR_IN6.byteOffset(groupElement("sin6_addr"));
    static final long SIN6_SCOPE_ID = SOCKADDR_IN6.byteOffset(groupElement("sin6_scope_id"));
    static final long POLL_FD = POLLFD.byteOffset(groupElement("fd"));
    static final long POLL_EVENTS = POLLFD.byteOffset(groupElement("events"));
    static final long POLL_REVENTS = POLLFD.byteOffset(groupElement("revents"));
    /** Room for either address family. */
    static final long SOCKADDR_MAX = Math.max(SOCKADDR_IN.byteSize(), SOCKADDR_IN6.byteSize());

    private CLayouts() {
    }

    /** CMSG_ALIGN: control messages are aligned to size_t. */
    static long cmsgAlign(long bytes) {
        long a = SIZE_T.byteSize();
        return (bytes + a - 1) / a * a;
    }

    /** CMSG_SPACE: the room a control message with {@code dataBytes} of data takes in the buffer. */
    static long cmsgSpace(long dataBytes) {
        return CMSG_DATA + cmsgAlign(dataBytes);
    }

    /** CMSG_LEN: the value of cmsg_len for {@code dataBytes} of data. */
    static long cmsgLen(long dataBytes) {
        return CMSG_DATA + dataBytes;
    }

    private static long hdr(String field) {
        return MMSGHDR.byteOffset(groupElement("msg_hdr"), groupElement(field));
    }

    /** A C struct: each member at the next offset its alignment allows, the size rounded up to the largest alignment. */
    static StructLayout struct(String name, MemoryLayout... members) {
        List<MemoryLayout> laid = new ArrayList<>();
        long offset = 0;
        long align = 1;
        for (MemoryLayout m : members) {
            long pad = (m.byteAlignment() - offset % m.byteAlignment()) % m.byteAlignment();
            if (pad > 0) {
                laid.add(MemoryLayout.paddingLayout(pad));
            }
            laid.add(m);
            offset += pad + m.byteSize();
            align = Math.max(align, m.byteAlignment());
        }
        if (offset % align != 0) {
            laid.add(MemoryLayout.paddingLayout(align - offset % align));
        }
        return MemoryLayout.structLayout(laid.toArray(MemoryLayout[]::new)).withName(name);
    }
}

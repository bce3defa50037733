package benchsh.peer.io;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/**
 * What the native TCP socket calls need beyond {@link Libc}: the TCP option names, and {@code struct
 * tcp_info} (linux/tcp.h) laid out field by field in the kernel's order, so its offsets are derived, never written
 * down. The struct only grows at its end; a kernel returns as much of it as it has. Stateless and thread-safe.
 */
@SuppressWarnings("restricted")
final class TcpLibc {
    static final int IPPROTO_TCP = 6;
    static final int TCP_MAXSEG = 2;
    static final int TCP_INFO = 11;
    static final int TCP_CONGESTION = 13;
    /** TCP_CA_NAME_MAX: a congestion control's name and its NUL. */
    static final int CA_NAME_MAX = 16;

    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG;

    /** struct tcp_info as of Linux 5.x, the fields read here named; the eight leading bytes (state, options, bit fields) skipped. */
    static final StructLayout TCP_INFO_STRUCT = CLayouts.struct("tcp_info",
            MemoryLayout.sequenceLayout(8, ValueLayout.JAVA_BYTE).withName("flags"),
            U32.withName("rto"), U32.withName("ato"), U32.withName("snd_mss"), U32.withName("rcv_mss"),
            U32.withName("unacked"), U32.withName("sacked"), U32.withName("lost"), U32.withName("retrans"), U32.withName("fackets"),
            U32.withName("last_data_sent"), U32.withName("last_ack_sent"), U32.withName("last_data_recv"), U32.withName("last_ack_recv"),
            U32.withName("pmtu"), U32.withName("rcv_ssthresh"), U32.withName("rtt"), U32.withName("rttvar"), U32.withName("snd_ssthresh"),
            U32.withName("snd_cwnd"), U32.withName("advmss"), U32.withName("reordering"),
            U32.withName("rcv_rtt"), U32.withName("rcv_space"),
            U32.withName("total_retrans"),
            U64.withName("pacing_rate"), U64.withName("max_pacing_rate"), U64.withName("bytes_acked"), U64.withName("bytes_received"),
            U32.withName("segs_out"), U32.withName("segs_in"),
            U32.withName("notsent_bytes"), U32.withName("min_rtt"), U32.withName("data_segs_in"), U32.withName("data_segs_out"),
            U64.withName("delivery_rate"),
            U64.withName("busy_time"), U64.withName("rwnd_limited"), U64.withName("sndbuf_limited"),
            U32.withName("delivered"), U32.withName("delivered_ce"),
            U64.withName("bytes_sent"), U64.withName("bytes_retrans"));
    /** Room for a newer kernel's longer struct: it copies no more than asked for. */
    static final long TCP_INFO_ROOM = 512;

    private TcpLibc() {
    }

    /** Where field {@code name} of struct tcp_info begins. */
    static long offset(String name) {
        return TCP_INFO_STRUCT.byteOffset(MemoryLayout.PathElement.groupElement(name));
    }

    /** The reading in {@code info}, of which the kernel filled {@code length} bytes; a field beyond them is -1. */
    static TcpInfo tcpInfo(MemorySegment info, long length) {
        long pacing = u64(info, length, "pacing_rate");
        return new TcpInfo(u32(info, length, "snd_mss"), u32(info, length, "unacked"), u32(info, length, "sacked"), u32(info, length, "lost"),
                u32(info, length, "retrans"), u32(info, length, "rtt"), u32(info, length, "rttvar"), u32(info, length, "snd_cwnd"),
                u32(info, length, "total_retrans"), pacing == ~0L ? -1 : pacing, u32(info, length, "min_rtt"),
                u64(info, length, "delivery_rate"), u64(info, length, "bytes_retrans"));
    }

    private static long u32(MemorySegment info, long length, String field) {
        long at = offset(field);
        return at + U32.byteSize() <= length ? Integer.toUnsignedLong(info.get(U32, at)) : -1;
    }

    private static long u64(MemorySegment info, long length, String field) {
        long at = offset(field);
        return at + U64.byteSize() <= length ? info.get(U64, at) : -1;
    }
}

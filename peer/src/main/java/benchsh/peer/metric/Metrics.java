package benchsh.peer.metric;

import static benchsh.peer.metric.Unit.BITS_PER_SECOND;
import static benchsh.peer.metric.Unit.BYTES;
import static benchsh.peer.metric.Unit.COUNT;
import static benchsh.peer.metric.Unit.MICROSECONDS;
import static benchsh.peer.metric.Unit.MICROSECONDS_PER_KB;
import static benchsh.peer.metric.Unit.MICROSECONDS_PER_TRANSACTION;
import static benchsh.peer.metric.Unit.NANOSECONDS;
import static benchsh.peer.metric.Unit.PERCENT;
import static benchsh.peer.metric.Unit.PER_SECOND;
import static benchsh.peer.metric.Unit.SECONDS;
import static benchsh.peer.metric.Unit.TEXT;

import java.util.List;
import java.util.Optional;

/**
 * Every metric a result can carry, with its unit and meaning: the one list that table headers and cells, the
 * JSON schema and the docs read. A test runs every measuring verb and fails on a metric missing here.
 * Immutable.
 */
public final class Metrics {
    private static final List<Metric> ALL = List.of(
            // what moved, and how fast (the receiver's view unless named otherwise)
            m("bytes", BYTES, "bytes moved in the measured span (after the warm-up)"),
            m("bytes_total", BYTES, "bytes moved in all, warm-up included"),
            m("seconds", SECONDS, "the measured span"),
            m("omitted_seconds", SECONDS, "the warm-up left out of the figures"),
            m("throughput_bps", BITS_PER_SECOND, "bytes moved × 8 / seconds, as the receiver counted them"),
            m("sender_bytes", BYTES, "bytes the sender wrote in its measured span"),
            m("sender_seconds", SECONDS, "the sender's measured span"),
            m("sender_throughput_bps", BITS_PER_SECOND, "the sender's view of the throughput"),
            m("sender_cpu_pct", PERCENT, "host CPU of the sending side"),
            m("forward_throughput_bps", BITS_PER_SECOND, "bidir: the from → to direction"),
            m("reverse_throughput_bps", BITS_PER_SECOND, "bidir: the to → from direction"),
            m("stream_bytes", BYTES, "per connection: bytes in the measured span (a list)"),
            m("stream_bytes_total", BYTES, "per connection: bytes in all (a list)"),
            m("stream_throughput_bps", BITS_PER_SECOND, "per connection: throughput (a list)"),
            m("strays_dropped", COUNT, "connections or datagrams without the test's token, dropped"),
            m("stalled_seconds", SECONDS, "how long a side had seen no data when it gave up"),
            // CPU (netperf -c -C)
            m("cpu_pct", PERCENT, "host CPU (all CPUs) over the measured span, on the side's host"),
            m("cpu_count", COUNT, "the side's host's CPUs (the online CPUs `cpu_pct` is a share of, also where the peer may run on fewer: taskset, a container)"),
            m("process_cpu_seconds", SECONDS, "CPU time of the side's peer process"),
            m("cpu_local_pct", PERCENT, "host CPU of the from host"),
            m("cpu_remote_pct", PERCENT, "host CPU of the to host"),
            m("process_cpu_local_seconds", SECONDS, "CPU time of the from host's peer process"),
            m("process_cpu_remote_seconds", SECONDS, "CPU time of the to host's peer process"),
            m("service_demand_local_us_per_kb", MICROSECONDS_PER_KB, "the from host's CPU per KB moved (netperf's service demand)"),
            m("service_demand_remote_us_per_kb", MICROSECONDS_PER_KB, "the to host's CPU per KB moved"),
            m("service_demand_local_us_per_tran", MICROSECONDS_PER_TRANSACTION, "the from host's CPU per transaction"),
            m("service_demand_remote_us_per_tran", MICROSECONDS_PER_TRANSACTION, "the to host's CPU per transaction"),
            // udp (netperf UDP_STREAM)
            m("message_bytes", BYTES, "datagram payload size"),
            m("send_socket_bytes", BYTES, "the sender's SO_SNDBUF as the kernel gave it, read back after window: (raised to its minimum, capped"
                    + " at net.core.wmem_max; tcp without window: the size autotuning starts from; tcp reads it through the JDK, which halves"
                    + " the figure Linux doubles, so it compares with window:)"),
            m("recv_socket_bytes", BYTES, "the receiver's SO_RCVBUF as the kernel gave it, read back after window: (capped at net.core.rmem_max;"
                    + " tcp: halved as send_socket_bytes)"),
            m("messages_sent", COUNT, "datagrams the sender sent"),
            m("send_errors", COUNT, "sends refused (ENOBUFS, ICMP port unreachable)"),
            m("messages_received", COUNT, "datagrams the receiver counted"),
            m("messages_lost", COUNT, "sent less received"),
            m("loss_pct", PERCENT, "lost / sent"),
            m("send_io", TEXT, "udp: the sender's datagram I/O path: nio (a call per datagram), mmsg (sendmmsg) or gso (UDP_SEGMENT)"),
            m("recv_io", TEXT, "udp: the receiver's datagram I/O path: nio, mmsg (recvmmsg) or gso (UDP_GRO)"),
            m("send_io_note", TEXT, "udp: why the sender's path is slower than the io: asked for"),
            m("recv_io_note", TEXT, "udp: why the receiver's path is slower than the io: asked for"),
            m("send_batch", COUNT, "udp: datagrams per send call (batch:, capped for a paced sender and large datagrams)"),
            m("recv_batch", COUNT, "udp: the most datagrams one receive call takes"),
            // limit (RFC 2544 throughput by binary search of udp trials)
            m("limit_bps", BITS_PER_SECOND, "limit: the highest offered payload rate whose loss met the target"),
            m("limit_frames_per_s", PER_SECOND, "limit: that rate in datagrams (Ethernet frames) per second"),
            m("limit_wire_bps", BITS_PER_SECOND, "limit: that rate on the wire: frames with Ethernet, IP, UDP headers, FCS, preamble and gap"),
            m("limit_loss_pct", PERCENT, "limit: the loss of the trial at the limit"),
            m("target_loss_pct", PERCENT, "limit: the loss allowed"),
            m("high_bps", BITS_PER_SECOND, "limit: the high bound searched from (max:, or what the unpaced first trial sent)"),
            m("search_gap_bps", BITS_PER_SECOND, "limit: the final distance between the highest pass and the lowest failure"),
            m("frame_bytes", BYTES, "limit: the Ethernet frame per datagram, header to FCS, padded to 64 bytes"),
            m("wire_frame_bytes", BYTES, "limit: what a frame occupies on the wire, with 8 bytes preamble and 12 bytes gap"),
            m("trials", COUNT, "limit: the udp trials the search ran"),
            m("limit_verdict", TEXT, "limit: converged, or why the search stopped short"),
            m("messages_out_of_order", COUNT, "datagrams that arrived after a later one"),
            m("messages_duplicate", COUNT, "datagrams that arrived twice"),
            m("jitter_us", MICROSECONDS, "interarrival jitter (RFC 3550, section 6.4.1)"),
            m("send_messages_per_s", PER_SECOND, "datagrams sent per second"),
            m("recv_messages_per_s", PER_SECOND, "datagrams received per second"),
            // request/response (netperf TCP_RR, UDP_RR, TCP_CRR)
            m("transactions", COUNT, "request/response transactions completed in the measured span"),
            m("transactions_per_s", PER_SECOND, "transactions per second"),
            m("server_transactions", COUNT, "transactions the server answered"),
            m("udp_retransmits", COUNT, "UDP requests sent again after no response"),
            m("client_io", TEXT, "tcp_rr, tcp_crr: the client's sockets: native (socket(2), connect, read, send through the FFM API, Java 22+) or nio (also a tcp_rr burst)"),
            m("server_io", TEXT, "tcp_rr, tcp_crr: the server's sockets: native (accept4(2), recv, read, send through the FFM API, Java 22+) or nio"),
            m("client_io_note", TEXT, "tcp_rr, tcp_crr: why the client's sockets are nio, not native"),
            m("server_io_note", TEXT, "tcp_rr, tcp_crr: why the server's sockets are nio, not native"),
            m("latency_min_us", MICROSECONDS, "round trip, fastest"),
            m("latency_mean_us", MICROSECONDS, "round trip, mean"),
            m("latency_p50_us", MICROSECONDS, "round trip, median"),
            m("latency_p90_us", MICROSECONDS, "round trip, 90th percentile"),
            m("latency_p99_us", MICROSECONDS, "round trip, 99th percentile"),
            m("latency_p99_9_us", MICROSECONDS, "round trip, 99.9th percentile"),
            m("latency_max_us", MICROSECONDS, "round trip, slowest"),
            m("latency_buckets_ns", NANOSECONDS, "the latency histogram: [upper bound, count] pairs"),
            // pipe (dd | nc | dd)
            m("blocks", COUNT, "blocks the source read"),
            m("source_read_seconds", SECONDS, "time in source reads"),
            m("net_write_seconds", SECONDS, "time in socket writes"),
            m("net_read_seconds", SECONDS, "time in socket reads"),
            m("sink_write_seconds", SECONDS, "time in sink writes"),
            m("sync_seconds", SECONDS, "time in the final fdatasync"),
            m("syncs", COUNT, "fdatasync calls"),
            m("source_read_bps", BITS_PER_SECOND, "bits / time in source reads"),
            m("network_bps", BITS_PER_SECOND, "bits / the network's own time"),
            m("sink_write_bps", BITS_PER_SECOND, "bits / (time in sink writes and the sync)"),
            m("bounded_by", TEXT, "the slowest stage: source, network or sink"),
            // disks and files
            m("block_size_bytes", BYTES, "the file system's block size"),
            m("cache", TEXT, "how a read met the page cache: cold, direct or warm"),
            m("files", COUNT, "files made or copied"),
            m("dirs", COUNT, "directories made or copied, the root included"),
            m("files_per_s", PER_SECOND, "files per second"),
            m("tree_bytes", BYTES, "the content bytes of a generated tree"),
            m("skipped", COUNT, "entries a copy left out (links, devices)"),
            m("attributes_not_kept", COUNT, "entries whose mode or times could not be kept"),
            m("file_io", TEXT, "copy: how the destination's files were written: native (create, write, times and close on one"
                    + " descriptor; Java 22+) or nio (times set by path)"),
            m("verified", TEXT, "yes when the destination's SHA-256 equals the source's, else MISMATCH"),
            m("src_digest", TEXT, "SHA-256 over the source tree"),
            m("dst_digest", TEXT, "SHA-256 over the destination tree"),
            m("removed", TEXT, "whether everything the run created was removed"),
            m("removed_files", COUNT, "files removed"),
            m("removed_dirs", COUNT, "directories removed"),
            m("kept_dirs", COUNT, "directories kept because something else is in them"),
            m("refused", COUNT, "entries not removed because they changed"),
            m("missing", COUNT, "planned entries already gone"),
            m("path", TEXT, "the path worked on"),
            m("fs", TEXT, "the file system: type and telling mount options"),
            m("fs_type", TEXT, "the file system type, from /proc/self/mountinfo"),
            m("mount_point", TEXT, "where that file system is mounted"),
            m("mount_source", TEXT, "what is mounted there"),
            m("mount_options", TEXT, "its mount options"),
            m("src_fs", TEXT, "the source's file system"),
            m("src_fs_type", TEXT, "the source's file system type"),
            m("src_mount_point", TEXT, "the source's mount point"),
            m("src_mount_source", TEXT, "what is mounted at the source's mount point"),
            m("src_mount_options", TEXT, "the source's mount options"),
            m("dst_fs", TEXT, "the destination's file system"),
            m("dst_fs_type", TEXT, "the destination's file system type"),
            m("dst_mount_point", TEXT, "the destination's mount point"),
            m("dst_mount_source", TEXT, "what is mounted at the destination's mount point"),
            m("dst_mount_options", TEXT, "the destination's mount options"),
            // observe: any host watched during a test ({host} is its name, {iface} an interface's; see docs/network.md)
            m("cpu_{host}_user_pct", PERCENT, "observed host: CPU in user code (user and nice), all CPUs"),
            m("cpu_{host}_sys_pct", PERCENT, "observed host: CPU in the kernel (system and hard interrupts), all CPUs"),
            m("cpu_{host}_softirq_pct", PERCENT, "observed host: CPU in soft interrupts (where packets are forwarded), all CPUs"),
            m("cpu_{host}_idle_pct", PERCENT, "observed host: CPU idle or waiting for I/O, all CPUs"),
            m("cpu_{host}_cpu{n}_pct", PERCENT, "observed host: CPU number n busy (100 − idle − iowait)"),
            m("cpu_{host}_pct", PERCENT, "observed host: CPU busy (100 − idle − iowait), all CPUs, over the test"),
            m("{host}_cpu_count", COUNT, "observed host: its CPUs"),
            m("{host}_observed_seconds", SECONDS, "observed host: how long it was watched (the whole test, warm-up included)"),
            m("{host}_{iface}_rx_packets", COUNT, "observed host: packets the interface received during the test"),
            m("{host}_{iface}_rx_bytes", BYTES, "observed host: bytes the interface received"),
            m("{host}_{iface}_rx_drops", COUNT, "observed host: received packets the interface dropped"),
            m("{host}_{iface}_rx_errors", COUNT, "observed host: receive errors of the interface"),
            m("{host}_{iface}_tx_packets", COUNT, "observed host: packets the interface sent"),
            m("{host}_{iface}_tx_bytes", BYTES, "observed host: bytes the interface sent"),
            m("{host}_{iface}_tx_drops", COUNT, "observed host: packets the interface dropped instead of sending"),
            m("{host}_{iface}_tx_errors", COUNT, "observed host: send errors of the interface"),
            m("{host}_softnet_drops", COUNT, "observed host: packets dropped because a CPU's input backlog was full (/proc/net/softnet_stat)"),
            m("{host}_{iface}_qdisc_drops", COUNT, "observed host: packets the interface's root qdisc dropped (tc -s qdisc show; a tbf's overflow)"),
            m("{host}_qdisc_drops", COUNT, "observed host: every interface's root qdisc drops, added up (absent where tc prints no statistics)"),
            m("{host}_drops", COUNT, "observed host: every interface's rx and tx drops, the softnet drops and the qdisc drops, added up"),
            m("{host}_observed_via", TEXT, "observed host: how it was watched: peer (its benchsh peer) or ssh (its shell read /proc over SSH)"),
            m("{host}_observe_note", TEXT, "observed host: what its watch could not count, e.g. no qdisc drops where tc prints no statistics"),
            m("observe_missing", TEXT, "observed hosts that could not be watched, each with the reason"),
            // the VMs the ends ran (docs/hosts-and-ssh.md, "Which Java runs the peer")
            m("peer_java", TEXT, "the Java each end's peer ran and whether benchsh's runtime (runtime) or the host's own (host): "
                    + "25.0.3 runtime, or from's / to's when they differ"),
            m("peer_note", TEXT, "why an end ran a slower path than benchsh could have given it, or not on benchsh's runtime, and what to do"));

    private Metrics() {
    }

    private static Metric m(String name, Unit unit, String meaning) {
        return new Metric(name, unit, meaning);
    }

    public static List<Metric> all() {
        return ALL;
    }

    /**
     * The metric {@code key} is (or is one of the family of), if registered. The first in the list wins, so a
     * family comes after the names and narrower families its pattern would also match.
     */
    public static Optional<Metric> named(String key) {
        for (Metric m : ALL) {
            if (m.matches(key)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}

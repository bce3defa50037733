package benchsh.shell.definition;

import benchsh.peer.datagram.UdpStream;
import benchsh.peer.io.IoPath;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.List;

/**
 * {@code udp}: UDP stream from one host to another with loss, reordering and jitter (netperf UDP_STREAM,
 * iperf3 -u). Sizes under the {@link UdpStream#HEADER_BYTES}-byte header measure loss only.
 */
public final class UdpDefinition implements Definition {
    /** The row's columns, most read first: a narrow terminal leaves out the last (the I/O paths and socket buffers). */
    static final List<String> COLUMNS = List.of("from", "to", "size", "seconds", "throughput_bps", "sender_throughput_bps", "messages_received",
            "messages_lost", "loss_pct", "jitter_us", "messages_sent", "cpu_local_pct", "cpu_remote_pct", "send_errors", "send_io", "recv_io",
            "send_socket_bytes", "recv_socket_bytes");

    private static final VerbSpec VERB = new VerbSpec("udp", "UDP stream: messages sent, received, lost; jitter; throughput", "",
            PairArgs.args(
                    Arg.of("size", ArgType.SIZE, 1472L, "datagram payload bytes, at most 65535 less the IP and UDP headers; under "
                            + UdpStream.HEADER_BYTES + " (the header) only loss is measured: out of order and jitter show as -").within(UdpStream.Spec.class),
                    Arg.of("rate", ArgType.RATE, null, "send rate in bits/s of payload (default unlimited)").within(UdpStream.Spec.class),
                    Arg.of("time", ArgType.DURATION, Duration.ofSeconds(10), "how long to measure, after the warm-up").within(UdpStream.Spec.class),
                    Arg.of("omit", ArgType.DURATION_OR_ZERO, Duration.ofSeconds(1), "warm-up sent first and left out of the rates;"
                            + " message counts and loss cover the whole test").within(UdpStream.Spec.class),
                    Arg.of("window", ArgType.SIZE, null, "SO_SNDBUF of the sender and SO_RCVBUF of the receiver asked for; the kernel's answer is in"
                            + " send_socket_bytes and recv_socket_bytes").within(UdpStream.Spec.class),
                    Arg.of("batch", ArgType.COUNT, 1L, "datagrams per send and receive call, at most the kernel's UIO_MAXIOV"
                            + " (a paced sender's batch holds at most 1 ms of its rate)").within(UdpStream.Spec.class),
                    Arg.of("io", ArgType.TEXT, IoPath.GSO.label(), "the fastest datagram I/O path to use: 'gso' (UDP_SEGMENT/GRO), 'mmsg'"
                            + " (sendmmsg/recvmmsg; both need a peer on Java 22+ on Linux) or 'nio'; a slower one runs where it is not available"),
                    PairArgs.BUSY_WAIT),
            List.of("udp to: local, size: 1472, time: 5.s",
                    "udp to: local, size: 1, time: 5.s",
                    "udp to: local, size: 22, batch: 64, time: 5.s",
                    "r = udp from: a, to: b, rate: 100.Mbit; println r.metrics.messages_lost"));

    @Override
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Class<? extends Record> figures() {
        return UdpMetrics.Figures.class;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        Host from = PairArgs.from(args, hosts);
        Host to = PairArgs.to(args, hosts);
        ioPath(args);
        Part part = new Part.OnPeers(List.of(PairArgs.listen(args, to, UdpStream.NAME, spec(args, 0)),
                PairArgs.connect(args, from, UdpStream.NAME, spec(args, args.given("rate") ? args.size("rate") : 0))), "listen",
                sides -> Merged.of(UdpMetrics.merge(sides), sides.intervals("listen")));
        return Test.of("udp", from, to).params(args.params()).tags(PairArgs.tags(args)).columns(COLUMNS).part(part)
                .runsFor(args.duration("omit").plus(args.duration("time")).plus(Duration.ofSeconds(2))).build();
    }

    /** The datagram I/O path {@code io:} names. */
    private static IoPath ioPath(Args args) {
        try {
            return IoPath.parse(args.text("io"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("udp io: " + e.getMessage());
        }
    }

    /** Both sides get the same spec; only the sender is paced ({@code rate} 0 for the receiver). */
    private static UdpStream.Spec spec(Args args, long rate) {
        return new UdpStream.Spec(args.intSize("size"), args.duration("time").toNanos(), args.duration("omit").toNanos(), rate,
                args.given("window") ? args.intSize("window") : 0, PairArgs.streamTiming(args), args.count("batch"), ioPath(args));
    }
}

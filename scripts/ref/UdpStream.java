import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;

/**
 * The UDP stream loop of scripts/ref/udp_stream.c in plain Java: the JVM's own limit, one NIO call per datagram and
 * nothing else (no header, no meter, no protocol). Same arguments, same JSON and the same counting as the C loop. The
 * sender writes SIZE-byte datagrams from a direct buffer on a connected blocking channel for OMIT + SECONDS, then five empty
 * datagrams as end markers; the receiver reads into a direct buffer on a non-blocking channel and sleeps on a selector
 * when the socket is empty (at once, as the C loop sleeps in recv, or with "busy" only after asking again for 50 us:
 * the C loop's recv_busy, benchsh's busywait:), until an end marker or 1 s without data once data came. Both report what
 * they moved after their first OMIT seconds. A watchdog ends the process OMIT + SECONDS + 20 s after its start, as the C
 * loop's alarm does.
 *
 *   java UdpStream recv IP SECONDS OMIT [busy]       prints {"port":N}, then the receiver's figures
 *   java UdpStream send IP PORT SECONDS OMIT SIZE    prints the sender's figures
 */
public final class UdpStream {
    private static final String NAME = "UdpStream";
    private static final String USAGE = "UdpStream recv IP SECONDS OMIT [busy] | UdpStream send IP PORT SECONDS OMIT SIZE";
    private static final int END_MARKERS = 5;
    private static final long BUSY_WAIT_NANOS = 50_000;
    private static final long IDLE_END_NANOS = 1_000_000_000L;

    public static void main(String[] args) throws IOException, InterruptedException {
        if ((args.length == 4 || args.length == 5 && args[4].equals("busy")) && args[0].equals("recv")) {
            receive(args[1], number(args[2]), number(args[3]), args.length == 5);
        } else if (args.length == 6 && args[0].equals("send") && number(args[5]) >= 1 && number(args[5]) <= 65507) {
            send(args[1], (int) number(args[2]), number(args[3]), number(args[4]), (int) number(args[5]));
        } else {
            Ref.fail(NAME, "usage: " + USAGE);
        }
    }

    private static void receive(String ip, double seconds, double omit, boolean busy) throws IOException {
        Ref.watchdog(NAME, seconds + omit);
        try (DatagramChannel channel = DatagramChannel.open().bind(new InetSocketAddress(ip, 0)); Selector selector = Selector.open()) {
            System.out.println("{\"port\":" + ((InetSocketAddress) channel.getLocalAddress()).getPort() + "}");
            System.out.flush();
            channel.configureBlocking(false); // blocking receives would not see the idle end; the C loop uses SO_RCVTIMEO
            channel.register(selector, SelectionKey.OP_READ);
            ByteBuffer buffer = ByteBuffer.allocateDirect(65536);
            long begin = System.nanoTime(), giveUp = begin + (long) ((seconds + omit + 10) * 1e9), omitNanos = (long) (omit * 1e9);
            long first = 0, start = 0, last = 0, received = 0;
            String ended = "end marker";
            for (;;) {
                buffer.clear();
                boolean got = channel.receive(buffer) != null;
                for (long until = busy && !got ? System.nanoTime() + BUSY_WAIT_NANOS : 0; !got && System.nanoTime() < until; ) {
                    got = channel.receive(buffer) != null;
                }
                long now = System.nanoTime();
                if (!got) {
                    if (received > 0 && now - last > IDLE_END_NANOS) {
                        ended = "idle 1 s";
                        break;
                    }
                    if (now > giveUp) {
                        ended = "no end marker and no data";
                        break;
                    }
                    selector.select(100);
                    selector.selectedKeys().clear();
                    continue;
                }
                if (buffer.position() == 0) {
                    break;
                }
                if (first == 0) {
                    first = now;
                }
                last = now;
                if (start == 0) {
                    if (now - first >= omitNanos) {
                        start = now; // the measured span starts here: this datagram arrived before it
                    }
                    continue;
                }
                received++;
            }
            double span = start != 0 && last > start ? (last - start) / 1e9 : 0;
            System.out.printf("{\"role\":\"recv\",\"received\":%d,\"seconds\":%.6f,\"recv_messages_per_s\":%.1f,\"ended_by\":\"%s\"}%n", received,
                    span, span > 0 ? received / span : 0.0, ended);
        }
    }

    private static void send(String ip, int port, double seconds, double omit, int size) throws IOException, InterruptedException {
        Ref.watchdog(NAME, seconds + omit);
        try (DatagramChannel channel = DatagramChannel.open().connect(new InetSocketAddress(ip, port))) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(size);
            long begin = System.nanoTime(), start = begin + (long) (omit * 1e9), end = start + (long) (seconds * 1e9), now = begin;
            long sent = 0, errors = 0, calls = 0, omitted = 0;
            boolean measuring = omit <= 0;
            while (now < end) {
                buffer.clear();
                try {
                    channel.write(buffer);
                    sent++;
                } catch (ClosedChannelException e) {
                    throw e;
                } catch (IOException e) { // ENOBUFS, ECONNREFUSED after an ICMP port unreachable: counted, as the C loop does
                    errors++;
                }
                if ((++calls & 15) == 0) { // a clock read per 16 datagrams keeps the loop a send loop
                    now = System.nanoTime();
                    if (!measuring && now >= start) { // the measured span starts at this clock read
                        measuring = true;
                        start = now;
                        omitted = sent;
                        errors = 0;
                    }
                }
            }
            now = System.nanoTime();
            sent -= omitted;
            endMarkers(channel);
            double span = now > start ? (now - start) / 1e9 : 0;
            System.out.printf("{\"role\":\"send\",\"sent\":%d,\"errors\":%d,\"seconds\":%.6f,\"send_messages_per_s\":%.1f}%n", sent, errors, span,
                    span > 0 ? sent / span : 0.0);
        }
    }

    /**
     * Five empty datagrams, 10 ms apart. A connected channel's write() and send() skip an empty buffer, so they go
     * from an unconnected channel (another source port: the receiver is not connected to the sender's).
     */
    private static void endMarkers(DatagramChannel data) throws IOException, InterruptedException {
        try (DatagramChannel markers = DatagramChannel.open()) {
            ByteBuffer empty = ByteBuffer.allocateDirect(0);
            for (int i = 0; i < END_MARKERS; i++) {
                markers.send(empty, data.getRemoteAddress());
                Thread.sleep(10);
            }
        }
    }

    private static double number(String text) {
        return Ref.number(NAME, USAGE, text);
    }
}

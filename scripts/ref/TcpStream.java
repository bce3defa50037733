import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * The TCP stream loop of scripts/ref/tcp_stream.c in plain Java: the JVM's own limit, one NIO call per message and
 * nothing else (no meter, no protocol, no threads). Same arguments, same JSON and the same measured span as the C loop.
 * The sender writes SIZE bytes per call from a direct buffer on a non-blocking channel and waits on a selector only
 * when a write returns 0; the receiver reads into a 1 MiB direct buffer on a blocking channel, or with "busy" on a
 * non-blocking one that asks an empty socket again for 50 us before it sleeps on a selector (the C loop's recv_busy,
 * benchsh's busywait:). A watchdog ends the process SECONDS + OMIT + 20 s after its start, as the C loop's alarm does.
 *
 *   java TcpStream recv IP SECONDS OMIT [busy]       prints {"port":N}, then the receiver's figures
 *   java TcpStream send IP PORT SECONDS OMIT SIZE    prints the sender's figures
 */
public final class TcpStream {
    private static final String NAME = "TcpStream";
    private static final String USAGE = "TcpStream recv IP SECONDS OMIT [busy] | TcpStream send IP PORT SECONDS OMIT SIZE";
    private static final int RECV_BUFFER = 1 << 20;
    private static final long BUSY_WAIT_NANOS = 50_000;

    public static void main(String[] args) throws IOException {
        if ((args.length == 4 || args.length == 5 && args[4].equals("busy")) && args[0].equals("recv")) {
            receive(args[1], number(args[2]), number(args[3]), args.length == 5);
        } else if (args.length == 6 && args[0].equals("send") && number(args[5]) >= 1) {
            send(args[1], (int) number(args[2]), number(args[3]), number(args[4]), (int) number(args[5]));
        } else {
            Ref.fail(NAME, "usage: " + USAGE);
        }
    }

    private static void receive(String ip, double seconds, double omit, boolean busy) throws IOException {
        Ref.watchdog(NAME, seconds + omit);
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress(ip, 0))) {
            System.out.println("{\"port\":" + ((InetSocketAddress) listener.getLocalAddress()).getPort() + "}");
            System.out.flush();
            SocketChannel channel = listener.accept();
            Selector selector = busy ? Selector.open() : null;
            if (busy) {
                channel.configureBlocking(false);
                channel.register(selector, SelectionKey.OP_READ);
            }
            ByteBuffer buffer = ByteBuffer.allocateDirect(RECV_BUFFER);
            long omitNanos = (long) (omit * 1e9), first = 0, start = 0, last = 0, bytes = 0, reads = 0;
            for (;;) {
                buffer.clear();
                int n = channel.read(buffer);
                for (long until = busy && n == 0 ? System.nanoTime() + BUSY_WAIT_NANOS : 0; n == 0 && System.nanoTime() < until; ) {
                    n = channel.read(buffer);
                }
                if (n == 0) {
                    selector.select(100);
                    selector.selectedKeys().clear();
                    continue;
                }
                if (n < 0) {
                    break;
                }
                last = System.nanoTime();
                if (first == 0) {
                    first = last;
                }
                if (start == 0) {
                    if (last - first >= omitNanos) {
                        start = last; // the measured span starts here: this read's bytes arrived before it
                    }
                    continue;
                }
                bytes += n;
                reads++;
            }
            double span = start != 0 && last > start ? (last - start) / 1e9 : 0;
            System.out.printf("{\"role\":\"recv\",\"bytes\":%d,\"reads\":%d,\"seconds\":%.6f,\"throughput_bps\":%.1f}%n", bytes, reads, span,
                    span > 0 ? bytes * 8.0 / span : 0.0);
        }
    }

    private static void send(String ip, int port, double seconds, double omit, int size) throws IOException {
        Ref.watchdog(NAME, seconds + omit);
        try (SocketChannel channel = SocketChannel.open(new InetSocketAddress(ip, port)); Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_WRITE);
            ByteBuffer buffer = ByteBuffer.allocateDirect(size);
            long start = System.nanoTime(), end = start + (long) ((seconds + omit) * 1e9), now = start, bytes = 0, writes = 0;
            while (now < end) {
                buffer.clear();
                int n = channel.write(buffer);
                if (n == 0) {
                    selector.select(100);
                    selector.selectedKeys().clear();
                }
                bytes += n;
                if ((++writes & 15) == 0) { // a clock read per 16 writes keeps the loop a write loop
                    now = System.nanoTime();
                }
            }
            now = System.nanoTime();
            double span = (now - start) / 1e9;
            System.out.printf("{\"role\":\"send\",\"bytes\":%d,\"writes\":%d,\"seconds\":%.6f,\"throughput_bps\":%.1f}%n", bytes, writes, span,
                    bytes * 8.0 / span);
        }
    }

    private static double number(String text) {
        return Ref.number(NAME, USAGE, text);
    }
}

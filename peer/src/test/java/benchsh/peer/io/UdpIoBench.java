package benchsh.peer.io;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A micro benchmark, not a test (scripts/bench-udp-io runs it): one sender thread and one receiver thread move
 * {@code size}-byte datagrams over loopback through one I/O path for {@code seconds}, and print one line of
 * {@code key=value} figures. The sender writes a sequence number and a send time into every datagram, as a UDP
 * stream does.
 *
 * <p>{@code java -cp benchsh-peer.jar:test-classes benchsh.peer.io.UdpIoBench gso 22 3 [slots]}
 */
public final class UdpIoBench {
    private UdpIoBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: UdpIoBench nio|mmsg|gso SIZE SECONDS [SLOTS]");
            System.exit(2);
        }
        IoPath path = IoPath.parse(args[0]);
        int size = Integer.parseInt(args[1]);
        Duration time = Duration.ofMillis((long) (Double.parseDouble(args[2]) * 1000));
        int slots = args.length > 3 ? Integer.parseInt(args[3]) : 64;
        InetSocketAddress loopback = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0);
        try (BatchedDatagramSocket rx = BatchedDatagrams.open(DatagramSocketSpec.bound(loopback).withBuffers(0, 4 << 20).withDatagramBytes(size), path);
             BatchedDatagramSocket tx = BatchedDatagrams.open(DatagramSocketSpec.connected(rx.localAddress()).withDatagramBytes(size), path)) {
            CompletableFuture<long[]> received = CompletableFuture.supplyAsync(() -> receive(rx, size, slots));
            long[] sent = send(tx, size, slots, time);
            long[] got = received.get(time.toSeconds() + 30, TimeUnit.SECONDS);
            double sendSeconds = sent[2] / 1e9;
            double receiveSeconds = Math.max(got[3], 1) / 1e9;
            System.out.printf(Locale.ROOT, "path=%s size=%d slots=%d io_send=%s io_receive=%s sent=%d send_errors=%d received=%d wrong_size=%d"
                            + " send_pps=%.0f recv_pps=%.0f loss_pct=%.2f receive_calls=%d%n",
                    path, size, slots, tx.io(), rx.io(), sent[0], sent[1], got[0], got[1], sent[0] / sendSeconds,
                    got[0] / receiveSeconds, sent[0] == 0 ? 0 : 100.0 * (sent[0] - got[0]) / sent[0], got[2]);
            if (!tx.fallback().isEmpty() || !rx.fallback().isEmpty()) {
                System.out.println("# fallback: " + tx.fallback() + " " + rx.fallback());
            }
        }
    }

    /** Returns [sent, errors, nanoseconds]. */
    private static long[] send(BatchedDatagramSocket tx, int size, int slots, Duration time) throws IOException {
        DatagramBatch out = new DatagramBatch(slots, size);
        long sent = 0;
        long errors = 0;
        long start = System.nanoTime();
        long end = start + time.toNanos();
        long now = start;
        while (now < end) {
            for (int i = 0; i < slots; i++) {
                ByteBuffer slot = out.slot(i);
                if (size >= 16) {
                    slot.putLong(0, sent + i).putLong(8, now);
                } else if (size >= 8) {
                    slot.putLong(0, sent + i);
                }
            }
            Sent s = tx.send(out.ready(slots));
            sent += s.datagrams();
            errors += s.errors();
            now = System.nanoTime();
        }
        return new long[] {sent, errors, now - start};
    }

    /** Returns [datagrams, wrong sizes, receive calls, nanoseconds from the first datagram to the last]. */
    private static long[] receive(BatchedDatagramSocket rx, int size, int slots) {
        DatagramBatch in = new DatagramBatch(slots, size + 1);
        long count = 0;
        long wrong = 0;
        long calls = 0;
        long first = 0;
        long last = 0;
        try {
            for (long idle = 0; idle < 2; ) {
                int n = rx.receive(in, Duration.ofMillis(500));
                calls++;
                if (n == 0) {
                    idle += count > 0 ? 1 : 0;
                    continue;
                }
                idle = 0;
                last = System.nanoTime();
                first = count == 0 ? last : first;
                for (int i = 0; i < n; i++) {
                    wrong += in.length(i) == size ? 0 : 1;
                }
                count += n;
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new long[] {count, wrong, calls, last - first};
    }
}

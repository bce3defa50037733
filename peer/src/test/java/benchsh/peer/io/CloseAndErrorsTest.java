package benchsh.peer.io;

import static benchsh.peer.io.Datagrams.stampBatch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.NotYetConnectedException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Cancel, close, timeouts and refused sends, on every path this JVM offers. */
@Timeout(120)
class CloseAndErrorsTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("benchsh.peer.io.Datagrams#paths")
    void closingFromAnotherThreadUnblocksAReceiveLongBeforeItsTimeout(IoPath path) throws Exception {
        BatchedDatagramSocket rx = Datagrams.receiver(path, 100);
        CountDownLatch receiving = new CountDownLatch(1);
        CompletableFuture<Integer> blocked = CompletableFuture.supplyAsync(() -> {
            try {
                receiving.countDown();
                return rx.receive(new DatagramBatch(8, 101), Duration.ofMinutes(10));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(receiving.await(30, TimeUnit.SECONDS));
        Thread.sleep(200); // most likely in poll(2) or select() by now; either way the receive must end by an exception
        rx.close();
        ExecutionException e = assertThrows(ExecutionException.class, () -> blocked.get(60, TimeUnit.SECONDS));
        assertInstanceOf(ClosedChannelException.class, e.getCause().getCause(), "closed, not timed out: " + e.getCause());
        assertFalse(rx.isOpen());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("benchsh.peer.io.Datagrams#paths")
    void closingStopsASenderInMidStream(IoPath path) throws Exception {
        try (BatchedDatagramSocket rx = Datagrams.receiver(path, 1472)) {
            BatchedDatagramSocket tx = Datagrams.sender(path, rx, 1472);
            AtomicLong sent = new AtomicLong();
            CompletableFuture<Throwable> sending = CompletableFuture.supplyAsync(() -> {
                DatagramBatch out = new DatagramBatch(32, 1472);
                try {
                    for (int i = 0; i < 10_000_000; i++) { // the receiver never reads: its queue fills, the rest is dropped
                        sent.addAndGet(tx.send(stampBatch(out, sent.get(), 32)).datagrams());
                    }
                    return null;
                } catch (IOException e) {
                    return e;
                }
            });
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (sent.get() == 0 && System.nanoTime() < end) {
                Thread.sleep(10);
            }
            tx.close();
            Throwable t = sending.get(60, TimeUnit.SECONDS);
            assertInstanceOf(ClosedChannelException.class, t, "the sender ended by the close: " + t);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("benchsh.peer.io.Datagrams#paths")
    void aClosedSocketRefusesEveryCallAndFreesItsPort(IoPath path) throws IOException {
        BatchedDatagramSocket rx = Datagrams.receiver(path, 100);
        InetSocketAddress was = rx.localAddress();
        BatchedDatagramSocket tx = Datagrams.sender(path, rx, 100);
        rx.close();
        rx.close(); // idempotent
        tx.close();
        DatagramBatch b = new DatagramBatch(2, 100);
        assertThrows(ClosedChannelException.class, () -> rx.receive(b, Duration.ZERO));
        assertThrows(ClosedChannelException.class, () -> tx.send(stampBatch(b, 0, 2)));
        assertThrows(ClosedChannelException.class, rx::localAddress);
        assertThrows(ClosedChannelException.class, () -> rx.connect(was));
        try (DatagramChannel again = DatagramChannel.open()) {
            again.bind(was); // the descriptor is really closed
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("benchsh.peer.io.Datagrams#paths")
    void aReceiveWithNothingToReceiveReturnsNoneAtItsTimeout(IoPath path) throws IOException {
        try (BatchedDatagramSocket rx = Datagrams.receiver(path, 100)) {
            DatagramBatch b = new DatagramBatch(4, 101);
            assertEquals(0, rx.receive(b, Duration.ZERO));
            assertEquals(0, rx.receive(b, Duration.ofMillis(300)));
            assertEquals(0, b.count());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("benchsh.peer.io.Datagrams#paths")
    void anUnconnectedSocketCannotSend(IoPath path) throws IOException {
        try (BatchedDatagramSocket rx = Datagrams.receiver(path, 100)) {
            assertThrows(NotYetConnectedException.class, () -> rx.send(stampBatch(new DatagramBatch(1, 100), 0, 1)));
        }
    }

    /**
     * Nobody listens: the first datagrams go out, the ICMP port unreachable they cause makes the kernel refuse a
     * later send (ECONNREFUSED). A refused datagram is an error and never counted as sent; those after it in the
     * batch are not sent either, and a partial send always reports its error.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("benchsh.peer.io.Datagrams#paths")
    void refusedDatagramsAreErrorsAndNeverCountedAsSent(IoPath path) throws IOException {
        InetSocketAddress nobody;
        try (DatagramChannel gone = DatagramChannel.open()) {
            gone.bind(Datagrams.LOOPBACK);
            nobody = (InetSocketAddress) gone.getLocalAddress();
        }
        try (BatchedDatagramSocket tx = BatchedDatagrams.open(DatagramSocketSpec.connected(nobody).withDatagramBytes(64), path)) {
            DatagramBatch out = new DatagramBatch(8, 64);
            long sent = 0;
            long errors = 0;
            long partial = 0;
            String error = null;
            long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            for (int round = 0; round < 5_000 && (errors < 5 || sent == 0) && System.nanoTime() < end; round++) {
                Sent s = tx.send(stampBatch(out, sent, 8));
                assertTrue(s.datagrams() >= 0 && s.datagrams() <= 8, s.toString());
                assertEquals(s.datagrams() < 8, s.errors() > 0, "a datagram not sent is always explained by an error: " + s);
                assertEquals(s.errors() > 0, s.error() != null, s.toString());
                sent += s.datagrams();
                errors += s.errors();
                partial += s.datagrams() > 0 && s.datagrams() < 8 ? 1 : 0;
                error = s.error() != null ? s.error() : error;
            }
            assertTrue(errors >= 5, "the kernel refused " + errors + " sends after " + sent + " datagrams to a closed port");
            assertTrue(sent > 0);
            String e = String.valueOf(error);
            assertTrue(e.contains("refused") || e.contains("unreachable"), e);
            System.out.println(path + " to a closed port: " + sent + " sent, " + errors + " refused, " + partial + " partial batches");
        }
    }
}

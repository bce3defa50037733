package benchsh.peer.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.workload.Sides;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stream's non-blocking writes and reads: every byte once and in order, a full socket buffer or an empty one never
 * holds a side past a close, cancel or timeout, and a reader that busy-waits still sleeps when nothing comes.
 */
@Timeout(60)
class NonBlockingStreamTest {
    /** A timeout no test here waits for: a wait with it that ends within the test ended for another reason. */
    private static final Duration LONGER_THAN_THE_TEST = Duration.ofMinutes(10);
    private static final int SMALL_BUFFER = 4096;

    private ServerSocketChannel server;
    private SocketChannel sender;
    private SocketChannel receiver;

    @BeforeEach
    void connect() throws IOException {
        server = ServerSocketChannel.open();
        server.setOption(StandardSocketOptions.SO_RCVBUF, SMALL_BUFFER);
        server.bind(new InetSocketAddress(Sides.LOOPBACK, 0));
        sender = SocketChannel.open();
        sender.setOption(StandardSocketOptions.SO_SNDBUF, SMALL_BUFFER);
        sender.connect(server.getLocalAddress());
        receiver = server.accept();
    }

    @AfterEach
    void close() throws IOException {
        sender.close();
        receiver.close();
        server.close();
    }

    @Test
    void aSlowReaderGetsEveryByteOnceAndInOrderWhileTheWriterWaitsForRoom() throws Exception {
        byte[] message = new byte[1000];
        for (int i = 0; i < message.length; i++) {
            message[i] = (byte) (i * 31);
        }
        int messages = 2000;
        CompletableFuture<byte[]> digest = CompletableFuture.supplyAsync(() -> slowDigest(receiver));
        MessageDigest sent = MessageDigest.getInstance("SHA-256");
        long written = 0;
        long waits;
        try (NonBlockingStream out = new NonBlockingStream(sender, Duration.ofSeconds(10), Duration.ZERO, () -> false)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(message.length);
            for (int m = 0; m < messages; m++) {
                buf.clear();
                buf.put(message).flip();
                while (buf.hasRemaining()) {
                    written += out.write(buf);
                }
                sent.update(message);
            }
            waits = out.waits();
        }
        assertTrue(sender.isBlocking(), "close puts the channel back into blocking mode");
        sender.shutdownOutput();
        assertEquals((long) message.length * messages, written, "the writes' counts add up to what was sent");
        assertArrayEquals(sent.digest(), digest.get(30, TimeUnit.SECONDS), "the reader got the same bytes in the same order");
        assertTrue(waits > 0, "a reader slower than the writer fills the socket buffer, so the writer waited: " + waits);
    }

    @Test
    void aReaderThatNeverReadsEndsTheWriterAtItsTimeout() throws Exception {
        try (NonBlockingStream out = new NonBlockingStream(sender, Duration.ofMillis(300), Duration.ZERO, () -> false)) {
            SocketTimeoutException e = assertThrows(SocketTimeoutException.class, () -> fill(out));
            assertTrue(e.getMessage().contains("receiver stopped reading"), e.getMessage());
        }
    }

    @Test
    void closingTheChannelEndsAWaitingWriterWithinASlice() throws Exception {
        try (NonBlockingStream out = new NonBlockingStream(sender, LONGER_THAN_THE_TEST, Duration.ZERO, () -> false)) {
            CompletableFuture<Void> closer = CompletableFuture.runAsync(() -> closeLater(sender));
            assertThrows(AsynchronousCloseException.class, () -> fill(out), "the close ended the wait: its timeout is longer than the test");
            closer.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theSidesCancelFlagEndsAWaitingWriter() throws Exception {
        AtomicBoolean cancelled = new AtomicBoolean();
        try (NonBlockingStream out = new NonBlockingStream(sender, LONGER_THAN_THE_TEST, Duration.ZERO, cancelled::get)) {
            CompletableFuture<Void> canceller = CompletableFuture.runAsync(() -> {
                sleep(300);
                cancelled.set(true);
            });
            assertThrows(AsynchronousCloseException.class, () -> fill(out), "the cancel ended the wait: its timeout is longer than the test");
            canceller.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aBusyReaderGetsEveryByteOnceAndInOrderFromASenderThatPauses() throws Exception {
        byte[] message = new byte[1000];
        for (int i = 0; i < message.length; i++) {
            message[i] = (byte) (i * 7);
        }
        int messages = 300;
        CompletableFuture<byte[]> sent = CompletableFuture.supplyAsync(() -> pausingWriter(sender, message, messages));
        MessageDigest got = MessageDigest.getInstance("SHA-256");
        long read = 0;
        long waits;
        try (NonBlockingStream in = new NonBlockingStream(receiver, Duration.ofSeconds(10), Duration.ofMillis(1), () -> false)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(4096);
            for (int n; (n = in.read(buf)) >= 0; ) {
                buf.flip();
                byte[] chunk = new byte[buf.remaining()];
                buf.get(chunk);
                got.update(chunk);
                read += n;
                buf.clear();
            }
            waits = in.waits();
        }
        assertTrue(receiver.isBlocking(), "close puts the channel back into blocking mode");
        assertEquals((long) message.length * messages, read, "the reads' counts add up to what was sent");
        assertArrayEquals(sent.get(30, TimeUnit.SECONDS), got.digest(), "the reader got the same bytes in the same order");
        assertTrue(waits > 0, "pauses of 20 ms outlast a 1 ms busy wait, so the reader slept on its selector: " + waits);
    }

    @Test
    void aReaderWhoseSenderSendsNothingEndsAtItsTimeout() throws Exception {
        try (NonBlockingStream in = new NonBlockingStream(receiver, Duration.ofMillis(300), Duration.ofMillis(1), () -> false)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(4096);
            SocketTimeoutException e = assertThrows(SocketTimeoutException.class, () -> in.read(buf));
            assertTrue(e.getMessage().contains("the sender stopped sending"), e.getMessage());
        }
    }

    @Test
    void theSidesCancelFlagEndsAWaitingReader() throws Exception {
        AtomicBoolean cancelled = new AtomicBoolean();
        try (NonBlockingStream in = new NonBlockingStream(receiver, LONGER_THAN_THE_TEST, Duration.ofMillis(1), cancelled::get)) {
            CompletableFuture<Void> canceller = CompletableFuture.runAsync(() -> {
                sleep(300);
                cancelled.set(true);
            });
            ByteBuffer buf = ByteBuffer.allocateDirect(4096);
            assertThrows(AsynchronousCloseException.class, () -> {
                while (true) {
                    in.read(buf);
                }
            }, "the cancel ended the wait: its timeout is longer than the test");
            canceller.get(10, TimeUnit.SECONDS);
        }
    }

    /** Writes {@code messages} copies of {@code message} blocking, pausing 20 ms after every 50, then shuts output; returns their digest. */
    private static byte[] pausingWriter(SocketChannel ch, byte[] message, int messages) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            for (int m = 0; m < messages; m++) {
                ByteBuffer buf = ByteBuffer.wrap(message);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                d.update(message);
                if (m % 50 == 49) {
                    sleep(20);
                }
            }
            ch.shutdownOutput();
            return d.digest();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes until the writer gives up; the peer never reads, so it must. */
    private static void fill(NonBlockingStream out) throws IOException {
        ByteBuffer buf = ByteBuffer.allocateDirect(65536);
        for (int i = 0; i < 1_000_000; i++) {
            buf.clear();
            while (buf.hasRemaining()) {
                out.write(buf);
            }
        }
        throw new AssertionError("64 GB went into a socket nobody reads");
    }

    private static byte[] slowDigest(SocketChannel ch) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            InputStream in = ch.socket().getInputStream();
            byte[] chunk = new byte[512];
            int reads = 0;
            for (int n; (n = in.read(chunk)) >= 0; ) {
                d.update(chunk, 0, n);
                if (++reads % 200 == 0) {
                    sleep(5); // slower than the writer, so its buffer fills
                }
            }
            return d.digest();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void closeLater(SocketChannel ch) {
        sleep(300);
        try {
            ch.close();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

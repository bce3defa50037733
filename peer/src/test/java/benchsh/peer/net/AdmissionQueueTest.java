package benchsh.peer.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The admission rules themselves, over scripted sockets: no network, no timing beyond the token deadline. */
@Timeout(30)
class AdmissionQueueTest {
    private static final byte[] TOKEN = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final Duration NO_WAIT = Duration.ofMillis(1);
    private static final Duration LONG_TOKEN_DEADLINE = Duration.ofMinutes(1);

    /** Connections by name: what each has sent (chunks, then maybe its end), an accept queue, and which were closed. */
    private static final class Scripted implements AdmissionQueue.Sockets<String> {
        final ArrayDeque<String> acceptQueue = new ArrayDeque<>();
        final Map<String, ArrayDeque<byte[]>> sent = new HashMap<>();
        final Set<String> ended = new LinkedHashSet<>();
        final Set<String> closed = new LinkedHashSet<>();
        boolean open = true;

        /** A connection arrives and sends {@code chunks}. */
        void arrive(String name, byte[]... chunks) {
            acceptQueue.add(name);
            sent.put(name, new ArrayDeque<>(Arrays.asList(chunks)));
        }

        void send(String name, byte[] chunk) {
            sent.get(name).add(chunk);
        }

        @Override
        public boolean open() {
            return open;
        }

        @Override
        public String accept() {
            return acceptQueue.poll();
        }

        @Override
        public int readToken(String c, byte[] into, int offset, int length) {
            ArrayDeque<byte[]> chunks = sent.get(c);
            if (chunks.isEmpty()) {
                return ended.contains(c) ? -1 : 0;
            }
            byte[] chunk = chunks.poll();
            int n = Math.min(length, chunk.length);
            System.arraycopy(chunk, 0, into, offset, n);
            return n;
        }

        @Override
        public boolean await(Collection<AdmissionQueue.Waiting<String>> waiting, long millis, List<AdmissionQueue.Waiting<String>> ready) {
            for (AdmissionQueue.Waiting<String> w : waiting) {
                if (!sent.get(w.connection()).isEmpty() || ended.contains(w.connection())) {
                    ready.add(w);
                }
            }
            return !acceptQueue.isEmpty();
        }

        @Override
        public void admitted(String c) {
        }

        @Override
        public void close(String c) {
            closed.add(c);
        }
    }

    private static byte[] part(int from, int to) {
        return Arrays.copyOfRange(TOKEN, from, to);
    }

    @Test
    void aTokenInPiecesIsAdmittedOnceAllOfItIsThere() throws IOException {
        Scripted s = new Scripted();
        AdmissionQueue<String> q = new AdmissionQueue<>(s, TOKEN, LONG_TOKEN_DEADLINE, 4);
        s.arrive("real", part(0, 5));
        assertNull(q.next(NO_WAIT, () -> false), "5 of 16 bytes: it waits");
        assertEquals(1, q.waiting());
        s.send("real", part(5, 6));
        assertNull(q.next(NO_WAIT, () -> false));
        s.send("real", part(6, 16));
        assertEquals("real", q.next(NO_WAIT, () -> false));
        assertEquals(0, q.waiting());
        assertEquals(0, q.strays());
        assertTrue(s.closed.isEmpty(), s.closed.toString());
    }

    @Test
    void aWrongTokenAnEarlyEndAndAPartialWrongTokenAreDroppedAndCounted() throws IOException {
        Scripted s = new Scripted();
        AdmissionQueue<String> q = new AdmissionQueue<>(s, TOKEN, LONG_TOKEN_DEADLINE, 4);
        byte[] wrong = TOKEN.clone();
        wrong[15] ^= 1;
        s.arrive("wrong", wrong);
        s.arrive("ends", part(0, 3));
        s.ended.add("ends");
        s.arrive("wrongInPieces", part(0, 8));
        assertNull(q.next(NO_WAIT, () -> false));
        s.send("wrongInPieces", Arrays.copyOfRange(wrong, 8, 16));
        s.arrive("real", TOKEN);
        assertEquals("real", q.next(NO_WAIT, () -> false));
        assertEquals(3, q.strays());
        assertEquals(Set.of("wrong", "ends", "wrongInPieces"), s.closed);
    }

    @Test
    void aNewcomerAtTheLimitEvictsTheOldestWaitingOne() throws IOException {
        Scripted s = new Scripted();
        AdmissionQueue<String> q = new AdmissionQueue<>(s, TOKEN, LONG_TOKEN_DEADLINE, 2);
        s.arrive("first", part(0, 1));
        s.arrive("second", part(0, 1));
        assertNull(q.next(NO_WAIT, () -> false));
        assertEquals(2, q.waiting());
        s.arrive("third", part(0, 1)); // the queue is full: "first" goes, not the newcomer
        assertNull(q.next(NO_WAIT, () -> false));
        assertEquals(2, q.waiting());
        assertEquals(Set.of("first"), s.closed);
        assertEquals(1, q.strays());
        s.send("third", part(1, 16));
        assertEquals("third", q.next(NO_WAIT, () -> false), "the newcomer kept its place and got in");
    }

    @Test
    void aConnectionPastItsTokenDeadlineIsDroppedAndCounted() throws IOException, InterruptedException {
        Scripted s = new Scripted();
        AdmissionQueue<String> q = new AdmissionQueue<>(s, TOKEN, Duration.ofMillis(50), 4);
        s.arrive("slow", part(0, 4));
        assertNull(q.next(NO_WAIT, () -> false));
        Thread.sleep(200);
        s.send("slow", part(4, 8)); // sending now and then does not extend its one deadline
        assertNull(q.next(NO_WAIT, () -> false));
        assertEquals(0, q.waiting());
        assertEquals(1, q.strays());
        assertEquals(Set.of("slow"), s.closed);
    }

    @Test
    void closeCountsTheWaitingOnesAndClosesAdmittedOnesNotHandedOut() throws IOException {
        Scripted s = new Scripted();
        AdmissionQueue<String> q = new AdmissionQueue<>(s, TOKEN, LONG_TOKEN_DEADLINE, 4);
        s.arrive("waits", part(0, 2));
        assertNull(q.next(NO_WAIT, () -> false));
        q.close();
        assertEquals(1, q.strays());
        assertEquals(Set.of("waits"), s.closed);
    }

    @Test
    void aCancelOrAClosedListenerEndsTheWait() {
        Scripted s = new Scripted();
        AdmissionQueue<String> q = new AdmissionQueue<>(s, TOKEN, LONG_TOKEN_DEADLINE, 4);
        IOException cancelled = assertThrows(IOException.class, () -> q.next(Duration.ofSeconds(10), () -> true));
        assertTrue(cancelled.getMessage().contains("cancelled"), cancelled.getMessage());
        s.open = false;
        assertThrows(ClosedChannelException.class, () -> q.next(Duration.ofSeconds(10), () -> false));
    }
}

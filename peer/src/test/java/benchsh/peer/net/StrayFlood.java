package benchsh.peer.net;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Stray traffic at one loopback port from a few threads, until closed, as a port scanner, a
 * misdirected client or an attacker on the path would send it. TCP: more silent connections than
 * {@link TokenGate#MAX_PENDING}, {@link #SLOW_LORIS} slow talkers sending a byte every {@link
 * #SLOW_BYTE_EVERY} (a wrong token, or an HTTP request line that never ends), connect-and-close, and
 * garbage writes (random bytes; for HTTP also a complete {@code GET /}). UDP: random datagrams of 1 to
 * 1,500 bytes and hellos with a wrong token. Every loop is bounded in count and time. Thread-safe.
 */
final class StrayFlood implements AutoCloseable {
    /** What listens at the port. */
    enum Target { TOKEN, HTTP, UDP }

    static final int SILENT = TokenGate.MAX_PENDING + 44;
    /** Slow talkers at once; each comes back when the listener cuts it. */
    static final int SLOW_LORIS = 20;
    static final Duration SLOW_BYTE_EVERY = Duration.ofMillis(400);
    private static final int MAX_EACH = 5_000;
    private static final long MAX_NANOS = Duration.ofSeconds(60).toNanos();
    private static final int CONNECT_TIMEOUT_MS = 2_000;

    private final Target target;
    private final InetSocketAddress address;
    private final long until = System.nanoTime() + MAX_NANOS;
    private final List<Thread> threads = new ArrayList<>();
    private final List<Socket> held = new ArrayList<>();
    private final CountDownLatch going;
    private final AtomicLong strays = new AtomicLong();
    private volatile boolean stopped;

    private StrayFlood(Target target, int port) {
        this.target = target;
        this.address = new InetSocketAddress("127.0.0.1", port);
        if (target == Target.UDP) {
            going = new CountDownLatch(1);
            start("udp-stray", this::datagrams);
            return;
        }
        going = new CountDownLatch(3 + SLOW_LORIS);
        start("silent-stray", this::silent);
        start("close-stray", this::connectAndClose);
        start("garbage-stray", this::garbage);
        for (int i = 0; i < SLOW_LORIS; i++) {
            start("slow-stray-" + i, this::slowLoris);
        }
    }

    /** Starts flooding {@code port} and returns once every flooder has sent its first strays (at most 30 s). */
    static StrayFlood start(Target target, int port) throws InterruptedException {
        StrayFlood flood = new StrayFlood(target, port);
        if (!flood.going.await(30, TimeUnit.SECONDS)) {
            flood.close();
            throw new AssertionError("the flooders did not get going within 30 s");
        }
        return flood;
    }

    /** Stray connections opened or datagrams sent so far. */
    long strays() {
        return strays.get();
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread t : threads) {
            t.join(10_000);
        }
        synchronized (held) {
            for (Socket s : held) {
                closeQuietly(s);
            }
        }
    }

    private void start(String name, Flooder flooder) {
        AtomicBoolean signalled = new AtomicBoolean();
        Runnable going = () -> {
            if (signalled.compareAndSet(false, true)) {
                this.going.countDown();
            }
        };
        Thread t = new Thread(() -> {
            try {
                flooder.run(going);
            } finally {
                going.run(); // a flooder that could not start must not hold the test
            }
        }, name);
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    /** One flooder's loop; it calls {@code going} once its first strays are out. */
    private interface Flooder {
        void run(Runnable going);
    }

    private boolean running(int i) {
        return !stopped && i < MAX_EACH && System.nanoTime() < until;
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        try {
            s.connect(address, CONNECT_TIMEOUT_MS);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        strays.incrementAndGet();
        return s;
    }

    /** Opens {@link #SILENT} connections, says nothing and holds them until closed. */
    private void silent(Runnable going) {
        long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        for (int i = 0; i < SILENT && running(i) && System.nanoTime() < giveUp; i++) {
            try {
                Socket s = connect();
                synchronized (held) {
                    held.add(s);
                }
            } catch (IOException e) {
                pause(10); // refused once the listener is gone, or the accept queue is full
            }
        }
        going.run();
    }

    private void connectAndClose(Runnable going) {
        for (int i = 0; running(i); i++) {
            try {
                connect().close();
            } catch (IOException e) {
                pause(10);
            }
            going.run();
            pause(2);
        }
    }

    /** Random bytes, more than a token; for HTTP every other one is a whole {@code GET /}, answered 404. */
    private void garbage(Runnable going) {
        SplittableRandom random = new SplittableRandom();
        for (int i = 0; running(i); i++) {
            try (Socket s = connect()) {
                byte[] junk = new byte[16 + random.nextInt(200)];
                random.nextBytes(junk);
                if (target == Target.HTTP) {
                    junk = i % 2 == 0 ? "GET / HTTP/1.1\r\nHost: stray\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII) : (new String(junk,
                            StandardCharsets.ISO_8859_1) + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
                }
                s.getOutputStream().write(junk);
                s.setSoTimeout(1_000);
                drain(s.getInputStream()); // until the listener drops us (or answers, for HTTP)
            } catch (IOException e) {
                pause(10);
            }
            going.run();
            pause(5);
        }
    }

    /** One byte at a time of a request that never completes, reconnecting whenever the listener cuts it. */
    private void slowLoris(Runnable going) {
        byte[] slow = target == Target.HTTP ? ("GET /" + "x".repeat(4_000)).getBytes(StandardCharsets.US_ASCII) : new byte[4_000];
        for (int i = 0; running(i); i++) {
            try (Socket s = connect()) {
                for (int b = 0; b < slow.length && !stopped && System.nanoTime() < until; b++) {
                    s.getOutputStream().write(slow[b]);
                    going.run();
                    pause(SLOW_BYTE_EVERY.toMillis());
                }
            } catch (IOException e) {
                pause(50); // cut by the listener: come back
            }
        }
    }

    /** Random datagrams and hellos with a wrong token, about 10,000 a second at most. */
    private void datagrams(Runnable going) {
        SplittableRandom random = new SplittableRandom();
        try (DatagramChannel ch = DatagramChannel.open()) {
            for (int i = 0; running(i / 8); i++) {
                ByteBuffer b;
                if (i % 5 == 0) {
                    b = ByteBuffer.allocate(TokenGate.TOKEN_BYTES + 16);
                    byte[] wrong = new byte[TokenGate.TOKEN_BYTES];
                    random.nextBytes(wrong);
                    b.put(wrong).putLong(Long.MIN_VALUE).putLong(System.nanoTime()).flip(); // a hello, wrong token
                } else {
                    byte[] junk = new byte[1 + random.nextInt(i % 2 == 0 ? 64 : 1_500)];
                    random.nextBytes(junk);
                    b = ByteBuffer.wrap(junk);
                }
                try {
                    ch.send(b, address);
                    strays.incrementAndGet();
                } catch (IOException e) {
                    pause(10);
                }
                if (i == 100) {
                    going.run();
                }
                if (i % 10 == 0) {
                    pause(1);
                }
            }
        } catch (IOException e) {
            throw new AssertionError("udp flooder: " + e, e);
        }
    }

    private static void drain(InputStream in) throws IOException {
        byte[] b = new byte[512];
        for (int i = 0; i < 100 && in.read(b) >= 0; i++) {
            // the response, if any, until the listener closes
        }
    }

    private static void pause(long millis) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already gone
        }
    }
}

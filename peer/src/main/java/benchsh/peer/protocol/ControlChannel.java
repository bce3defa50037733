package benchsh.peer.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A framed, bidirectional control channel over a pair of streams (a peer's stdin/stdout, an SSH
 * exec channel, or pipes in tests). A daemon thread reads frames into a queue so every
 * {@link #receive(Duration)} has a deadline even on streams that cannot time out themselves.
 * {@link #send} is thread-safe; {@code receive} is meant for a single consumer.
 */
public final class ControlChannel implements AutoCloseable {
    private static final Object END = new Object();

    private final String name;
    private final InputStream in;
    private final OutputStream out;
    private final BlockingQueue<Object> inbox = new LinkedBlockingQueue<>(1024);
    private final Thread reader;
    private volatile String pendingFrame;
    private volatile long pendingSince;
    private volatile boolean closed;

    /**
     * @param name who is at the other end, for error messages (e.g. "peer on h1" or "shell")
     */
    public ControlChannel(String name, InputStream in, OutputStream out) {
        this.name = name;
        this.in = in;
        this.out = out;
        this.reader = new Thread(this::readLoop, "control-reader " + name);
        this.reader.setDaemon(true);
        this.reader.start();
    }

    public String name() {
        return name;
    }

    public synchronized void send(Message m) throws IOException {
        if (closed) {
            throw new IOException("control channel to " + name + " is closed");
        }
        FrameCodec.write(out, m);
    }

    /**
     * Waits for the next message.
     *
     * @throws TimeoutException if none arrives in time (the message names a stuck partial frame)
     * @throws EOFException if the other end closed the stream
     * @throws ProtocolException if the other end sent a bad frame; the channel is then unusable
     */
    public Message receive(Duration timeout) throws IOException, TimeoutException, InterruptedException {
        Object o = inbox.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (o == null) {
            String partial = pendingFrame;
            throw new TimeoutException("no message from " + name + " within " + timeout.toSeconds() + " s"
                    + (partial == null ? "" : " (a " + partial + " frame is incomplete)"));
        }
        if (o == END) {
            inbox.offer(END);
            throw new EOFException(name + " closed the control channel");
        }
        if (o instanceof IOException e) {
            inbox.offer(e);
            throw e;
        }
        return (Message) o;
    }

    /**
     * How long the frame now being read has been incomplete (its header arrived, not all of its
     * payload); {@link Duration#ZERO} when no frame is in progress. Lets a caller that polls with
     * short timeouts still give a stuck frame a deadline.
     */
    public Duration partialFrameAge() {
        String partial = pendingFrame;
        return partial == null ? Duration.ZERO : Duration.ofNanos(System.nanoTime() - pendingSince);
    }

    /** The frame now incomplete, e.g. "START (120 bytes)", or null. */
    public String partialFrame() {
        return pendingFrame;
    }

    private void readLoop() {
        FrameCodec.FrameProgress progress = new FrameCodec.FrameProgress() {
            public void started(MessageType type, int length) {
                pendingSince = System.nanoTime();
                pendingFrame = type + " (" + length + " bytes)";
            }

            public void finished() {
                pendingFrame = null;
            }
        };
        try {
            while (true) {
                Message m = FrameCodec.read(in, progress);
                if (m == null) {
                    break;
                }
                inbox.put(m);
            }
            inbox.put(END);
        } catch (IOException e) {
            inbox.offer(closed ? new EOFException(name + " closed") : e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // the other end is gone already
        }
        try {
            in.close();
        } catch (IOException ignored) {
            // ditto
        }
    }
}

package benchsh.shell.host;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The shell's view of one side of a test running on a peer: when it is ready, its interval samples
 * as they arrive, and how it ended. If the peer dies, the side ends with an error and the intervals
 * received so far are kept. Thread-safe.
 */
public final class SideHandle {
    private final String id;
    private final String host;
    private final PeerConnection peer;
    private final CompletableFuture<Map<String, Object>> ready = new CompletableFuture<>();
    private final CompletableFuture<Message.Done> done = new CompletableFuture<>();
    private final List<Map<String, Object>> intervals = new ArrayList<>();
    private volatile Consumer<Map<String, Object>> intervalListener = s -> { };
    private volatile boolean peerLost;

    SideHandle(String id, String host, PeerConnection peer) {
        this.id = id;
        this.host = host;
        this.peer = peer;
    }

    public String id() {
        return id;
    }

    public String host() {
        return host;
    }

    public void onInterval(Consumer<Map<String, Object>> listener) {
        this.intervalListener = listener;
    }

    /** Waits until the side is set up; returns its endpoint (e.g. the port). */
    public Map<String, Object> awaitReady(Duration timeout) throws HostException, InterruptedException {
        try {
            return ready.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new HostException(host, "start test", e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new HostException(host, "start test", "the peer did not set up the test within " + timeout.toSeconds() + " s");
        }
    }

    public boolean isDone() {
        return done.isDone();
    }

    /** How the side ended; null if it has not ended yet. */
    public Message.Done doneNow() {
        return done.getNow(null);
    }

    /** The interval samples received so far. */
    public synchronized List<Map<String, Object>> intervals() {
        return List.copyOf(intervals);
    }

    /** Asks the peer to cancel this side (best effort). */
    public void stop() {
        peer.stop(id);
    }

    void readied(Map<String, Object> endpoint) {
        ready.complete(endpoint);
    }

    void interval(Map<String, Object> sample) {
        synchronized (this) {
            intervals.add(sample);
        }
        intervalListener.accept(sample);
    }

    void done(Message.Done d) {
        ready.completeExceptionally(new IllegalStateException(d.error() == null ? "ended before it was ready" : d.error()));
        done.complete(d);
    }

    /**
     * The peer went away before this side reported (killed, its connection lost): it ends with the intervals received
     * so far, and what the side was writing was not cleaned up by it.
     */
    void lost(String error) {
        peerLost = true;
        fail(error, ErrorKind.IO);
    }

    /** Whether the side ended because its peer was lost before it reported ({@link Message.Done} made by the shell). */
    public boolean peerLost() {
        return peerLost;
    }

    /** The peer refused or lost the side: it ends with the intervals received so far. */
    void fail(String error, ErrorKind kind) {
        ready.completeExceptionally(new IllegalStateException(error));
        done.complete(new Message.Done(id, Map.of(), List.copyOf(intervals()), error, kind));
    }
}

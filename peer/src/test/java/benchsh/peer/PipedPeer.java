package benchsh.peer;

import benchsh.peer.protocol.ControlChannel;
import benchsh.peer.protocol.Message;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * A peer in this JVM, on its own thread, driven over pipes exactly as the shell drives a child peer
 * over stdin/stdout. {@link #shell} is the shell's end; {@link #exit} completes with the peer's exit
 * code. Closing closes the shell's end, which makes the peer exit.
 */
record PipedPeer(ControlChannel shell, CompletableFuture<Integer> exit) implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(20);

    /** Starts a peer with these timeouts (see {@link Peer#Peer(ControlChannel, Duration, Duration)}). */
    static PipedPeer start(Duration idleTimeout, Duration shellSilence) throws IOException {
        return start(idleTimeout, shellSilence, System::nanoTime);
    }

    /** Starts a peer with these timeouts, which it measures on {@code clock} (a test's, which the test moves). */
    static PipedPeer start(Duration idleTimeout, Duration shellSilence, LongSupplier clock) throws IOException {
        Pipe toPeer = Pipe.open();
        Pipe fromPeer = Pipe.open();
        ControlChannel peerSide = new ControlChannel("shell", Channels.newInputStream(toPeer.source()), Channels.newOutputStream(fromPeer.sink()));
        CompletableFuture<Integer> exit = new CompletableFuture<>();
        Thread t = new Thread(() -> exit.complete(new Peer(peerSide, idleTimeout, shellSilence, clock).serve()), "piped-peer");
        t.setDaemon(true);
        t.start();
        return new PipedPeer(new ControlChannel("peer", Channels.newInputStream(fromPeer.source()), Channels.newOutputStream(toPeer.sink())), exit);
    }

    /** Says hello and returns the welcome. */
    Message.Welcome handshake() throws Exception {
        shell.send(new Message.Hello(Message.PROTOCOL, "test"));
        return (Message.Welcome) shell.receive(WAIT);
    }

    /** The next message that is not an interval sample. */
    Message next() throws Exception {
        Message m;
        do {
            m = shell.receive(WAIT);
        } while (m instanceof Message.Interval);
        return m;
    }

    @Override
    public void close() {
        shell.close();
    }
}

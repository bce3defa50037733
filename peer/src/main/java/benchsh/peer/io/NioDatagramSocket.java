package benchsh.peer.io;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.NotYetConnectedException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;

/**
 * The {@link IoPath#NIO} path: one non-blocking {@link DatagramChannel} call per datagram, a selector per
 * direction to wait. Runs on every JVM; the fallback of the native paths.
 */
final class NioDatagramSocket implements BatchedDatagramSocket {
    /** A wait is cut into slices this long, each followed by a check for close. */
    static final long WAIT_SLICE_MS = 250;

    private final DatagramChannel channel;
    private final Selector readable;
    private final Selector writable;
    private final String fallback;
    /** The sources of the last receive, reused: a batch's sources are valid until the next receive. */
    private InetSocketAddress[] from = new InetSocketAddress[0];
    private final DatagramBatch.Sources sources = i -> from[i];
    private volatile boolean closed;

    private NioDatagramSocket(DatagramChannel channel, Selector readable, Selector writable, String fallback) {
        this.channel = channel;
        this.readable = readable;
        this.writable = writable;
        this.fallback = fallback;
    }

    static NioDatagramSocket open(DatagramSocketSpec spec, String fallback) throws IOException {
        DatagramChannel ch = DatagramChannel.open();
        Selector r = null;
        Selector w = null;
        try {
            if (spec.sendBufferBytes() > 0) {
                ch.setOption(StandardSocketOptions.SO_SNDBUF, spec.sendBufferBytes());
            }
            if (spec.receiveBufferBytes() > 0) {
                ch.setOption(StandardSocketOptions.SO_RCVBUF, spec.receiveBufferBytes());
            }
            if (spec.local() != null) {
                ch.bind(spec.local());
            }
            if (spec.remote() != null) {
                ch.connect(spec.remote());
            }
            ch.configureBlocking(false);
            r = Selector.open();
            w = Selector.open();
            ch.register(r, SelectionKey.OP_READ);
            ch.register(w, SelectionKey.OP_WRITE);
            return new NioDatagramSocket(ch, r, w, fallback);
        } catch (IOException | RuntimeException e) {
            closeQuietly(r);
            closeQuietly(w);
            ch.close();
            throw e;
        }
    }

    @Override
    public IoPath io() {
        return IoPath.NIO;
    }

    @Override
    public String fallback() {
        return fallback;
    }

    @Override
    public Sent send(DatagramBatch batch) throws IOException {
        ensureOpen();
        if (!channel.isConnected()) {
            throw new NotYetConnectedException();
        }
        int n = batch.count();
        for (int i = 0; i < n; i++) {
            ByteBuffer slot = batch.ioView(i);
            try {
                if (channel.write(slot) == 0 && (!await(writable, SEND_STALL.toMillis()) || channel.write(slot) == 0)) {
                    return new Sent(i, 1, "no room in the send buffer for " + SEND_STALL.toMillis() + " ms");
                }
            } catch (ClosedChannelException e) {
                throw closed(e);
            } catch (PortUnreachableException e) {
                return new Sent(i, 1, "Connection refused: an earlier datagram came back as ICMP port unreachable");
            } catch (IOException e) {
                return new Sent(i, 1, String.valueOf(e.getMessage())); // ENOBUFS, EPERM from a firewall, ...
            }
        }
        return n == 0 ? Sent.NOTHING : new Sent(n, 0, null);
    }

    @Override
    public int receive(DatagramBatch batch, Duration timeout) throws IOException {
        ensureOpen();
        long deadline = System.nanoTime() + timeout.toNanos();
        int[] lengths = batch.lengths();
        if (from.length < batch.slots()) {
            from = new InetSocketAddress[batch.slots()];
        }
        int n = 0;
        try {
            while (true) {
                while (n < batch.slots()) {
                    ByteBuffer slot = batch.ioView(n);
                    InetSocketAddress source;
                    try {
                        source = (InetSocketAddress) channel.receive(slot);
                    } catch (PortUnreachableException e) {
                        continue; // an ICMP error for an earlier send: not a datagram; each call consumes one
                    }
                    if (source == null) {
                        break;
                    }
                    lengths[n] = slot.position();
                    from[n++] = source;
                }
                long left = deadline - System.nanoTime();
                if (n > 0 || left <= 0) {
                    break;
                }
                await(readable, Math.max(1, left / 1_000_000));
            }
        } catch (ClosedChannelException e) {
            throw closed(e);
        }
        batch.received(n, sources);
        return n;
    }

    /** Waits up to {@code millis} in slices for the selector's one key; false if it never became ready. */
    private boolean await(Selector selector, long millis) throws IOException {
        long end = System.nanoTime() + millis * 1_000_000;
        try {
            for (long left = millis; left > 0 && !closed; left = (end - System.nanoTime()) / 1_000_000) {
                int ready = selector.select(Math.min(left, WAIT_SLICE_MS));
                selector.selectedKeys().clear();
                if (ready > 0) {
                    return true;
                }
            }
        } catch (ClosedSelectorException e) {
            throw closed(e);
        }
        if (closed) {
            throw closed(null);
        }
        return false;
    }

    private void ensureOpen() throws ClosedChannelException {
        if (closed) {
            throw new ClosedChannelException();
        }
    }

    /** The channel or a selector was closed while a call was under way. */
    private static AsynchronousCloseException closed(Exception cause) {
        AsynchronousCloseException e = new AsynchronousCloseException();
        e.initCause(cause);
        return e;
    }

    @Override
    public void connect(InetSocketAddress remote) throws IOException {
        channel.connect(remote);
    }

    @Override
    public InetSocketAddress localAddress() throws IOException {
        return (InetSocketAddress) channel.getLocalAddress();
    }

    @Override
    public InetSocketAddress remoteAddress() {
        try {
            return (InetSocketAddress) channel.getRemoteAddress();
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public int sendBufferBytes() throws IOException {
        return channel.getOption(StandardSocketOptions.SO_SNDBUF);
    }

    @Override
    public int receiveBufferBytes() throws IOException {
        return channel.getOption(StandardSocketOptions.SO_RCVBUF);
    }

    @Override
    public boolean isOpen() {
        return channel.isOpen();
    }

    @Override
    public void close() {
        closed = true;
        readable.wakeup();
        writable.wakeup();
        closeQuietly(channel);
        closeQuietly(readable);
        closeQuietly(writable);
    }

    private static void closeQuietly(java.io.Closeable c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // closing: nothing left to do about it
            }
        }
    }

    @Override
    public String toString() {
        return "nio datagram socket " + channel;
    }
}

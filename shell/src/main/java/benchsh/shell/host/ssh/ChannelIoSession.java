package benchsh.shell.host.ssh;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.sshd.client.channel.ChannelDirectTcpip;
import org.apache.sshd.common.future.CloseFuture;
import org.apache.sshd.common.future.DefaultCloseFuture;
import org.apache.sshd.common.io.AbstractIoWriteFuture;
import org.apache.sshd.common.io.IoHandler;
import org.apache.sshd.common.io.IoReadFuture;
import org.apache.sshd.common.io.IoService;
import org.apache.sshd.common.io.IoSession;
import org.apache.sshd.common.io.IoWriteFuture;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;
import org.apache.sshd.common.util.closeable.AbstractCloseable;

/**
 * The transport of an SSH session carried by a {@code direct-tcpip} channel of another session (a
 * jump host), in place of a socket: what the inner session writes goes out as channel data, in
 * order, one write at a time (the channel's stream takes one at a time); what arrives on the channel
 * is handed to the inner session. Closing either side closes the other. No socket and no listening
 * port are involved. Flow control is the channel's: the inner session's own channel windows bound
 * what can queue here. Thread-safe.
 */
final class ChannelIoSession extends AbstractCloseable implements IoSession {
    private static final AtomicLong IDS = new AtomicLong();
    private static final int READ_SIZE = 32 * 1024;

    private final long id = IDS.incrementAndGet();
    private final ChannelConnector service;
    private final IoHandler handler;
    private final ChannelDirectTcpip channel;
    private final SocketAddress local;
    private final SocketAddress remote;
    private final Map<Object, Object> attributes = new ConcurrentHashMap<>();
    private final Buffer readBuffer = new ByteArrayBuffer(READ_SIZE);
    private final Deque<Write> writes = new ArrayDeque<>(); // guarded by itself
    private boolean writing; // guarded by writes
    private final Object readLock = new Object();
    private boolean reading; // guarded by readLock
    private boolean suspended; // guarded by readLock

    ChannelIoSession(ChannelConnector service, IoHandler handler, ChannelDirectTcpip channel, SocketAddress local, SocketAddress remote) {
        super("channel-io-" + remote);
        this.service = service;
        this.handler = handler;
        this.channel = channel;
        this.local = local;
        this.remote = remote;
        channel.addCloseFutureListener(f -> close(true));
    }

    @Override
    public long getId() {
        return id;
    }

    @Override
    public SocketAddress getRemoteAddress() {
        return remote;
    }

    @Override
    public SocketAddress getLocalAddress() {
        return local;
    }

    /** There is no acceptor: this session was connected, never accepted. */
    @Override
    public SocketAddress getAcceptanceAddress() {
        return null;
    }

    @Override
    public Object getAttribute(Object key) {
        return attributes.get(key);
    }

    @Override
    public Object setAttribute(Object key, Object value) {
        return attributes.put(key, value);
    }

    @Override
    public Object setAttributeIfAbsent(Object key, Object value) {
        return attributes.putIfAbsent(key, value);
    }

    @Override
    public Object removeAttribute(Object key) {
        return attributes.remove(key);
    }

    @Override
    public IoService getService() {
        return service;
    }

    @Override
    public IoWriteFuture writeBuffer(Buffer buffer) throws IOException {
        // a copy: the caller's buffer positions may move after this returns (a socket session copies them too)
        Write w = new Write(id, new ByteArrayBuffer(buffer.getCompactData()));
        synchronized (writes) {
            if (isClosing()) {
                throw new EOFException("the channel to " + remote + " is closed");
            }
            writes.add(w);
            if (writing) {
                return w;
            }
            writing = true;
        }
        writeNext();
        return w;
    }

    /** Writes queued buffers one after another; returns when the queue is empty or a write is pending. */
    private void writeNext() {
        while (true) {
            Write w;
            synchronized (writes) {
                w = writes.peek();
                if (w == null) {
                    writing = false;
                    return;
                }
            }
            IoWriteFuture f;
            try {
                f = channel.getAsyncIn().writeBuffer(w.buffer);
            } catch (IOException | RuntimeException e) {
                failWrites(e);
                close(true);
                return;
            }
            if (!f.isDone()) {
                f.addListener(done -> {
                    if (written(w, done)) {
                        writeNext();
                    }
                });
                return;
            }
            if (!written(w, f)) {
                return;
            }
        }
    }

    private boolean written(Write w, IoWriteFuture f) {
        Throwable e = f.getException();
        if (e != null) {
            failWrites(e);
            close(true);
            return false;
        }
        synchronized (writes) {
            writes.poll();
        }
        w.setValue(Boolean.TRUE);
        return true;
    }

    private void failWrites(Throwable e) {
        Write[] failed;
        synchronized (writes) {
            failed = writes.toArray(new Write[0]);
            writes.clear();
            writing = false;
        }
        for (Write w : failed) {
            w.setValue(e);
        }
    }

    /** Starts handing channel data to the inner session (once it exists). */
    void startReading() {
        synchronized (readLock) {
            if (reading || suspended || isClosing()) {
                return;
            }
            reading = true;
        }
        readNext();
    }

    private void readNext() {
        while (true) {
            readBuffer.clear();
            IoReadFuture f;
            try {
                f = channel.getAsyncOut().read(readBuffer);
            } catch (RuntimeException e) {
                stopReading();
                close(true);
                return;
            }
            if (!f.isDone()) {
                f.addListener(done -> {
                    if (delivered(done)) {
                        readNext();
                    }
                });
                return;
            }
            if (!delivered(f)) {
                return;
            }
        }
    }

    /** Hands one read to the inner session; false when reading stops (end of stream, closed, suspended). */
    private boolean delivered(IoReadFuture f) {
        if (f.getException() != null) { // the far end closed the connection, or the channel failed
            stopReading();
            close(true);
            return false;
        }
        try {
            handler.messageReceived(this, f.getBuffer());
        } catch (Throwable t) {
            try {
                handler.exceptionCaught(this, t);
            } catch (Exception e) {
                close(true);
            }
        }
        synchronized (readLock) {
            if (suspended || isClosing()) {
                reading = false;
                return false;
            }
        }
        return true;
    }

    private void stopReading() {
        synchronized (readLock) {
            reading = false;
        }
    }

    @Override
    public void suspendRead() {
        synchronized (readLock) {
            suspended = true;
        }
    }

    @Override
    public void resumeRead() {
        synchronized (readLock) {
            suspended = false;
        }
        startReading();
    }

    /** Sends EOF on the channel once the queued writes are out. */
    @Override
    public void shutdownOutputStream() throws IOException {
        channel.getAsyncIn().close(false);
    }

    /** Lets the queued writes go out, then closes the channel. */
    @Override
    protected CloseFuture doCloseGracefully() {
        DefaultCloseFuture done = new DefaultCloseFuture(toString(), futureLock);
        Write last;
        synchronized (writes) {
            last = writes.peekLast();
        }
        if (last == null) {
            channel.close(false).addListener(f -> done.setClosed());
        } else {
            last.addListener(w -> channel.close(false).addListener(f -> done.setClosed()));
        }
        return done;
    }

    @Override
    protected void doCloseImmediately() {
        channel.close(true);
        failWrites(new EOFException("the channel to " + remote + " was closed"));
        service.closed(this);
        super.doCloseImmediately();
    }

    @Override
    public String toString() {
        return "ChannelIoSession[" + remote + " via " + channel + "]";
    }

    /** One queued write: done when its buffer went out on the channel. */
    private static final class Write extends AbstractIoWriteFuture {
        final Buffer buffer;

        Write(Object id, Buffer buffer) {
            super(id, null);
            this.buffer = buffer;
        }
    }
}

package benchsh.shell.host.ssh;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.sshd.client.channel.ChannelDirectTcpip;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.Closeable;
import org.apache.sshd.common.channel.StreamingChannel;
import org.apache.sshd.common.io.DefaultIoConnectFuture;
import org.apache.sshd.common.io.IoConnectFuture;
import org.apache.sshd.common.io.IoConnector;
import org.apache.sshd.common.io.IoHandler;
import org.apache.sshd.common.io.IoServiceEventListener;
import org.apache.sshd.common.io.IoSession;
import org.apache.sshd.common.util.closeable.AbstractInnerCloseable;
import org.apache.sshd.common.util.net.SshdSocketAddress;

/**
 * The SSH client's connector. A connection whose context names a jump session ({@link #JUMP}) is
 * carried by a {@code direct-tcpip} channel of that session ({@link ChannelIoSession}): ProxyJump
 * without a socket or a listening port on this machine. Every other connection is a plain TCP
 * connection made by Apache SSHD's own connector. Thread-safe.
 */
final class ChannelConnector extends AbstractInnerCloseable implements IoConnector {
    /** The jump session to reach the target through; absent for a direct connection. */
    static final AttributeRepository.AttributeKey<ClientSession> JUMP = new AttributeRepository.AttributeKey<>();
    /** The originator named in the channel request: there is no local socket, so a placeholder. */
    private static final SshdSocketAddress ORIGINATOR = new SshdSocketAddress("127.0.0.1", 0);

    private final IoConnector sockets;
    private final IoHandler handler;
    private final Map<Long, IoSession> sessions = new ConcurrentHashMap<>();

    /**
     * @param sockets Apache SSHD's TCP connector, for direct connections
     * @param handler creates and feeds the SSH sessions (the client's session factory)
     */
    ChannelConnector(IoConnector sockets, IoHandler handler) {
        this.sockets = sockets;
        this.handler = handler;
    }

    @Override
    public IoConnectFuture connect(SocketAddress target, AttributeRepository context, SocketAddress local) {
        ClientSession jump = context == null ? null : context.getAttribute(JUMP);
        if (jump == null) {
            return sockets.connect(target, context, local);
        }
        DefaultIoConnectFuture future = new DefaultIoConnectFuture(target, null);
        try {
            ChannelDirectTcpip channel = jump.createDirectTcpipChannel(ORIGINATOR, address(target));
            channel.setStreaming(StreamingChannel.Streaming.Async);
            future.addListener(f -> {
                if (f.isCanceled()) {
                    channel.close(true);
                }
            });
            channel.open().addListener(opened -> {
                if (opened.isOpened()) {
                    started(future, channel, jump, context, target);
                } else {
                    channel.close(true);
                    Throwable e = opened.getException();
                    future.setException(e != null ? e : new IOException("the jump host opened no channel to " + target));
                }
            });
        } catch (IOException | RuntimeException e) {
            future.setException(e);
        }
        return future;
    }

    /** The channel is open: the SSH session over it starts (as Apache SSHD's TCP connector starts one over a socket). */
    private void started(DefaultIoConnectFuture future, ChannelDirectTcpip channel, ClientSession jump, AttributeRepository context,
                         SocketAddress target) {
        ChannelIoSession s = new ChannelIoSession(this, handler, channel, jump.getIoSession().getLocalAddress(), target);
        s.setAttribute(AttributeRepository.class, context);
        sessions.put(s.getId(), s);
        try {
            handler.sessionCreated(s);
        } catch (Throwable e) {
            s.close(true);
            future.setException(e);
            return;
        }
        future.setSession(s);
        if (future.getSession() != s) { // cancelled meanwhile
            s.close(true);
            return;
        }
        s.startReading();
    }

    private static SshdSocketAddress address(SocketAddress target) {
        if (target instanceof SshdSocketAddress s) {
            return s;
        }
        if (target instanceof InetSocketAddress i) {
            return new SshdSocketAddress(i.getHostString(), i.getPort()); // the jump host resolves the name
        }
        throw new IllegalArgumentException("cannot open a channel to " + target);
    }

    /** Called by a session when it closed: it is forgotten and its SSH session closes too. */
    void closed(ChannelIoSession s) {
        sessions.remove(s.getId());
        try {
            handler.sessionClosed(s);
        } catch (Exception e) {
            // no SSH session was attached (it failed while starting): nothing more to close
        }
    }

    @Override
    public Map<Long, IoSession> getManagedSessions() {
        Map<Long, IoSession> all = new HashMap<>(sockets.getManagedSessions());
        all.putAll(sessions);
        return all;
    }

    @Override
    public IoServiceEventListener getIoServiceEventListener() {
        return sockets.getIoServiceEventListener();
    }

    @Override
    public void setIoServiceEventListener(IoServiceEventListener listener) {
        sockets.setIoServiceEventListener(listener);
    }

    @Override
    protected Closeable getInnerCloseable() {
        return builder()
                .parallel(toString(), sessions.values())
                .close(sockets)
                .build();
    }
}

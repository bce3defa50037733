package benchsh.peer.workload;

import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The UDP_RR server of {@link RequestResponse}: answers requests carrying the test token on a blocking
 * channel; anything else is a stray, dropped and counted. A watchdog ends the side cleanly when the
 * client's end requests were all lost (idle for {@link UdpStream#LINGER} past the test time), or with
 * an error when no request came for the timeout. Strays never count as activity.
 */
final class RrUdpServer extends RrSide {
    private static final long WATCH_NANOS = 100_000_000L;
    private final DatagramChannel channel;
    private volatile long lastRequest = System.nanoTime();
    private volatile long first;
    private volatile boolean lingered;
    private volatile String idleError;

    RrUdpServer(RequestResponse.Spec spec, DatagramChannel channel, SideContext context) {
        super(spec, context, true);
        this.channel = track(channel);
    }

    @Override
    public Map<String, Object> endpoint() {
        return Endpoints.endpoint(channel);
    }

    private void watch() {
        while (channel.isOpen()) {
            LockSupport.parkNanos(WATCH_NANOS);
            long now = System.nanoTime();
            long idle = now - lastRequest;
            if (first != 0 && now - first > spec.omitNanos() + spec.timeNanos() && idle > UdpStream.LINGER.toNanos()) {
                lingered = true;
                closeAll();
            } else if (idle > spec.timeoutNanos()) {
                idleError = (first != 0 ? "no request for " : "no request with the test token within ") + Duration.ofNanos(idle).toSeconds() + " s";
                closeAll();
            }
        }
    }

    @Override
    public Outcome run() {
        String error = null;
        long strays = 0;
        Thread watchdog = new Thread(this::watch, "rr-udp-idle");
        watchdog.setDaemon(true);
        watchdog.start();
        try {
            ByteBuffer token = ByteBuffer.wrap(TokenGate.decode(spec.token()));
            long token0 = token.getLong(0);
            long token1 = token.getLong(8);
            ByteBuffer in = ByteBuffer.allocateDirect((int) UdpStream.MAX_SIZE + 1);
            ByteBuffer out = ByteBuffer.allocateDirect(Math.max(spec.response(), RequestResponse.UDP_RESPONSE_HEADER));
            while (!cancelled) {
                in.clear();
                SocketAddress client = channel.receive(in);
                if (in.position() < RequestResponse.UDP_REQUEST_HEADER || in.getLong(0) != token0 || in.getLong(8) != token1) {
                    strays++;
                    continue;
                }
                lastRequest = System.nanoTime();
                long seq = in.getLong(TokenGate.TOKEN_BYTES);
                if (seq < 0) {
                    break;
                }
                if (first == 0) {
                    meter.start();
                    first = lastRequest;
                }
                out.clear();
                out.putLong(0, seq);
                channel.send(out, client);
                meter.add(0, 1);
            }
        } catch (IOException | RuntimeException e) {
            error = lingered ? null : idleError != null ? idleError : describe(e);
        }
        return finish(error, Map.of("strays_dropped", strays));
    }
}

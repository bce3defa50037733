package benchsh.peer.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The token gate under hostile load: a flood of silent connections, then the real sender. */
@Timeout(60)
class TokenGateTest {
    private static final String TOKEN = "00112233445566778899aabbccddeeff";

    @Test
    void aFloodOfSilentConnectionsIsBoundedAndTheRealSenderStillGetsIn() throws Exception {
        int flood = TokenGate.MAX_PENDING + 100;
        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0), 1024)) {
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            TokenGate gate = new TokenGate(TOKEN);
            CompletableFuture<List<SocketChannel>> admitted = CompletableFuture.supplyAsync(() -> {
                try {
                    return gate.admit(server, 1, Duration.ofSeconds(30), () -> false);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            List<SocketChannel> silent = new ArrayList<>();
            try {
                for (int i = 0; i < flood; i++) {
                    silent.add(SocketChannel.open(new InetSocketAddress("127.0.0.1", port)));
                }
                Thread.sleep(500); // let the gate accept them
                try (SocketChannel real = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
                    real.write(ByteBuffer.wrap(HexFormat.of().parseHex(TOKEN)));
                    List<SocketChannel> in = admitted.get(20, TimeUnit.SECONDS);
                    assertEquals(1, in.size());
                    in.get(0).close();
                }
                assertTrue(gate.strays() >= flood - TokenGate.MAX_PENDING, "the oldest silent ones were dropped: " + gate.strays());
            } finally {
                for (SocketChannel ch : silent) {
                    ch.close();
                }
            }
        }
    }

    @Test
    void aWrongTokenIsDroppedAndTheDeadlineHolds() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            TokenGate gate = new TokenGate(TOKEN);
            try (SocketChannel wrong = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
                wrong.write(ByteBuffer.wrap(new byte[TokenGate.TOKEN_BYTES]));
                SocketTimeoutException e = assertThrows(SocketTimeoutException.class,
                        () -> gate.admit(server, 1, Duration.ofSeconds(1), () -> false));
                assertTrue(e.getMessage().contains("1 strays dropped"), e.getMessage());
            }
        }
    }
}

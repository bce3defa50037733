package benchsh.shell.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Batch;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broken scenario: a syntax error is reported as {@code file:line} before anything runs, so no
 * host is contacted (a trap listener stands in for an SSH host and must see no connection); and a
 * password never shows up in an error, a result line or the output, even when the line holding it
 * is the broken one or the login fails.
 */
@Timeout(60)
class ScriptFaultTest {
    private static final String SECRET = "hunter2-s3cret";

    @Test
    void aSyntaxErrorNamesFileAndLineAndNothingConnects(@TempDir Path dir) throws Exception {
        try (ServerSocket trap = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Path script = dir.resolve("broken.groovy");
            Files.writeString(script, """
                    trap = host 'bench@127.0.0.1:%d', name: 'trap'
                    connect trap
                    tcp from: trap, to: local, time: 1.s
                    sweep(size: [1, 2] {
                    """.formatted(trap.getLocalPort()));
            Batch b = Batch.run("run", script.toString(), "--json", "-");
            assertEquals(2, b.exit(), b.err());
            assertTrue(b.err().startsWith(script + ":4"), b.err());
            assertEquals("", b.out(), "no result");
            assertFalse(connected(trap), "nothing connected to the host of a script that does not compile");
        }
    }

    @Test
    void aVerbNamedWithoutItsCommaSaysWhereTheCommaGoes() {
        Batch b = Batch.run("-e", "limit udp to: local, time: 1.s");
        assertEquals(2, b.exit(), b.err());
        assertTrue(b.err().contains("write 'limit udp, to: b'"), b.err());
        assertEquals("", b.out(), "nothing ran");
    }

    @Test
    void aPasswordOnTheBrokenLineStaysOutOfTheError(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("broken.groovy");
        Files.writeString(script, "x = 1\nh = host 'bench@127.0.0.1:9', password: '" + SECRET + "' ,, )\n");
        Batch b = Batch.run("run", script.toString());
        assertEquals(2, b.exit(), b.err());
        assertTrue(b.err().startsWith(script + ":2"), b.err());
        assertFalse(b.err().contains(SECRET) || b.out().contains(SECRET), b.err());
    }

    @Test
    void aFailedLoginWithAPasswordKeepsItOutOfErrorsAndResults() throws Exception {
        try (ServerSocket trap = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                for (int i = 0; i < 3; i++) {
                    try (Socket s = trap.accept()) {
                        s.getOutputStream().write("SSH-2.0-trap\r\n".getBytes());
                        s.setSoTimeout(500);
                        s.getInputStream().readNBytes(64);
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            server.setDaemon(true);
            server.start();
            Batch b = Batch.run("-e", "h = host 'bench@127.0.0.1:" + trap.getLocalPort() + "', password: '" + SECRET
                    + "'\ntcp from: h, to: local, time: 1.s", "--json", "-");
            assertTrue(b.exit() != 0, b.err());
            assertTrue(b.err().contains("127.0.0.1") || b.err().contains("bench@"), "the error names the host: " + b.err());
            assertFalse(b.err().contains(SECRET) || b.out().contains(SECRET), b.err() + b.out());
        }
    }

    private static boolean connected(ServerSocket trap) throws IOException {
        trap.setSoTimeout(1000);
        try (Socket s = trap.accept()) {
            return s != null;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }
}

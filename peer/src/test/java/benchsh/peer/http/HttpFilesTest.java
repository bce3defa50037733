package benchsh.peer.http;

import static benchsh.peer.http.HttpSpecBuilder.http;
import static benchsh.peer.http.HttpTransferTest.serve;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code http path:} serves an existing regular file as it is; {@code sink:} writes the body to a new file
 * with the pipe sink's rules: refused if anything is there, removed when the fetch fails, and after the
 * test unless kept.
 */
@Timeout(60)
class HttpFilesTest {
    @TempDir
    Path dir;

    private static Outcome[] fetch(HttpTransfer.ServeSpec serve, HttpTransfer.FetchSpec fetch) throws Exception {
        return Sides.pair(new HttpTransfer(), serve, fetch, new RecordingContext(), new RecordingContext());
    }

    @Test
    void theSinkGetsTheServedFilesBytesAndTheFileIsLeftAsItWas() throws Exception {
        byte[] data = new byte[3 * HttpTransfer.CHUNK + 12_345];
        new Random(5).nextBytes(data);
        Path src = Files.write(dir.resolve("f"), data);
        FileTime modified = FileTime.fromMillis(1_600_000_000_000L);
        Files.setLastModifiedTime(src, modified);
        Path sink = dir.resolve("g");
        Outcome[] o = fetch(http().serve(src), http().keep().fetch(sink));
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        assertEquals((long) data.length, Sides.metrics(o[1]).get("bytes"));
        assertEquals((long) data.length, Sides.metrics(o[0]).get("bytes"));
        assertArrayEquals(data, Files.readAllBytes(sink));
        assertArrayEquals(data, Files.readAllBytes(src));
        assertEquals(modified, Files.getLastModifiedTime(src));
    }

    @Test
    void theSinkIsRemovedAfterTheTestUnlessKept() throws Exception {
        Path src = Files.write(dir.resolve("f"), new byte[100_000]);
        Path sink = dir.resolve("g");
        Outcome[] o = fetch(http().serve(src), http().fetch(sink));
        assertNull(o[1].error(), o[1].error());
        assertEquals(100_000L, Sides.metrics(o[1]).get("bytes"));
        assertFalse(Files.exists(sink));
    }

    @Test
    void anEmptyFileIsServedWhole() throws Exception {
        Path src = Files.write(dir.resolve("empty"), new byte[0]);
        Path sink = dir.resolve("g");
        Outcome[] o = fetch(http().serve(src), http().keep().fetch(sink));
        assertNull(o[1].error(), o[1].error());
        assertEquals(0L, Files.size(sink));
    }

    @Test
    void aPathThatIsNotARegularFileIsRefusedAndLeftAlone() throws Exception {
        Path real = Files.writeString(dir.resolve("real"), "mine");
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Map<Path, String> cases = Map.of(sub, "is a directory", Path.of("/dev/zero"), "is a device or special file", link, "is a symbolic link",
                dir.resolve("missing"), "does not exist");
        for (Map.Entry<Path, String> c : cases.entrySet()) {
            IOException e = assertThrows(IOException.class, () -> serve(http().serve(c.getKey())), c.getKey().toString());
            assertTrue(e.getMessage().contains("http path") && e.getMessage().contains(c.getValue()), e.getMessage());
        }
        assertEquals("mine", Files.readString(real));
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void aSinkThatExistsIsRefusedAndNothingIsOverwritten() throws Exception {
        Path precious = Files.writeString(dir.resolve("precious"), "keep me");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere"));
        for (Path p : new Path[] {precious, dangling, Path.of("/dev/null"), dir, dir.resolve("no/such/dir/g")}) {
            IOException e = assertThrows(IOException.class, () -> new HttpTransfer().open("connect", http().keep().fetch(p),
                    new benchsh.peer.protocol.Link(Sides.TOKEN, Sides.LOOPBACK, 1), new RecordingContext()), p.toString());
            assertTrue(e.getMessage().startsWith("sink"), e.getMessage());
        }
        assertEquals("keep me", Files.readString(precious));
        assertFalse(Files.exists(dir.resolve("nowhere")));
    }

    @Test
    void aFetchCutShortRemovesThePartialSinkEvenIfKept() throws Exception {
        Side server = serve(http().serve(1L << 40));
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(server::run);
        Path sink = dir.resolve("partial");
        Side client = new HttpTransfer().open("connect", http().keep().fetch(sink), Sides.to(server), new RecordingContext());
        assertTrue(Files.exists(sink), "created before the test starts");
        CompletableFuture<Outcome> co = CompletableFuture.supplyAsync(client::run);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (Files.size(sink) < 1_000_000 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(Files.size(sink) >= 1_000_000, "bytes arrived in the sink");
        server.cancel();
        assertEquals(ErrorKind.CANCELLED, so.get(20, TimeUnit.SECONDS).kind());
        Outcome c = co.get(20, TimeUnit.SECONDS);
        assertEquals(ErrorKind.IO, c.kind(), c.error());
        assertFalse(Files.exists(sink), "the partial sink is removed");
    }

    @Test
    void aBodyThatFallsSilentStallsTheFetchAndRemovesTheSink() throws Exception {
        Path sink = dir.resolve("stalled");
        try (ServerSocket fake = new ServerSocket(0, 1, InetAddress.getByName(Sides.LOOPBACK))) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> halfAnswer(fake));
            HttpTransfer.FetchSpec spec = http().keep().timing(new Timing(1_000_000_000L, 500_000_000L)).fetch(sink);
            Outcome o = new HttpTransfer().open("connect", spec, new benchsh.peer.protocol.Link(Sides.TOKEN, Sides.LOOPBACK, fake.getLocalPort()),
                    new RecordingContext()).run();
            assertEquals(ErrorKind.STALLED, o.kind(), o.error());
            assertNotNull(Sides.metrics(o).get("stalled_seconds"), Sides.metrics(o).toString());
            assertEquals(1000L, Sides.metrics(o).get("bytes_total"));
            assertFalse(Files.exists(sink));
            served.cancel(true);
        }
    }

    /** Answers one GET with a head for 1 MB and 1000 bytes of it, then holds the connection open, silent. */
    private static void halfAnswer(ServerSocket server) {
        try (Socket s = server.accept()) {
            InputStream in = s.getInputStream();
            byte[] head = new byte[4096];
            in.read(head);
            OutputStream out = s.getOutputStream();
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[1000]);
            out.flush();
            in.read(); // until the client goes away
        } catch (IOException e) {
            // the client closed: done
        }
    }
}

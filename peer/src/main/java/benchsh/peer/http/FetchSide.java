package benchsh.peer.http;

import benchsh.peer.pipe.PipeSink;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.ErrorWords;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The fetching side of {@link HttpTransfer}: one GET of the token's path, the body counted and, with a
 * sink, written to it. Connecting and the response's head are bounded by the timeout (TIMEOUT); the meter
 * starts with the body, whose stall is STALLED. A body shorter than its Content-Length fails the test, and
 * a sink not finished (a failure, a cancel) is removed.
 */
final class FetchSide extends SideBase {
    private final HttpTransfer.FetchSpec spec;
    private final Link link;
    private final PipeSink sink;
    private long expected = -1;
    private boolean finished;

    /** @param sink where the body goes, or null to count it only */
    FetchSide(HttpTransfer.FetchSpec spec, Link link, PipeSink sink, SideContext context) {
        super(Meter.Unit.BYTES, 1, Duration.ZERO, spec.timing().interval(), spec.timing().timeout(), context);
        this.spec = spec;
        this.link = link;
        this.sink = sink;
    }

    @Override
    public Map<String, Object> endpoint() {
        return Map.of();
    }

    @Override
    protected void work() throws IOException, InterruptedException {
        Duration timeout = spec.timing().timeout();
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
        String host = link.address().contains(":") ? "[" + link.address() + "]" : link.address();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + host + ":" + link.port() + "/" + link.token()))
                .timeout(timeout).GET().build();
        CompletableFuture<HttpResponse<InputStream>> pending = client.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
        track(() -> pending.cancel(true));
        HttpResponse<InputStream> response = response(pending, timeout);
        InputStream body = track(response.body());
        if (response.statusCode() != 200) {
            fail(ErrorKind.IO, "the server answered HTTP " + response.statusCode());
            return;
        }
        expected = response.headers().firstValueAsLong("Content-Length").orElse(-1);
        meter.start();
        byte[] buf = new byte[HttpTransfer.CHUNK];
        int n;
        while ((n = body.read(buf)) >= 0) {
            if (sink != null) {
                sink.write(ByteBuffer.wrap(buf, 0, n));
            }
            meter.add(0, n);
        }
        body.close();
        if (expected >= 0 && meter.total() != expected) {
            fail(ErrorKind.IO, "received " + meter.total() + " of " + expected + " bytes");
            return;
        }
        if (cancelled()) {
            return;
        }
        if (sink != null) {
            sink.finish(false);
        }
        finished = true;
    }

    /** The response's head; a timeout (connecting, or the head not in) is a SocketTimeoutException. */
    private HttpResponse<InputStream> response(CompletableFuture<HttpResponse<InputStream>> pending, Duration timeout)
            throws IOException, InterruptedException {
        String where = "GET from " + link.address() + ":" + link.port();
        try {
            // the client's own connect and request timeouts end it first; this bounds the wait whatever they do
            return pending.get(timeout.plus(timeout).plusSeconds(5).toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpTimeoutException t) {
                throw new SocketTimeoutException(where + ": " + message(t));
            }
            throw new IOException(where + ": " + ErrorWords.of(cause), cause);
        } catch (TimeoutException e) {
            throw new SocketTimeoutException(where + ": no response within " + timeout.toSeconds() + " s");
        } catch (CancellationException e) {
            throw new IOException(where + ": cancelled");
        }
    }

    @Override
    protected void cleanup() {
        if (sink != null && !finished) {
            sink.abort();
        }
    }

    @Override
    protected Map<String, Object> extraMetrics() {
        return expected >= 0 ? Map.of("content_length_bytes", expected) : Map.of();
    }
}

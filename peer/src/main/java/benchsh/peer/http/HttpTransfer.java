package benchsh.peer.http;

import benchsh.peer.pipe.PipeSink;
import benchsh.peer.pipe.PipeSource;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * HTTP GET of a file from peer to peer, to compare HTTP with raw TCP (as people compare ftp and http
 * against cp). Role "listen" serves, with the JDK's HttpServer at a path made of the test token (any other
 * path gets 404), either {@code bytes} of generated incompressible data or an existing regular file
 * ({@code path}), read as it is and never modified; role "connect" fetches it with the JDK's HttpClient
 * (HTTP/1.1), counts what arrives and, given a {@code sink}, writes it to a new file there with the
 * {@link PipeSink} rules (an existing path is refused, the file is removed when the fetch fails and, unless
 * {@code keep}, after the test). Both sides meter their bytes. See {@link ServeSide} and {@link FetchSide}.
 *
 * <p>Errors: a file to serve that is missing, a link, a directory or a device, and a sink that exists, are
 * refused at open (REFUSED); a GET that does not arrive, or a response that does not start, within {@code
 * timeout} is TIMEOUT; once the body flows, {@code timeout} without a byte moved is STALLED.
 */
public final class HttpTransfer implements Workload {
    public static final String NAME = "http";
    /** Handler threads of the server: more slow strays than this make the oldest (reading for 1 s or more) cut for newcomers. */
    static final int HANDLERS = 64;
    /** Bytes per read and write of the body. */
    static final int CHUNK = 128 << 10;

    /**
     * The serving side's spec (role "listen"): generated data or a file, one of them.
     *
     * @param bytes size of the generated file; 0 when serving {@code path}
     * @param path  an existing regular file's absolute path, or null to serve generated data
     */
    public record ServeSpec(@Range(min = 0, max = Long.MAX_VALUE / 2) long bytes, @OrNull String path, Timing timing) {
        public ServeSpec {
            if ((bytes > 0) == (path != null)) {
                throw new IllegalArgumentException("an http server serves bytes of generated data or the file at path: give one of them");
            }
            if (path != null) {
                PipeSource.requireAbsolute("path", path);
            }
        }
    }

    /**
     * The fetching side's spec (role "connect").
     *
     * @param sink a new file's absolute path to write the body to, or null to count it only
     * @param keep leave the sink file after the test (it is removed when the fetch fails, whatever this says)
     */
    public record FetchSpec(@OrNull String sink, boolean keep, Timing timing) {
        public FetchSpec {
            if (sink != null) {
                PipeSource.requireAbsolute("sink", sink);
            } else if (keep) {
                throw new IllegalArgumentException("keep needs a sink");
            }
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Class<? extends Record>> roles() {
        return Map.of("listen", ServeSpec.class, "connect", FetchSpec.class);
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        if (role.equals("connect")) {
            FetchSpec s = (FetchSpec) spec;
            return new FetchSide(s, link, s.sink() == null ? null : PipeSink.file(Path.of(s.sink()), s.keep()), context);
        }
        ServeSpec s = (ServeSpec) spec;
        PipeSource.FileSource file = s.path() == null ? null : PipeSource.file(Path.of(s.path()), "http path");
        try {
            return new ServeSide(s, link, file, context);
        } catch (IOException | RuntimeException e) {
            if (file != null) {
                file.close();
            }
            throw e;
        }
    }
}

package benchsh.shell.report;

import benchsh.peer.protocol.Json;
import benchsh.shell.result.Recorded;
import benchsh.shell.result.Result;
import benchsh.shell.result.ResultSink;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes each result as one JSON object on one line (the result contract). To a file, each line is
 * appended with a single write, so a killed shell leaves whole lines only, never half a result.
 * Thread-safe.
 */
public final class JsonLines implements ResultSink, AutoCloseable {
    private final PrintStream stream;
    private final FileChannel file;

    public JsonLines(PrintStream out) {
        this.stream = out;
        this.file = null;
    }

    private JsonLines(FileChannel file) {
        this.stream = null;
        this.file = file;
    }

    /** Appends to {@code path}, creating it if needed. */
    public static JsonLines append(Path path) throws IOException {
        return new JsonLines(FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
    }

    public static String line(Result r) {
        return Json.write(r.toMap());
    }

    @Override
    public void accept(Recorded recorded) {
        write(recorded.result());
    }

    public synchronized void write(Result r) {
        String line = line(r) + "\n";
        if (stream != null) {
            stream.print(line);
            stream.flush();
            return;
        }
        try {
            ByteBuffer b = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
            while (b.hasRemaining()) {
                file.write(b);
            }
            file.force(false);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write the JSON result: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (file != null) {
                file.close();
            }
        } catch (IOException e) {
            // nothing more to save
        }
    }
}

package benchsh.shell.host.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.function.Consumer;

/**
 * A remote command's output read line by line, each line bounded: a line longer than the bound is dropped whole (its
 * reader is told it was torn), never cut and misread. Stateless.
 */
public final class RemoteLines {
    private RemoteLines() {
    }

    /**
     * Reads {@code in} to its end: every line (without its end of line) of at most {@code maxBytes} to {@code line}, and
     * for each longer one a call of {@code torn}; a last line without an end of line is not a line.
     *
     * @throws IOException when reading fails (the channel closed under the reader); what was read was delivered
     */
    public static void read(InputStream in, int maxBytes, Charset charset, Consumer<String> line, Runnable torn) throws IOException {
        ByteArrayOutputStream current = new ByteArrayOutputStream();
        boolean tooLong = false;
        byte[] buf = new byte[16 * 1024];
        for (int n; (n = in.read(buf)) >= 0; ) {
            for (int i = 0; i < n; i++) {
                if (buf[i] == '\n') {
                    if (tooLong) {
                        torn.run();
                    } else {
                        line.accept(current.toString(charset));
                    }
                    current.reset();
                    tooLong = false;
                } else if (current.size() < maxBytes) {
                    current.write(buf[i]);
                } else {
                    tooLong = true;
                }
            }
        }
    }
}

package benchsh.shell.report;

import benchsh.peer.protocol.Json;
import benchsh.shell.result.Recorded;
import benchsh.shell.result.Result;
import benchsh.shell.result.ResultSink;
import java.io.PrintStream;

/** Writes each result as one JSON object on one line (the result contract). Thread-safe. */
public final class JsonLines implements ResultSink {
    private final PrintStream out;

    public JsonLines(PrintStream out) {
        this.out = out;
    }

    public static String line(Result r) {
        return Json.write(r.toMap());
    }

    @Override
    public void accept(Recorded recorded) {
        write(recorded.result());
    }

    public synchronized void write(Result r) {
        out.println(line(r));
        out.flush();
    }
}

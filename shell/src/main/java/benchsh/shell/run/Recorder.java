package benchsh.shell.run;

import benchsh.shell.result.Result;
import java.util.List;

/** Where the executor hands what it measured: keep a result, send it to the sinks and print its row. Thread-safe. */
public interface Recorder {
    /**
     * @param columns the keys the test wants in its row
     * @return the result as it was kept (e.g. with secrets masked)
     */
    Result record(Result r, List<String> columns);

    /** Prints text that belongs with the last row (e.g. a latency histogram). */
    void print(String text);
}

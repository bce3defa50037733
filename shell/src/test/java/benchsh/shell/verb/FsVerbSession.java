package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.host.LocalHost;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** A session with two local peers, {@code local} and {@code b}, for the disk, tree and copy verb tests. */
final class FsVerbSession implements AutoCloseable {
    final StringWriter out = new StringWriter();
    final Session session = new Session(new PrintWriter(out, true));
    final ScriptRunner runner;

    FsVerbSession() {
        session.hosts().add(new LocalHost("b", LocalHost.defaultJava()));
        runner = new ScriptRunner(session);
    }

    Object eval(String code) {
        return runner.evaluate(code, "test.groovy");
    }

    Result last() {
        List<Result> all = session.results();
        return all.get(all.size() - 1);
    }

    @Override
    public void close() {
        session.close();
    }
}

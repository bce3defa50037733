package benchsh.shell.console;

import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.verb.Arg;
import benchsh.shell.verb.Verb;
import java.util.List;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Completes verbs at the start of a line and, after a verb, its declared argument names (with their
 * meaning as the description) and host names. Reads the same declarations as {@code help}.
 */
final class VerbCompleter implements Completer {
    private final Session session;

    VerbCompleter(Session session) {
        this.session = session;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        List<String> words = line.words();
        if (line.wordIndex() == 0) {
            for (Verb v : session.verbs().all()) {
                candidates.add(new Candidate(v.spec().name(), v.spec().name(), "verbs", v.spec().summary(), null, null, true));
            }
            return;
        }
        Verb verb = session.verbs().get(words.get(0).replace("(", ""));
        if (verb != null) {
            for (Arg a : verb.spec().args()) {
                candidates.add(new Candidate(a.name() + ":", a.name() + ":", "arguments", a.help(), null, null, false));
            }
        }
        for (Host h : session.hosts().all()) {
            candidates.add(new Candidate(h.name(), h.name(), "hosts", "host", null, null, true));
        }
    }
}

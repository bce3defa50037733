package benchsh.shell.console;

import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.result.Result;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.script.NumberedResults;
import benchsh.shell.verb.Verb;
import benchsh.shell.verb.Verbs;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.Set;
import java.util.TreeSet;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion from the verbs' declarations (the same ones {@code help} prints): verbs at the start
 * of a statement; inside a verb call (the innermost one, see {@link CallContext}) its argument names
 * not given yet, with their meaning as the description; host names for host arguments and positions; result
 * labels in a string after {@code label:}; file paths in a string after {@code run}, {@code export}
 * and {@code report}; after a variable and a dot ({@code r.}, {@code _1.}, {@code results.}), its
 * properties and methods ({@link Members}). Called on the reader's thread.
 */
final class VerbCompleter implements Completer {
    static final Set<String> FILE_VERBS = Set.of("run", "export", "report");
    /** At most this many directory entries are offered. */
    static final int MAX_FILES = 500;
    private final Session session;
    private final Verbs verbs;
    private final Function<String, Object> variables;

    VerbCompleter(Session session, Verbs verbs) {
        this(session, verbs, name -> null);
    }

    /** @param variables the scripts' variable of a name, or null; never runs a verb */
    VerbCompleter(Session session, Verbs verbs, Function<String, Object> variables) {
        this.session = session;
        this.verbs = verbs;
        this.variables = variables;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        // the parser strips quotes: inside 'abc the word is abc, and JLine closes the quote on completion
        String word = line.word().substring(0, Math.min(line.wordCursor(), line.word().length()));
        String before = line.line().substring(0, line.cursor());
        Set<String> names = new java.util.HashSet<>(verbs.names());
        names.addAll(FILE_VERBS);
        CallContext ctx = CallContext.at(before, names);
        if (!ctx.inString() && Members.complete(word, this::value, candidates)) {
            return;
        }
        if (ctx.inString()) {
            if (ctx.verb() != null && FILE_VERBS.contains(ctx.verb())) {
                files(word, candidates);
            } else if ("label".equals(ctx.valueOf())) {
                labels(candidates);
            }
            return;
        }
        // what the parser kept in the word before the part being completed, e.g. "tcp(" or "local,"
        int cut = Math.max(Math.max(word.lastIndexOf('('), word.lastIndexOf(',')), Math.max(word.lastIndexOf('['), word.lastIndexOf('{'))) + 1;
        String lead = word.substring(0, cut);
        Verb verb = ctx.verb() == null ? null : verbs.get(ctx.verb());
        if (ctx.verb() == null || ctx.verb().equals("help")) {
            for (Verb v : verbs.all()) {
                candidates.add(new Candidate(lead + v.spec().name(), v.spec().name(), "verbs", v.spec().summary(), null, null, true));
            }
            return;
        }
        if (verb == null) {
            return;
        }
        if (ctx.valueOf() != null) {
            Arg arg = verb.spec().arg(ctx.valueOf()).orElse(null);
            if (arg != null && (arg.type() == ArgType.HOST || arg.type() == ArgType.HOSTS)) {
                hosts(lead, candidates);
            }
            return;
        }
        for (Arg a : verb.spec().args()) {
            if (ctx.given().contains(a.name())) {
                continue; // given already
            }
            String desc = a.help() + (a.fallback() == null ? "" : ", default " + benchsh.shell.verb.HelpVerb.fallback(a));
            candidates.add(new Candidate(lead + a.name() + ":", a.name() + ":", "arguments of " + verb.spec().name(), desc, null, null, false));
        }
        hosts(lead, candidates);
    }

    /** What a name before a dot stands for: {@code results} (the session's, as a script sees them), or a variable; null for a verb. */
    private Object value(String name) {
        if (name.equals("results")) {
            return NumberedResults.of(session.results());
        }
        return verbs.get(name) != null ? null : variables.apply(name);
    }

    private void hosts(String lead, List<Candidate> candidates) {
        for (Host h : session.hosts().all()) {
            candidates.add(new Candidate(lead + h.name(), h.name(), "hosts", "host", null, null, true));
        }
    }

    private void labels(List<Candidate> candidates) {
        Set<String> labels = new TreeSet<>();
        for (Result r : session.results()) {
            Object l = r.tags().get("label");
            if (l != null) {
                labels.add(l.toString());
            }
        }
        session.log().store().ifPresent(s -> {
            try {
                labels.addAll(s.labels());
            } catch (benchsh.shell.result.store.StoreException e) {
                // completion offers what it can
            }
        });
        for (String l : labels) {
            candidates.add(new Candidate(l, l, "labels", null, null, null, true));
        }
    }

    /** Paths under the directory typed so far; a directory keeps the string open, a file closes it. */
    private static void files(String typed, List<Candidate> candidates) {
        int slash = typed.lastIndexOf('/');
        String dirPart = slash < 0 ? "" : typed.substring(0, slash + 1);
        Path dir = Path.of(dirPart.isEmpty() ? "." : dirPart);
        if (!Files.isDirectory(dir)) {
            return;
        }
        int count = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path e : entries) {
                if (count++ >= MAX_FILES) {
                    break;
                }
                String name = e.getFileName().toString();
                boolean isDir = Files.isDirectory(e);
                candidates.add(new Candidate(dirPart + name + (isDir ? "/" : ""), name + (isDir ? "/" : ""), "files", null, null, null, !isDir));
            }
        } catch (IOException | SecurityException e) {
            // nothing to offer
        }
    }
}

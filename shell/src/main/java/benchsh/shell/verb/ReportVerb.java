package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.host.Version;
import benchsh.shell.report.ReportContext;
import benchsh.shell.report.ReportFormat;
import benchsh.shell.result.Result;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code report 'out.html'}: writes the session's results (or given ones) with their context (hosts'
 * environment, script, parameters, times, the rerun line) as HTML, Markdown, CSV or JSON, chosen by
 * the extension. The file is replaced atomically.
 */
public final class ReportVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("report", "write a report: .html (charts), .md, .csv or .json", "FILE [, RESULTS]",
            List.of(Arg.of("where", ArgType.CLOSURE, null, "a closure that keeps a result, e.g. { it.ok() }")),
            List.of("report 'out.html'", "report 'sweep.md', where: { it.tags.dir == 'Tx' }"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readsResults() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) throws Exception {
        Path file = file(args, SPEC);
        List<Result> results = results(args, session);
        ReportContext context = ReportContext.of(session.provenance(), session.scenario(), session.hosts().all(), results, Version.current());
        ReportFormat.write(file, results, context, session.unit());
        session.print("wrote " + file + " (" + benchsh.shell.report.Formats.count(results.size(), "result") + ")\n");
        return null; // the line above says where; the REPL shows no "=> path" after it
    }

    /** The file named by the first positional argument ({@code ~/} is the home directory), absolute. */
    static Path file(Args args, VerbSpec spec) {
        if (args.positional().isEmpty() || !(args.positional().get(0) instanceof CharSequence name) || name.toString().isBlank()) {
            throw new UsageException("usage: " + spec.name() + " " + spec.positional() + ", e.g. " + spec.examples().get(0));
        }
        String s = name.toString();
        Path p = s.startsWith("~/") ? Path.of(System.getProperty("user.home"), s.substring(2)) : Path.of(s);
        try {
            ReportFormat.of(p);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return p.toAbsolutePath().normalize();
    }

    /** The given results (second positional argument) or the session's, filtered by {@code where:}. */
    static List<Result> results(Args args, Session session) {
        List<Result> results = session.results();
        if (args.positional().size() > 2) {
            throw new UsageException("give a file and at most one list of results");
        }
        if (args.positional().size() == 2) {
            if (!(args.positional().get(1) instanceof java.util.Collection<?> given)) {
                throw new UsageException("the second argument must be a list of results, e.g. results.findAll { it.ok() }");
            }
            results = given.stream().map(o -> {
                if (o instanceof Result r) {
                    return r;
                }
                throw new UsageException("not a result: " + o);
            }).toList();
        }
        return TableVerb.filter(results, args);
    }
}

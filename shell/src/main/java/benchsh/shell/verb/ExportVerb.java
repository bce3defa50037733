package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.report.ReportFormat;
import benchsh.shell.result.Result;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code export 'file.csv'}: writes the session's results (or given ones) alone, without hosts or
 * script: CSV rows, a JSON array or the Markdown tables, chosen by the extension. Atomic.
 */
public final class ExportVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("export", "write results as .csv, .json or .md tables", "FILE [, RESULTS]",
            List.of(Arg.of("where", ArgType.CLOSURE, null, "a closure that keeps a result, e.g. { it.ok() }")),
            List.of("export 'results.csv'", "export 'tx.md', results.findAll { it.tags.dir == 'Tx' }"));

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
        Path file = ReportVerb.file(args, SPEC);
        List<Result> results = ReportVerb.results(args, session);
        try {
            ReportFormat.export(file, results, session.unit());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        session.print("wrote " + file + " (" + benchsh.shell.report.Formats.count(results.size(), "result") + ")\n");
        return null; // the line above says where; the REPL shows no "=> path" after it
    }
}

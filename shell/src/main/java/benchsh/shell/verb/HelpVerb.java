package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.Suggest;
import benchsh.shell.Session;
import benchsh.shell.report.Cells;
import benchsh.shell.report.TextTable;
import java.time.Duration;
import java.util.List;

/** {@code help} lists the verbs; {@code help 'tcp'} shows one verb's arguments, defaults, units and examples. */
public final class HelpVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("help", "list the verbs, or explain one: help tcp", "[VERB]",
            List.of(Arg.of("markdown", ArgType.BOOL, false, "the whole verb reference as Markdown (docs/verbs.md)"),
                    Arg.of("metrics", ArgType.BOOL, false, "every metric with its unit and meaning, as Markdown (docs/metrics.md)")),
            List.of("help", "help tcp", "help markdown: true"));
    private final Verbs verbs;

    public HelpVerb(Verbs verbs) {
        this.verbs = verbs;
    }

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) {
        if (args.bool("markdown") || args.bool("metrics")) {
            session.print(args.bool("markdown") ? VerbReference.verbs(verbs) : VerbReference.metrics());
            return null;
        }
        Object about = args.positional().isEmpty() ? null : args.positional().get(0);
        String text = about == null ? overview(verbs)
                : verb(verbs, about instanceof VerbRef ref ? ref.spec().name() : String.valueOf(about), session.width());
        session.print(text);
        return null;
    }

    public static String overview(Verbs verbs) {
        StringBuilder b = new StringBuilder("Verbs (every line is Groovy; 'help VERB' explains one):\n");
        int w = verbs.names().stream().mapToInt(String::length).max().orElse(4);
        for (Verb v : verbs.all()) {
            b.append("  ").append(String.format("%-" + w + "s", v.spec().name())).append("  ").append(v.spec().summary()).append('\n');
        }
        b.append("Units: ").append(benchsh.shell.script.UnitExtensions.listing()).append(". Hosts: local.\n");
        b.append("Results by number: _1, _2, ... (results[1] too; rows show them). clear clears the screen; Ctrl-D exits.\n");
        return b.toString();
    }

    /** One verb's help, as wide as it comes. */
    public static String verb(Verbs verbs, String name) {
        return verb(verbs, name, 0);
    }

    /** One verb's help, the meaning column wrapped at word boundaries to fit {@code width} columns (0: no limit). */
    public static String verb(Verbs verbs, String name, int width) {
        Verb v = verbs.get(name);
        if (v == null) {
            throw new UsageException("no verb '" + name + "'" + Suggest.hint(name, verbs.names()));
        }
        VerbSpec s = v.spec();
        StringBuilder b = new StringBuilder();
        b.append(s.name()).append(s.positional().isEmpty() ? "" : " " + s.positional())
                .append(s.args().isEmpty() ? "" : " name: value, ...").append(" — ").append(s.summary()).append("\n\n");
        if (!s.args().isEmpty()) {
            TextTable t = new TextTable(List.of("argument", "default", "unit", "meaning"));
            for (Arg a : s.args()) {
                t.row(List.of(a.name() + ":", fallback(a), a.description(), a.help()));
            }
            b.append(wrapped(t.toString(), width)).append('\n');
        }
        b.append("Examples:\n");
        s.examples().forEach(e -> b.append("  ").append(e).append('\n'));
        return b.toString();
    }

    /** The narrowest the last column gets when wrapped; narrower terminals get it unwrapped. */
    private static final int MIN_MEANING = 24;

    /**
     * {@code table} with lines longer than {@code width} wrapped at spaces, each continuation indented to where
     * the last column (the header's last word) starts; the rule under the header is cut to the width.
     */
    static String wrapped(String table, int columns) {
        int width = columns - 1; // a line as wide as the terminal would wrap on some
        String[] lines = table.split("\n", -1);
        int indent = lines[0].lastIndexOf(' ') + 1;
        if (columns <= 0 || width - indent < MIN_MEANING) {
            return table;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (i == 1 || line.length() <= width) {
                b.append(i == 1 && line.length() > width ? line.substring(0, width) : line);
            } else {
                String text = line.substring(indent);
                String lead = line.substring(0, indent);
                while (text.length() > width - indent) {
                    int cut = text.lastIndexOf(' ', width - indent);
                    cut = cut <= 0 ? width - indent : cut;
                    b.append(lead).append(text, 0, cut).append('\n');
                    text = text.substring(cut).stripLeading();
                    lead = " ".repeat(indent);
                }
                b.append(lead).append(text);
            }
            if (i < lines.length - 1) {
                b.append('\n');
            }
        }
        return b.toString();
    }

    /** An argument's default as help and completion show it. */
    public static String fallback(Arg a) {
        Object v = a.fallback();
        if (v == null && a.type() == ArgType.HOST) {
            return "local";
        }
        if (v == null) {
            return "-";
        }
        if (v instanceof Duration d) {
            return benchsh.shell.report.Formats.isShort(d) ? benchsh.shell.report.Formats.duration(d) // 50 us, not 0.00 s
                    : Cells.cell("seconds", d.toNanos() / 1e9, null);
        }
        return a.type() == ArgType.SIZE ? benchsh.shell.report.Formats.size(((Number) v).longValue()) : String.valueOf(v);
    }
}

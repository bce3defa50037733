package benchsh.shell.verb;

import benchsh.shell.definition.Definitions;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The registry of verbs: every measuring verb comes from its {@link benchsh.shell.definition.Definition}
 * (found in that package), the others are listed here. Not thread-safe; filled before use.
 */
public final class Verbs {
    private final Map<String, Verb> byName = new LinkedHashMap<>();

    /** @param scripts how {@code plan 'file.groovy'} evaluates a file */
    public static Verbs standard(ScriptFiles scripts) {
        Verbs v = new Verbs();
        Definitions.all().forEach(d -> v.add(new MeasureVerb(d)));
        v.add(new HostVerb());
        v.add(new EnvVerb());
        v.add(new PromptVerb());
        v.add(new HostsVerb());
        v.add(new ConnectVerb());
        v.add(new SysinfoVerb());
        v.add(new SweepVerb());
        v.add(new TagVerb());
        v.add(new ObserveVerb());
        v.add(new RepeatVerb());
        v.add(new MatrixVerb());
        v.add(new TogetherVerb());
        v.add(new LimitVerb());
        v.add(new CompareVerb());
        v.add(new ParamVerb());
        v.add(new ExpectVerb());
        v.add(new BaselineVerb());
        v.add(new PlanVerb(scripts));
        v.add(new TableVerb());
        v.add(new ResultsVerb());
        v.add(new UnitsVerb());
        v.add(new HistoryVerb());
        v.add(new LoadVerb());
        v.add(new DiffVerb());
        v.add(new PlotVerb());
        v.add(new ReportVerb());
        v.add(new ExportVerb());
        v.add(new HelpVerb(v));
        return v;
    }

    public void add(Verb verb) {
        byName.put(verb.spec().name(), verb);
    }

    public Verb get(String name) {
        return byName.get(name);
    }

    public Collection<Verb> all() {
        return byName.values();
    }

    public Collection<String> names() {
        return byName.keySet();
    }
}

package benchsh.shell.verb;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** The registry of verbs: the one place a new verb is added. */
public final class Verbs {
    private final Map<String, Verb> byName = new LinkedHashMap<>();

    public static Verbs standard() {
        Verbs v = new Verbs();
        v.add(new TcpVerb());
        v.add(new UdpVerb());
        v.add(new RrVerb());
        v.add(new PipeVerb());
        v.add(new HostVerb());
        v.add(new EnvVerb());
        v.add(new PromptVerb());
        v.add(new HostsVerb());
        v.add(new ConnectVerb());
        v.add(new SysinfoVerb());
        v.add(new DiskVerb());
        v.add(new TreeVerb());
        v.add(new CopyVerb());
        v.add(new RemoveVerb());
        v.add(new HttpVerb());
        v.add(new SweepVerb());
        v.add(new TagVerb());
        v.add(new RepeatVerb());
        v.add(new MatrixVerb());
        v.add(new TogetherVerb());
        v.add(new CompareVerb());
        v.add(new ParamVerb());
        v.add(new ExpectVerb());
        v.add(new PlanVerb());
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

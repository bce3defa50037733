package benchsh.shell.script;

import benchsh.shell.Session;
import benchsh.shell.args.UsageException;
import benchsh.shell.result.Result;
import benchsh.shell.verb.Verbs;
import groovy.lang.Binding;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The variables scripts share across lines: hosts by name (e.g. {@code local}), {@code out} (the session's
 * output), {@code checking} (true while a script is {@linkplain Precheck checked} before it runs), and the
 * session's results by number, {@code _1} the first. It also remembers the names scripts declared with
 * {@code def}, for the error on such a name on a later line. Used on the script's thread.
 */
public final class SessionBinding extends Binding {
    private static final Pattern NUMBERED = Pattern.compile("_[1-9][0-9]{0,8}");
    private static final PrintWriter DISCARD = new PrintWriter(Writer.nullWriter());
    private final Session session;
    private final Verbs verbs;
    private final Set<String> declaredLocally = ConcurrentHashMap.newKeySet();

    public SessionBinding(Session session, Verbs verbs) {
        this.session = session;
        this.verbs = verbs;
        session.hosts().all().forEach(h -> setVariable(h.name(), h));
    }

    /** {@code out} is the session's output, so {@code println} lands next to the tables (and nowhere in a check). */
    @Override
    public Object getVariable(String name) {
        if (name.equals("out")) {
            return session.context().checking() ? DISCARD : session.out();
        }
        if (name.equals("checking") && !super.hasVariable(name)) {
            return session.context().checking();
        }
        if (NUMBERED.matcher(name).matches() && !super.hasVariable(name)) {
            return numbered(Integer.parseInt(name.substring(1)));
        }
        return super.getVariable(name);
    }

    @Override
    public boolean hasVariable(String name) {
        return name.equals("out") || name.equals("checking") || NUMBERED.matcher(name).matches() || super.hasVariable(name);
    }

    /** Result {@code _n} of the session: its n-th, as rows are numbered; in a check, one this script may yet measure is unknown. */
    private Object numbered(int n) {
        List<Result> all = session.results();
        if (n <= all.size()) {
            return all.get(n - 1);
        }
        if (session.context().checking()) {
            return Unmeasured.of("_" + n);
        }
        throw new UsageException("no result _" + n + ": " + (all.isEmpty() ? "the session has none yet"
                : "the session's results are _1 to _" + all.size() + " (results lists them)"));
    }

    public Session session() {
        return session;
    }

    /** The verbs scripts call. */
    public Verbs verbs() {
        return verbs;
    }

    /** Remembers that a script declared {@code name} with {@code def} (or a type) among its top-level statements. */
    void declareLocal(String name) {
        declaredLocally.add(name);
    }

    /** Whether a script declared {@code name} as a local of its own. */
    boolean declaredLocally(String name) {
        return declaredLocally.contains(name);
    }

    /**
     * Before a check: the variables as they are, to put back after it; lists, maps and sets among them are
     * replaced by copies for the check, so that it cannot add to them.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Map<String, Object> enterCheck() {
        Map<String, Object> vars = getVariables();
        Map<String, Object> saved = new LinkedHashMap<>(vars);
        vars.replaceAll((k, v) -> {
            if (v == null) {
                return null;
            }
            Class<?> c = v.getClass();
            if (c == ArrayList.class || c == LinkedList.class) {
                return new ArrayList<>((List) v);
            }
            if (c == LinkedHashMap.class || c == HashMap.class || c == TreeMap.class) {
                return new LinkedHashMap<>((Map) v);
            }
            if (c == LinkedHashSet.class || c == HashSet.class) {
                return new LinkedHashSet<>((Set) v);
            }
            return v;
        });
        return saved;
    }

    /** After a check: the variables as {@link #enterCheck} found them. */
    void leaveCheck(Map<String, Object> saved) {
        Map<String, Object> vars = getVariables();
        vars.clear();
        vars.putAll(saved);
    }
}

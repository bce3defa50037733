package benchsh.shell.script;

import benchsh.shell.Session;
import benchsh.shell.result.Repeated;
import benchsh.shell.result.Result;
import benchsh.shell.run.Plan;
import benchsh.shell.run.TestCancelledException;
import benchsh.shell.verb.Verb;
import groovy.lang.Script;
import java.time.Duration;
import java.util.Map;
import org.codehaus.groovy.runtime.InvokerHelper;

/**
 * The dry pass a compiled script gets before it runs: the script runs once as a plan (the dry-run machinery,
 * {@link Plan#check}), so every verb call it reaches has its arguments checked and its test built, while
 * nothing connects, measures or prints. A mistake found there (an unknown argument, a value out of range, a
 * name that does not exist) is the script's error before anything ran.
 *
 * <p>What a run measures is not known in the check: a measuring verb returns {@link Unmeasured}, and the check
 * stops, without an error, where the script reads such a value (its control flow from there on depends on
 * measurements), as it does after {@link #MAX_CALLS} verb calls or {@link #MAX_TIME}. The script's own Groovy
 * code runs in the check too; the binding's variables are put back afterwards (lists and maps in it are copied
 * for the check), and {@code checking} is true while it runs. Used on the script's thread.
 */
public final class Precheck {
    /** The most verb calls a check makes before it stops, unfinished. */
    static final int MAX_CALLS = 20_000;
    /** The longest a check takes before it stops, unfinished. */
    static final Duration MAX_TIME = Duration.ofSeconds(3);

    /** How a check ended: it went through the whole script, or stopped early ({@code stopped} says why). */
    public record Outcome(boolean complete, String stopped) {
        static final Outcome SKIPPED = new Outcome(false, "not checked (a dry run already)");
    }

    private Precheck() {
    }

    /**
     * Runs a fresh instance of {@code scriptClass} as a check in {@code binding}.
     *
     * @throws ScriptError when the check finds a mistake ({@link ScriptErrors#mistake})
     * @throws TestCancelledException when the user stopped the script
     */
    static Outcome run(Session session, SessionBinding binding, Class<? extends Script> scriptClass, String fileName) {
        Plan check = Plan.check(MAX_CALLS, MAX_TIME);
        Map<String, Object> saved = binding.enterCheck();
        session.hosts().allowConnections(false);
        try {
            Script script = InvokerHelper.createScript(scriptClass, binding);
            session.within(session.context().planning(check), script::run);
            return new Outcome(true, null);
        } catch (CheckStop stop) {
            return new Outcome(false, stop.getMessage());
        } catch (TestCancelledException stop) {
            throw stop;
        } catch (Exception | Error e) { // Groovy throws checked exceptions too (a host's, an I/O error)
            if (ScriptErrors.unwrap(e) instanceof TestCancelledException cancelled) {
                throw cancelled;
            }
            CheckStop stop = stopIn(e);
            if (stop != null) {
                return new Outcome(false, stop.getMessage());
            }
            if (ScriptErrors.mistake(e)) {
                throw ScriptErrors.runtimeError(e, scriptClass, fileName);
            }
            return new Outcome(false, ScriptErrors.runtimeError(e, scriptClass, fileName).located());
        } finally {
            session.hosts().allowConnections(true);
            binding.leaveCheck(saved);
        }
    }

    /**
     * What a verb called in a check returns: the verbs a dry run skips have their arguments checked and return
     * {@link Unmeasured}; the others are planned, and return what they return unless it is, or holds, a result
     * (a host, a parameter, a tree's handle are known before anything is measured), else {@link Unmeasured}.
     */
    static Object call(Verb verb, Session session, Object[] args) throws Exception {
        if (!session.context().plan().spend()) {
            throw new CheckStop("checked the first " + MAX_CALLS + " verb calls, or for " + MAX_TIME.toSeconds() + " s");
        }
        String name = verb.spec().name();
        if (verb.readsResults() || verb.connects()) {
            verb.check(session, args);
            return Unmeasured.of(name);
        }
        Object value = verb.invoke(session, args);
        return measured(value) ? Unmeasured.of(name) : value;
    }

    /** Whether {@code v} is, or holds, what a test measured: a result, a repeat's runs, a list or map of them. */
    private static boolean measured(Object v) {
        if (v instanceof Result || v instanceof Repeated) {
            return true;
        }
        if (v instanceof Iterable<?> list) {
            for (Object o : list) {
                if (measured(o)) {
                    return true;
                }
            }
        }
        return v instanceof Map<?, ?> m && measured(m.values());
    }

    private static CheckStop stopIn(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CheckStop s) {
                return s;
            }
        }
        return null;
    }
}

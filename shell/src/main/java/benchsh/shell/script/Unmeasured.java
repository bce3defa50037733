package benchsh.shell.script;

import groovy.lang.GroovyInterceptable;
import groovy.lang.GroovyObjectSupport;

/**
 * What a verb returns while a script is pre-checked ({@link Precheck}): its result, a table or the session's
 * results are not known before the script runs for real. Using it in any way (a property, a method, an
 * operator, an argument of a verb) stops the check there, with {@link CheckStop}; the script then runs for
 * real from the start. Immutable.
 */
public final class Unmeasured extends GroovyObjectSupport implements GroovyInterceptable {
    private final String what;

    private Unmeasured(String what) {
        this.what = what;
    }

    /** The value of {@code what} ("tcp", "results", "_3"). */
    public static Unmeasured of(String what) {
        return new Unmeasured(what);
    }

    /** The stop of the check where the script reads this value. */
    public CheckStop read() {
        return new CheckStop("the script reads what " + what + " returns, which only a run measures");
    }

    @Override
    public Object getProperty(String name) {
        throw read();
    }

    @Override
    public void setProperty(String name, Object value) {
        throw read();
    }

    @Override
    public Object invokeMethod(String name, Object args) {
        throw read();
    }

    @Override
    public String toString() {
        return "(what " + what + " returns: measured when the script runs)";
    }
}

package benchsh.shell.script;

import benchsh.shell.args.UsageException;
import groovy.lang.MissingMethodException;
import groovy.lang.MissingPropertyException;
import org.codehaus.groovy.control.MultipleCompilationErrorsException;
import org.codehaus.groovy.control.messages.SyntaxErrorMessage;
import org.codehaus.groovy.syntax.SyntaxException;

/** What went wrong in a scenario, in the user's words and with its line: a compile error, or an exception while it ran. Stateless. */
final class ScriptErrors {
    private ScriptErrors() {
    }

    /** The first error of a failed compile, with its line and column. */
    static ScriptError compileError(MultipleCompilationErrorsException e, String fileName) {
        var errors = e.getErrorCollector().getErrors();
        if (!errors.isEmpty() && errors.get(0) instanceof SyntaxErrorMessage m) {
            SyntaxException se = m.getCause();
            return new ScriptError(fileName, se.getLine(), se.getStartColumn(), se.getOriginalMessage(), e);
        }
        return new ScriptError(fileName, 0, e.getMessage(), e);
    }

    /** An exception a script threw, located at the innermost line of {@code scriptClass} (or of its closures) on its stack. */
    static ScriptError runtimeError(Throwable e, Class<?> scriptClass, String fileName) {
        String className = scriptClass.getName();
        int line = 0;
        for (Throwable t = e; t != null && line == 0; t = t.getCause()) {
            for (StackTraceElement el : t.getStackTrace()) {
                if (el.getClassName().equals(className) || el.getClassName().startsWith(className + "$")) {
                    if (el.getLineNumber() > 0) {
                        line = el.getLineNumber();
                        break;
                    }
                }
            }
        }
        return new ScriptError(fileName, line, message(unwrap(e)), e);
    }

    /** The exception under Groovy's and reflection's wrappers. */
    static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t
                && (t instanceof java.lang.reflect.UndeclaredThrowableException || t instanceof java.lang.reflect.InvocationTargetException
                || t.getClass().getName().startsWith("org.codehaus.groovy") || t instanceof java.util.concurrent.CompletionException)) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * Whether {@code e} is a mistake in how the script is written, which its check before the run reports: a usage
     * error (a verb's argument, a name that does not exist), a unit that does not exist, a verb named inside another
     * one. What the script's own code does with its values (a failed {@code assert}, a division by zero) is left to
     * the run, which may see other values.
     */
    static boolean mistake(Throwable e) {
        Throwable t = unwrap(e);
        if (t instanceof ScriptError s && s.getCause() != null) {
            return mistake(s.getCause());
        }
        return t instanceof UsageException
                || t instanceof MissingPropertyException mp && mp.getType() != null && Number.class.isAssignableFrom(mp.getType())
                || t instanceof MissingMethodException mm && mm.getType() == benchsh.shell.verb.VerbRef.class;
    }

    static String message(Throwable e) {
        if (e instanceof MissingMethodException mm && mm.getType() == benchsh.shell.verb.VerbRef.class) {
            return "a verb named inside another verb needs a comma before its arguments: Groovy reads 'limit udp to: b' as"
                    + " 'limit(udp(to: b))'; write 'limit udp, to: b'";
        }
        if (e instanceof MissingMethodException mm) {
            return "no method " + mm.getMethod() + " for these arguments" + (mm.getType() == null ? "" : " on " + mm.getType().getSimpleName());
        }
        if (e instanceof MissingPropertyException mp && mp.getType() != null && Number.class.isAssignableFrom(mp.getType())) {
            return UnitExtensions.unknown(mp.getProperty()); // 1.TiB, 25.hours
        }
        if (e instanceof MissingPropertyException mp) {
            return "unknown name '" + mp.getProperty() + "'";
        }
        if (e instanceof UnsupportedOperationException && e.getMessage() == null) {
            return "this value cannot be changed (it is read-only); work on a copy, e.g. mine = new ArrayList(them)";
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}

package benchsh.shell.script;

import benchsh.shell.Session;
import benchsh.shell.run.TestCancelledException;
import benchsh.shell.verb.ScriptFiles;
import benchsh.shell.verb.Verbs;
import groovy.lang.GroovyShell;
import groovy.lang.MissingMethodException;
import groovy.lang.MissingPropertyException;
import groovy.lang.Script;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.MultipleCompilationErrorsException;
import org.codehaus.groovy.control.customizers.ImportCustomizer;
import org.codehaus.groovy.control.messages.SyntaxErrorMessage;
import org.codehaus.groovy.syntax.SyntaxException;

/**
 * Evaluates scenario text (a REPL line, {@code -e} statements, or a file) in the session's shared
 * binding. The whole text is compiled before anything runs, so a syntax error connects to nothing.
 * Errors come back as {@link ScriptError} with the file and line; a script the user stopped throws
 * {@link TestCancelledException}.
 */
public final class ScriptRunner implements ScriptFiles {
    private final GroovyShell shell;
    private final Session session;
    private final Verbs verbs;

    public ScriptRunner(Session session) {
        this.session = session;
        this.verbs = Verbs.standard(this);
        CompilerConfiguration config = new CompilerConfiguration();
        config.setScriptBaseClass(BenchScript.class.getName());
        config.addCompilationCustomizers(new ImportCustomizer().addImports("java.time.Duration"), new ExpectRewriter());
        this.shell = new GroovyShell(ScriptRunner.class.getClassLoader(), new SessionBinding(session, verbs), config);
    }

    /** The verbs this runner's scripts call (help and completion list them). */
    public Verbs verbs() {
        return verbs;
    }

    /** Binds a variable for every script this runner evaluates. */
    public void bind(String name, Object value) {
        shell.setVariable(name, value);
    }

    @Override
    public Object evaluateFile(Path file) throws IOException {
        return evaluate(Files.readString(file), file.toString());
    }

    /** Compiles then runs {@code code}; {@code fileName} appears in error locations. */
    public Object evaluate(String code, String fileName) {
        Script script;
        try {
            script = shell.parse(code, scriptName(fileName));
        } catch (MultipleCompilationErrorsException e) {
            throw compileError(e, fileName);
        } catch (CompilationFailedException e) {
            throw new ScriptError(fileName, 0, e.getMessage(), e);
        }
        Sources.register(script.getClass(), fileName, code);
        session.provenance().evaluated(fileName, code);
        try {
            return script.run();
        } catch (Exception e) {
            if (unwrap(e) instanceof TestCancelledException stop) {
                throw stop; // the user stopped the script: not an error of the script
            }
            throw runtimeError(e, script, fileName, message(unwrap(e)));
        }
    }

    private static String scriptName(String fileName) {
        String base = Path.of(fileName.isEmpty() ? "script" : fileName).getFileName().toString().replaceAll("\\.groovy$", "");
        String name = base.replaceAll("[^A-Za-z0-9_]", "_");
        return (Character.isJavaIdentifierStart(name.isEmpty() ? '_' : name.charAt(0)) ? name : "_" + name) + ".groovy";
    }

    private static ScriptError compileError(MultipleCompilationErrorsException e, String fileName) {
        var errors = e.getErrorCollector().getErrors();
        if (!errors.isEmpty() && errors.get(0) instanceof SyntaxErrorMessage m) {
            SyntaxException se = m.getCause();
            return new ScriptError(fileName, se.getLine(), se.getOriginalMessage(), e);
        }
        return new ScriptError(fileName, 0, e.getMessage(), e);
    }

    private static ScriptError runtimeError(Throwable e, Script script, String fileName, String message) {
        String className = script.getClass().getName();
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
        return new ScriptError(fileName, line, message, e);
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t
                && (t instanceof java.lang.reflect.UndeclaredThrowableException || t instanceof java.lang.reflect.InvocationTargetException
                || t.getClass().getName().startsWith("org.codehaus.groovy") || t instanceof java.util.concurrent.CompletionException)) {
            t = t.getCause();
        }
        return t;
    }

    private static String message(Throwable e) {
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
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}

package benchsh.shell.script;

import benchsh.shell.Session;
import benchsh.shell.run.RunContext;
import benchsh.shell.run.TestCancelledException;
import benchsh.shell.verb.ScriptFiles;
import benchsh.shell.verb.Verbs;
import groovy.lang.GroovyShell;
import groovy.lang.Script;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.MultipleCompilationErrorsException;
import org.codehaus.groovy.control.customizers.ImportCustomizer;
import org.codehaus.groovy.runtime.InvokerHelper;

/**
 * Evaluates scenario text (a REPL line, {@code -e} statements, or a file) in the session's shared
 * binding, in three steps: the whole text is compiled (a syntax error, or an argument without its colon,
 * names line and column and connects to nothing), then {@linkplain Precheck checked} as a dry run (every verb
 * call it reaches has its arguments checked, without connecting anywhere), and only then run. Errors come back
 * as {@link ScriptError} with the file and line; a script the user stopped throws {@link TestCancelledException}.
 */
public final class ScriptRunner implements ScriptFiles {
    private final GroovyShell shell;
    private final SessionBinding binding;
    private final Session session;
    private final Verbs verbs;

    public ScriptRunner(Session session) {
        this.session = session;
        this.verbs = Verbs.standard(this);
        this.binding = new SessionBinding(session, verbs);
        CompilerConfiguration config = new CompilerConfiguration();
        config.setScriptBaseClass(BenchScript.class.getName());
        config.addCompilationCustomizers(new ImportCustomizer().addImports("java.time.Duration"), new ExpectRewriter(), new MissingColons(verbs),
                new ScriptRewrites(binding::declareLocal));
        this.shell = new GroovyShell(ScriptRunner.class.getClassLoader(), binding, config);
    }

    /** The verbs this runner's scripts call (help and completion list them). */
    public Verbs verbs() {
        return verbs;
    }

    /** Binds a variable for every script this runner evaluates. */
    public void bind(String name, Object value) {
        shell.setVariable(name, value);
    }

    /** A variable the scripts have bound ({@code r}, {@code _1}, a host), or null: for completion. Never runs a verb. */
    public Object variable(String name) {
        try {
            return binding.hasVariable(name) ? binding.getVariable(name) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public Object evaluateFile(Path file) throws IOException {
        return evaluateFile(file, checked -> { });
    }

    /** As {@link #evaluate(String, String, Consumer)}, for a file. */
    public Object evaluateFile(Path file, Consumer<Precheck.Outcome> beforeRun) throws IOException {
        return evaluate(Files.readString(file), file.toString(), beforeRun);
    }

    /** Compiles, checks, then runs {@code code}; {@code fileName} appears in error locations. */
    public Object evaluate(String code, String fileName) {
        return evaluate(code, fileName, checked -> { });
    }

    /**
     * As {@link #evaluate(String, String)}; {@code beforeRun} gets how the check ended, between the check and the
     * run (it may throw to run nothing). In a dry run or a {@code together} block the text is not checked first:
     * it is itself not run.
     */
    public Object evaluate(String code, String fileName, Consumer<Precheck.Outcome> beforeRun) {
        Class<? extends Script> compiled = compile(code, fileName);
        Sources.register(compiled, fileName, code);
        session.provenance().evaluated(fileName, code);
        boolean runs = session.context().mode() == RunContext.Mode.RUN;
        beforeRun.accept(runs ? Precheck.run(session, binding, compiled, fileName) : Precheck.Outcome.SKIPPED);
        try {
            return InvokerHelper.createScript(compiled, binding).run();
        } catch (Exception | CheckStop e) {
            if (ScriptErrors.unwrap(e) instanceof TestCancelledException stop) {
                throw stop; // the user stopped the script: not an error of the script
            }
            throw ScriptErrors.runtimeError(e, compiled, fileName);
        }
    }

    @SuppressWarnings("unchecked")
    private Class<? extends Script> compile(String code, String fileName) {
        try {
            return (Class<? extends Script>) shell.parse(code, scriptName(fileName)).getClass();
        } catch (MultipleCompilationErrorsException e) {
            throw ScriptErrors.compileError(e, fileName);
        } catch (CompilationFailedException e) {
            throw new ScriptError(fileName, 0, e.getMessage(), e);
        }
    }

    private static String scriptName(String fileName) {
        String base = Path.of(fileName.isEmpty() ? "script" : fileName).getFileName().toString().replaceAll("\\.groovy$", "");
        String name = base.replaceAll("[^A-Za-z0-9_]", "_");
        return (Character.isJavaIdentifierStart(name.isEmpty() ? '_' : name.charAt(0)) ? name : "_" + name) + ".groovy";
    }
}

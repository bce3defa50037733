package benchsh.shell.script;

import benchsh.shell.args.Arg;
import benchsh.shell.verb.Verb;
import benchsh.shell.verb.Verbs;
import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.classgen.GeneratorContext;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.customizers.CompilationCustomizer;
import org.codehaus.groovy.control.messages.SyntaxErrorMessage;
import org.codehaus.groovy.syntax.SyntaxException;

/**
 * A compile error for an argument written without its colon: Groovy reads {@code tcp time 2.s} as
 * {@code tcp(time).2.s} and {@code tcp to b, time: 2.s} as {@code tcp.to([time: 2.s], b)}, which would fail
 * only when the line runs, saying "unknown name 'time'". When the word is an argument of that verb, the
 * script does not compile and the error says {@code missing ':' after 'time'}, with its line and column.
 */
final class MissingColons extends CompilationCustomizer {
    private final Verbs verbs;

    MissingColons(Verbs verbs) {
        super(CompilePhase.CONVERSION);
        this.verbs = verbs;
    }

    @Override
    public void call(SourceUnit source, GeneratorContext context, ClassNode classNode) {
        new ClassCodeVisitorSupport() {
            @Override
            protected SourceUnit getSourceUnit() {
                return source;
            }

            @Override
            public void visitPropertyExpression(PropertyExpression e) {
                // tcp time 2.s → this.tcp(time).2.s
                if (!chained(e.getObjectExpression(), source)) {
                    super.visitPropertyExpression(e);
                }
            }

            @Override
            public void visitMethodCallExpression(MethodCallExpression m) {
                // tcp time 2.s, size: 1.KiB → this.tcp(time).2([size: 1.KiB], s)...; tcp to b, time: 2.s → tcp.to([time: 2.s], b)
                if (!chained(m.getObjectExpression(), source) && !calledOnVerb(m, source)) {
                    super.visitMethodCallExpression(m);
                }
            }
        }.visitClass(classNode);
    }

    /** {@code verb(word)} followed by more of the chain, with {@code word} an argument of the verb: reported. */
    private boolean chained(Expression object, SourceUnit source) {
        if (object instanceof MethodCallExpression call && call.isImplicitThis() && call.getArguments() instanceof TupleExpression args) {
            Verb verb = verbs.get(call.getMethodAsString());
            if (verb != null && !args.getExpressions().isEmpty()
                    && args.getExpression(args.getExpressions().size() - 1) instanceof VariableExpression word && declares(verb, word.getName())) {
                report(source, word, verb);
                return true;
            }
        }
        return false;
    }

    /** {@code verb.word(...)} where {@code verb} is a verb's name and {@code word} one of its arguments: reported. */
    private boolean calledOnVerb(MethodCallExpression m, SourceUnit source) {
        if (m.getObjectExpression() instanceof VariableExpression v && !v.isThisExpression() && m.getArguments() instanceof ArgumentListExpression
                && verbs.get(v.getName()) != null && declares(verbs.get(v.getName()), m.getMethodAsString())) {
            report(source, m.getMethod(), verbs.get(v.getName()));
            return true;
        }
        return false;
    }

    private static boolean declares(Verb verb, String name) {
        return name != null && verb.spec().args().stream().map(Arg::name).anyMatch(name::equals);
    }

    private static void report(SourceUnit source, Expression word, Verb verb) {
        String name = word.getText();
        String message = "missing ':' after '" + name + "' (arguments are written name: value, e.g. " + verb.spec().name() + " " + name + ": ...)";
        source.getErrorCollector().addError(new SyntaxErrorMessage(
                new SyntaxException(message, word.getLineNumber(), word.getColumnNumber()), source));
    }
}

package benchsh.shell.script;

import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MapExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.classgen.GeneratorContext;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.customizers.CompilationCustomizer;

/**
 * Makes {@code expect r.throughput > 900.Mbit} mean {@code expect(r.throughput > 900.Mbit)}. Groovy
 * parses the command expression as {@code expect(r.throughput) > 900.Mbit}; this moves the rest of a
 * comparison or logical expression back inside the call, for statements that start with {@code expect}.
 * The condition of a one-argument {@code expect} is then evaluated through {@link ExpectRecorder}, so a
 * failed expectation can show its operands' values. The other forms ({@code expect('what') { ... }},
 * {@code expect r, within: ..., of: ...}) are left as written.
 */
final class ExpectRewriter extends CompilationCustomizer {

    ExpectRewriter() {
        super(CompilePhase.CONVERSION);
    }

    @Override
    public void call(SourceUnit source, GeneratorContext context, ClassNode classNode) {
        new ClassCodeVisitorSupport() {
            @Override
            protected SourceUnit getSourceUnit() {
                return source;
            }

            @Override
            public void visitExpressionStatement(ExpressionStatement statement) {
                Expression rewritten = rewrite(statement.getExpression(), source);
                if (rewritten != null) {
                    statement.setExpression(rewritten);
                }
                super.visitExpressionStatement(statement);
            }
        }.visitClass(classNode);
    }

    /**
     * {@code expect(a) OP b ...} → {@code expect(observed(a OP b ...))} and {@code expect(c)} →
     * {@code expect(observed(c))}, or null when the statement is something else.
     */
    static Expression rewrite(Expression e, SourceUnit source) {
        Expression inner = e instanceof BinaryExpression ? hoist(e) : condition(e);
        if (inner == null) {
            return null;
        }
        MethodCallExpression call = new MethodCallExpression(VariableExpression.THIS_EXPRESSION, "expect",
                new ArgumentListExpression(ExpectRecorder.observed(inner, source)));
        call.setImplicitThis(true);
        call.setSourcePosition(e);
        return call;
    }

    /** The condition of {@code expect(c)}: one argument, neither a closure nor named arguments; else null. */
    private static Expression condition(Expression e) {
        if (e instanceof MethodCallExpression m && m.isImplicitThis() && "expect".equals(m.getMethodAsString())
                && m.getArguments() instanceof ArgumentListExpression args && args.getExpressions().size() == 1
                && !(args.getExpression(0) instanceof ClosureExpression) && !(args.getExpression(0) instanceof MapExpression)) {
            return args.getExpression(0);
        }
        return null;
    }

    private static Expression hoist(Expression e) {
        Expression c = condition(e);
        if (c != null) {
            return c;
        }
        if (e instanceof BinaryExpression b) {
            Expression left = hoist(b.getLeftExpression());
            if (left != null) {
                BinaryExpression copy = new BinaryExpression(left, b.getOperation(), b.getRightExpression());
                copy.setSourcePosition(b);
                copy.setLineNumber(left.getLineNumber());
                copy.setColumnNumber(left.getColumnNumber());
                return copy;
            }
        }
        return null;
    }
}

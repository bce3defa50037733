package benchsh.shell.script;

import java.util.function.Consumer;
import org.codehaus.groovy.ast.ClassCodeExpressionTransformer;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.DynamicVariable;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.DeclarationExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.classgen.GeneratorContext;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.customizers.CompilationCustomizer;

/**
 * Two small rewrites of a compiled script, for what a REPL user expects:
 * <ul>
 * <li>{@code results} as a value ({@code results.last()}, {@code results[3]}, {@code r = results}) is the session's
 * results ({@link BenchScript#resultsValue}), without the table the {@code results} verb prints; {@code results}
 * alone on its line still prints it. A local variable named {@code results} is left alone.</li>
 * <li>Each name declared with {@code def} (or a type) among the script's top-level statements is reported, so an
 * unknown name later can say that {@code def} made it local.</li>
 * </ul>
 */
final class ScriptRewrites extends CompilationCustomizer {
    private final Consumer<String> declared;

    /** @param declared gets the name of every top-level local */
    ScriptRewrites(Consumer<String> declared) {
        super(CompilePhase.SEMANTIC_ANALYSIS); // variables are resolved: a local 'results' is no longer dynamic
        this.declared = declared;
    }

    @Override
    public void call(SourceUnit source, GeneratorContext context, ClassNode classNode) {
        if (classNode.isScript()) {
            for (Statement s : source.getAST().getStatementBlock().getStatements()) {
                if (s instanceof ExpressionStatement es && es.getExpression() instanceof DeclarationExpression d) {
                    if (d.isMultipleAssignmentDeclaration()) {
                        d.getTupleExpression().getExpressions().forEach(v -> declared.accept(((VariableExpression) v).getName()));
                    } else {
                        declared.accept(d.getVariableExpression().getName());
                    }
                }
            }
        }
        new ClassCodeExpressionTransformer() {
            @Override
            protected SourceUnit getSourceUnit() {
                return source;
            }

            @Override
            public void visitExpressionStatement(ExpressionStatement statement) {
                if (!isResults(statement.getExpression())) { // results alone: the verb, which prints the table
                    super.visitExpressionStatement(statement);
                }
            }

            @Override
            public Expression transform(Expression e) {
                if (e instanceof ClosureExpression c) {
                    c.getCode().visit(this);
                    return c;
                }
                if (isResults(e)) {
                    MethodCallExpression value = new MethodCallExpression(VariableExpression.THIS_EXPRESSION, "resultsValue", ArgumentListExpression.EMPTY_ARGUMENTS);
                    value.setImplicitThis(true);
                    value.setSourcePosition(e);
                    return value;
                }
                return super.transform(e);
            }
        }.visitClass(classNode);
    }

    private static boolean isResults(Expression e) {
        return e instanceof VariableExpression v && "results".equals(v.getName()) && v.getAccessedVariable() instanceof DynamicVariable;
    }
}

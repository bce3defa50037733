package benchsh.shell.script;

import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.BooleanExpression;
import org.codehaus.groovy.ast.expr.CastExpression;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.ExpressionTransformer;
import org.codehaus.groovy.ast.expr.ListExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.ast.expr.StaticMethodCallExpression;
import org.codehaus.groovy.ast.expr.TernaryExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.ast.expr.UnaryMinusExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.control.Janitor;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.syntax.Types;

/**
 * Rewrites the condition of {@code expect COND} to {@code Observed.observe { rec -> COND' }}, where
 * {@code COND'} is {@code COND} with each value worth showing wrapped in {@code rec.note('text', 'key', value)}:
 * variables, properties, method calls and arithmetic, but not constants, receivers ({@code r} in
 * {@code r.throughput}), comparisons or logical operators, whose operands are shown instead. Groovy still
 * evaluates the condition (short-circuits included); the recorder only sees the values go by, the way
 * Groovy's power assert does. Not thread-safe: one per compilation of a statement.
 */
final class ExpectRecorder implements ExpressionTransformer {
    private static final String RECORDER = "$expectValues";

    private final SourceUnit source;
    private final ExpressionTransformer receivers = this::receiver;

    private ExpectRecorder(SourceUnit source) {
        this.source = source;
    }

    /** {@code condition} evaluated through a recorder: {@code Observed.observe { rec -> condition' }}. */
    static Expression observed(Expression condition, SourceUnit source) {
        Expression body = new ExpectRecorder(source).transform(condition);
        ClosureExpression closure = new ClosureExpression(new Parameter[] {new Parameter(ClassHelper.dynamicType(), RECORDER)},
                new ExpressionStatement(body));
        closure.setSourcePosition(condition);
        StaticMethodCallExpression call = new StaticMethodCallExpression(ClassHelper.make(Observed.class), "observe",
                new ArgumentListExpression(closure));
        call.setSourcePosition(condition);
        return call;
    }

    @Override
    public Expression transform(Expression e) {
        if (e == null || e instanceof ConstantExpression || e instanceof ClosureExpression) {
            return e;
        }
        String text = text(e);
        if (e instanceof VariableExpression v) {
            return v.isThisExpression() || v.isSuperExpression() ? v : note(v, text, v.getName());
        }
        if (e.getClass() == PropertyExpression.class) {
            PropertyExpression p = (PropertyExpression) e;
            p.setObjectExpression(receiver(p.getObjectExpression()));
            return note(p, text, p.getPropertyAsString());
        }
        if (e.getClass() == MethodCallExpression.class) {
            MethodCallExpression m = (MethodCallExpression) e;
            m.setObjectExpression(receiver(m.getObjectExpression()));
            m.setArguments(transform(m.getArguments()));
            return note(m, text, null);
        }
        if (e instanceof BinaryExpression b && b.getClass() == BinaryExpression.class) {
            int op = b.getOperation().getType();
            if (Types.isAssignment(op)) {
                return b;
            }
            if (op == Types.LEFT_SQUARE_BRACKET) {
                return note(index(b), text, b.getRightExpression() instanceof ConstantExpression c && c.getValue() instanceof String k ? k : null);
            }
            Expression copy = b.transformExpression(this);
            return arithmetic(op) ? note(copy, text, key(b)) : copy;
        }
        if (e instanceof StaticMethodCallExpression || e instanceof CastExpression || e instanceof UnaryMinusExpression
                || e instanceof TernaryExpression) {
            return note(e.transformExpression(this), text, null);
        }
        if (e instanceof BooleanExpression || e instanceof TupleExpression || e instanceof ListExpression) {
            return e.transformExpression(this);
        }
        return e;
    }

    /** The object of a property, call or index: not shown itself (its member is), but looked into. */
    private Expression receiver(Expression e) {
        if (e instanceof VariableExpression || e instanceof ConstantExpression || e instanceof ClosureExpression || e == null) {
            return e;
        }
        if (e.getClass() == PropertyExpression.class || e.getClass() == MethodCallExpression.class) {
            return e.transformExpression(receivers);
        }
        if (e instanceof BinaryExpression b && b.getClass() == BinaryExpression.class && b.getOperation().getType() == Types.LEFT_SQUARE_BRACKET) {
            return index(b);
        }
        return transform(e);
    }

    /** {@code a[i]} with {@code a} looked into as a receiver and {@code i} shown. */
    private Expression index(BinaryExpression b) {
        BinaryExpression copy = new BinaryExpression(receiver(b.getLeftExpression()), b.getOperation(), transform(b.getRightExpression()), b.isSafe());
        copy.setSourcePosition(b);
        return copy;
    }

    private Expression note(Expression value, String text, String key) {
        MethodCallExpression call = new MethodCallExpression(new VariableExpression(RECORDER), "note",
                new ArgumentListExpression(new ConstantExpression(text), new ConstantExpression(key), value));
        call.setSourcePosition(value);
        return call;
    }

    private static boolean arithmetic(int op) {
        return op == Types.PLUS || op == Types.MINUS || op == Types.MULTIPLY || op == Types.DIVIDE || op == Types.INTDIV
                || op == Types.MOD || op == Types.POWER || op == Types.LEFT_SQUARE_BRACKET;
    }

    /**
     * What a value is, for formatting it ({@code throughput}, {@code Mbit}): a property's name; for a sum,
     * its operands'; for a product or quotient, its non-constant side's when the other side is a constant.
     */
    private static String key(Expression e) {
        if (e instanceof PropertyExpression p) {
            return p.getPropertyAsString();
        }
        if (e instanceof VariableExpression v) {
            return v.getName();
        }
        if (e instanceof BinaryExpression b && arithmetic(b.getOperation().getType())) {
            int op = b.getOperation().getType();
            Expression l = b.getLeftExpression();
            Expression r = b.getRightExpression();
            if (op == Types.PLUS || op == Types.MINUS) {
                String k = key(l);
                return k != null ? k : key(r);
            }
            if (op == Types.MULTIPLY || op == Types.DIVIDE) {
                return l instanceof ConstantExpression ? key(r) : r instanceof ConstantExpression ? key(l) : null;
            }
        }
        return null;
    }

    /** The expression as written in the script when it sits on one line, else as Groovy prints it. */
    private String text(Expression e) {
        if (e instanceof BinaryExpression b && b.getOperation().getType() == Types.LEFT_SQUARE_BRACKET) {
            return text(b.getLeftExpression()) + (b.isSafe() ? "?[" : "[") + text(b.getRightExpression()) + "]";
        }
        int line = e.getLineNumber();
        if (source != null && line > 0 && line == e.getLastLineNumber() && e.getColumnNumber() > 0) {
            Janitor janitor = new Janitor();
            try {
                String l = source.getSource().getLine(line, janitor);
                if (l != null && e.getLastColumnNumber() - 1 <= l.length() && e.getColumnNumber() < e.getLastColumnNumber()) {
                    return l.substring(e.getColumnNumber() - 1, e.getLastColumnNumber() - 1).trim();
                }
            } finally {
                janitor.cleanup();
            }
        }
        return e.getText();
    }
}

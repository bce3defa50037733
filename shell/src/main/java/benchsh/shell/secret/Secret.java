package benchsh.shell.secret;

import benchsh.shell.args.UsageException;
import java.util.function.UnaryOperator;

/**
 * A password as the scenario language hands it to {@code host}: a value (written, from a variable or
 * {@code --set}, or read by {@code env('NAME')}), or {@link #PROMPT}, "ask on the terminal". It
 * prints as {@code ***}, so printing it by accident shows nothing. Immutable.
 */
public final class Secret {
    /** {@code password: prompt}: ask for it without echo when the host is declared. */
    public static final Secret PROMPT = new Secret(null);

    private final String value;

    private Secret(String value) {
        this.value = value;
    }

    /** A secret value; it is remembered for masking only when a host uses it. */
    public static Secret of(CharSequence value) {
        return new Secret(value.toString());
    }

    /**
     * The value of the environment variable {@code name} ({@code env} reads the process environment),
     * remembered at once in {@code secrets}; a usage error when it is unset or empty.
     */
    public static Secret fromEnvironment(String name, UnaryOperator<String> env, Secrets secrets) {
        if (name == null || name.isBlank()) {
            throw new UsageException("env needs the name of an environment variable, e.g. password: env('PC1_PW')");
        }
        String v = env.apply(name);
        if (v == null || v.isEmpty()) {
            throw new UsageException("env('" + name + "'): the environment variable " + name + " is not set; "
                    + "export " + name + "=... in the shell that starts benchsh");
        }
        secrets.remember(v);
        return new Secret(v);
    }

    public boolean isPrompt() {
        return value == null;
    }

    /** The secret's characters (a fresh copy); null for {@link #PROMPT}. */
    public char[] chars() {
        return value == null ? null : value.toCharArray();
    }

    @Override
    public String toString() {
        return isPrompt() ? "prompt" : Secrets.MASK;
    }
}

package benchsh.shell.verb;

import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.secret.Secret;
import java.util.List;

/**
 * {@code env('PC1_PW')}: a password from an environment variable, so it is never written in a
 * script, a command line or the history. The value is a {@link Secret}: it prints as {@code ***}
 * and is masked in everything benchsh writes.
 */
public final class EnvVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("env", "a password from an environment variable (prints as ***)", "'NAME'",
            List.of(), List.of("pc1 = host 'me@pc1', password: env('PC1_PW')"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) {
        if (args.positional().size() != 1) {
            throw new UsageException("usage: env('NAME'), e.g. password: env('PC1_PW')");
        }
        return Secret.fromEnvironment(String.valueOf(args.positional().get(0)), System::getenv, session.secrets());
    }
}

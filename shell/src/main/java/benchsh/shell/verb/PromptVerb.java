package benchsh.shell.verb;

import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.Session;
import benchsh.shell.secret.Secret;
import java.util.List;

/**
 * {@code password: prompt}: benchsh asks for the password without echo when the host is declared, on the
 * terminal it runs in: the REPL's, or the one a batch run was started from. Without a terminal (a pipe, cron,
 * CI) nobody can be asked, so {@code host} refuses it there and points to {@code env('NAME')}.
 */
public final class PromptVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("prompt", "password: prompt asks for the password without echo, on the terminal", "",
            List.of(), List.of("pc1 = host 'me@pc1', password: prompt"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) {
        return Secret.PROMPT;
    }
}

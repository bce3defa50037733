package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.definition.Definition;
import benchsh.shell.result.Result;
import benchsh.shell.run.Test;

/**
 * A measuring verb: its {@link Definition} builds the test from the arguments and the session's executor
 * runs it in the script's current context (or plans or collects it). Stateless.
 */
final class MeasureVerb implements Verb {
    private final Definition definition;

    MeasureVerb(Definition definition) {
        this.definition = definition;
    }

    @Override
    public VerbSpec spec() {
        return definition.verb();
    }

    @Override
    public boolean measures() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) {
        Test test = definition.build(args, session.hosts());
        Result r = session.executor().run(test, session.context());
        return r == null ? null : definition.returned(r, test);
    }
}

package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.definition.Definition;
import benchsh.shell.observe.ObserveArg;
import benchsh.shell.result.Result;
import benchsh.shell.run.RunContext;
import benchsh.shell.run.Test;

/**
 * A measuring verb: its {@link Definition} builds the test from the arguments and the session's executor
 * runs it in the script's current context (or plans or collects it), with the hosts of {@code observe:}
 * ({@link ObserveArg}, which every measuring verb takes) watched too. Stateless.
 */
final class MeasureVerb implements Verb {
    private final Definition definition;
    private final VerbSpec spec;

    MeasureVerb(Definition definition) {
        this.definition = definition;
        this.spec = ObserveArg.addTo(definition.verb());
    }

    @Override
    public VerbSpec spec() {
        return spec;
    }

    @Override
    public boolean measures() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) {
        Test test = definition.test(args, session.hosts(), new SessionTrees(session));
        RunContext context = session.context();
        if (args.given(ObserveArg.ARG.name())) {
            context = context.observing(args.hosts(ObserveArg.ARG.name()), false);
        }
        Result r = session.executor().run(test, context);
        return r == null ? null : definition.returned(r, test);
    }
}

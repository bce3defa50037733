package benchsh.shell.verb;

import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import groovy.lang.Closure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tag(what: 'local disk') { ... }}: every result measured inside the block carries these tags,
 * so tables can pivot by them ({@code table rows: 'what'}). Returns what the block returns.
 */
public final class TagVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("tag", "tag every result measured inside a block", "(name: value, ...) { ... }",
            List.of(), List.of("tag(what: 'wire a->b') { repeat(3) { tcp from: a, to: b } }", "table rows: 'what'"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object invoke(Session session, Object[] a) {
        if (a.length != 2 || !(a[0] instanceof Map<?, ?> named) || named.isEmpty() || !(a[1] instanceof Closure<?> body)) {
            throw new UsageException("usage: tag(what: 'local disk') { ... }");
        }
        Map<String, Object> tags = new LinkedHashMap<>();
        named.forEach((k, v) -> tags.put(String.valueOf(k), v));
        return session.withTags(tags, body::call);
    }

    @Override
    public Object call(Args args, Session session) {
        throw new UsageException("usage: tag(what: 'local disk') { ... }");
    }
}

package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.host.SshHost;
import benchsh.shell.host.ssh.SshSpec;
import benchsh.shell.host.ssh.SshTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code host 'user@name:port'}: a host reached over SSH, resolved through the ssh config. Returns
 * the host (connected lazily, on first use) and registers it in the session under its name; bind it
 * to a variable to use it: {@code a = host 'h1'}.
 */
public final class HostVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("host", "a host reached over SSH (connects on first use)", "'[user@]name[:port]'",
            List.of(
                    Arg.of("key", ArgType.TEXT, null, "private key file to log in with"),
                    Arg.of("password", ArgType.TEXT, null, "password to log in with (never stored in results)"),
                    Arg.of("java", ArgType.TEXT, null, "the java command on the host (default java)"),
                    Arg.of("dir", ArgType.TEXT, null, "remote work directory (default ~/.cache/benchsh)"),
                    Arg.of("runtime", ArgType.BOOL, false, "without Java 17+ there, upload a private Java runtime built here"),
                    Arg.of("known_hosts", ArgType.TEXT, null, "known_hosts file that vouches for the host key"),
                    Arg.of("jump", ArgType.TEXT, null, "jump hosts to go through, like ProxyJump: '[user@]host[:port][,...]', or 'none'"),
                    Arg.of("name", ArgType.TEXT, null, "the host's name in the session (default: as written)")),
            List.of("a = host 'h1'", "b = host 'me@10.0.0.2:2222', key: '~/.ssh/id_ed25519'",
                    "c = host 'pc1', java: '/opt/jdk-21/bin/java', dir: '/tmp/benchsh'",
                    "d = host 'lab@10.0.5.7', jump: 'me@bastion:22'", "e = host 'pc3', runtime: true"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) throws IOException {
        if (args.positional().size() != 1) {
            throw new UsageException("host takes one host, e.g. host 'user@name:2222'");
        }
        String written = String.valueOf(args.positional().get(0));
        SshSpec spec;
        try {
            spec = SshSpec.parse(written);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        String name = args.given("name") ? args.text("name") : written;
        if (name.equals("local")) {
            throw new UsageException("'local' is the built-in local host; give this one another name: name: 'me'");
        }
        SshTarget target;
        try {
            target = session.ssh().config().resolve(name, spec, path(args.text("key")), args.text("java"), args.text("dir"),
                    path(args.text("known_hosts")), args.text("jump")).withRuntime(args.bool("runtime"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("jump host " + e.getMessage());
        }
        Host existing = session.hosts().get(name);
        if (existing instanceof SshHost s && s.target().equals(target) && !args.given("password")) {
            return s;
        }
        String password = args.text("password");
        return session.hosts().add(new SshHost(target, session.ssh(), password == null ? null : password.toCharArray()));
    }

    private static Path path(String p) {
        if (p == null) {
            return null;
        }
        return p.equals("~") || p.startsWith("~/") ? Path.of(System.getProperty("user.home") + p.substring(1)) : Path.of(p);
    }
}

package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.host.CpuList;
import benchsh.shell.host.Host;
import benchsh.shell.host.LocalHost;
import benchsh.shell.host.SshHost;
import benchsh.shell.host.ssh.SecretPrompt;
import benchsh.shell.host.ssh.SshSpec;
import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.secret.Secret;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code host 'user@name:port'}: a host reached over SSH, resolved through the ssh config. Returns
 * the host (connected lazily, on first use) and registers it in the session under its name; bind it
 * to a variable to use it: {@code a = host 'h1'}. A password is remembered by the session's
 * {@link benchsh.shell.secret.Secrets} so it is masked wherever text is written. {@code cpus:} pins
 * the host's peer ({@code taskset -c}); {@code host 'local', cpus: '0'} pins the built-in local host's.
 */
public final class HostVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("host", "a host reached over SSH (connects on first use)", "'[user@]name[:port]'",
            List.of(
                    Arg.of("key", ArgType.TEXT, null, "private key file to log in with"),
                    Arg.of("password", ArgType.SECRET, null, "password to log in with: prompt (asks without echo), env('NAME'), or text; masked as *** in everything written"),
                    Arg.of("java", ArgType.TEXT, null, "the java command on the host (default java); given, the peer runs on it, not "
                            + "on benchsh's runtime"),
                    Arg.of("dir", ArgType.TEXT, null, "remote work directory (default ~/.cache/benchsh)"),
                    Arg.of("runtime", ArgType.BOOL, null, "run the peer on benchsh's own Java runtime (uploaded once, reused by hash): "
                            + "true always, false never (the host's Java 17+); default: where the host's Java is older than 22 or missing"),
                    Arg.of("cpus", ArgType.TEXT, null, "the CPUs the host's peer runs on, as taskset -c takes them: '1', '0-3', '0,2,4-5' "
                            + "('' for any); also for host 'local'"),
                    Arg.of("known_hosts", ArgType.TEXT, null, "known_hosts file that vouches for the host key"),
                    Arg.of("jump", ArgType.TEXT, null, "jump hosts to go through, like ProxyJump: '[user@]host[:port][,...]', or 'none'"),
                    Arg.of("name", ArgType.TEXT, null, "the host's name in the session (default: as written)")),
            List.of("a = host 'h1'", "b = host 'me@10.0.0.2:2222', key: '~/.ssh/id_ed25519'", "i = host 'me@[fd00::2]'",
                    "c = host 'pc1', java: '/opt/jdk-21/bin/java', dir: '/tmp/benchsh'",
                    "d = host 'lab@10.0.5.7', jump: 'me@bastion:22'", "e = host 'lab@pc2', password: env('PC2_PW')",
                    "f = host 'pc3', runtime: true", "g = host 'pc4', cpus: '1'", "host 'local', cpus: '0'"));

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
        String cpus = cpus(args);
        if (name.equals("local")) {
            return local(args, written, cpus, session);
        }
        SshTarget target;
        try {
            target = session.ssh().config().resolve(name, spec, path(args.text("key")), args.text("java"), args.text("dir"),
                    path(args.text("known_hosts")), args.text("jump")).withRuntime(runtime(args));
        } catch (IllegalArgumentException e) {
            throw new UsageException("jump host " + e.getMessage());
        }
        target = target.withCpus(cpus);
        Host existing = session.hosts().get(name);
        if (existing instanceof SshHost s && s.target().equals(target) && !args.given("password")) {
            return s;
        }
        char[] password = password(args.given("password") ? (Secret) args.get("password") : null, name, session);
        return session.hosts().add(new SshHost(target, session.ssh(), session.secrets().remember(password)));
    }

    /** {@code runtime:} as given; else never when {@code java:} names the host's Java, else the default rule. */
    private static SshTarget.RuntimeUse runtime(Args args) {
        if (args.given("runtime")) {
            return args.bool("runtime") ? SshTarget.RuntimeUse.ALWAYS : SshTarget.RuntimeUse.NEVER;
        }
        return args.given("java") ? SshTarget.RuntimeUse.NEVER : SshTarget.RuntimeUse.DEFAULT;
    }

    /** {@code cpus:}, checked; null when not given or blank. */
    private static String cpus(Args args) {
        try {
            return CpuList.check(args.text("cpus"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** {@code host 'local', cpus: ...}: pins the built-in local host's peer, restarting it if it runs. */
    private static Host local(Args args, String written, String cpus, Session session) {
        boolean others = SPEC.args().stream().anyMatch(a -> !List.of("cpus", "name").contains(a.name()) && args.given(a.name()));
        if (!written.equals("local") || others || !args.given("cpus")) {
            throw new UsageException("'local' is the built-in local host, and cpus: is all it takes (host 'local', cpus: '0'); "
                    + "give an SSH host another name: name: 'me'");
        }
        LocalHost local = (LocalHost) session.hosts().local();
        if (session.context().planning()) {
            return local; // a dry run leaves the local peer, and where it runs, alone
        }
        if (local.cpus(cpus)) {
            session.print("note: local: closed its running peer; the next test starts one on " + (cpus == null ? "any CPU" : "CPUs " + cpus)
                    + "\n");
        }
        return local;
    }

    /** The password's characters, asking for them now for {@code password: prompt}; null for none. */
    private static char[] password(Secret given, String name, Session session) {
        if (given == null || !given.isPrompt()) {
            return given == null ? null : given.chars();
        }
        SecretPrompt prompt = session.secretPrompt();
        if (prompt == SecretPrompt.NONE) {
            throw new UsageException("host " + name + ": password: prompt asks on a terminal, and this run has none (its input is not one); "
                    + "export the password in an environment variable and write password: env('NAME')");
        }
        char[] answer = prompt.ask("password for " + name + ": ");
        if (answer == null) {
            throw new UsageException("host " + name + ": no password was given at the prompt");
        }
        return answer;
    }

    private static Path path(String p) {
        if (p == null) {
            return null;
        }
        return p.equals("~") || p.startsWith("~/") ? Path.of(System.getProperty("user.home") + p.substring(1)) : Path.of(p);
    }
}

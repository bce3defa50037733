package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.auth.keyboard.UserInteraction;
import org.apache.sshd.client.config.hosts.HostConfigEntry;
import org.apache.sshd.client.future.AuthFuture;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.channel.exception.SshChannelOpenException;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.util.io.resource.PathResource;
import org.apache.sshd.common.util.security.SecurityUtils;

/**
 * Opens one authenticated SSH session: DNS, TCP connect (bounded by the connect timeout), host key
 * check, login with the ssh-agent, keys and/or a password (bounded by the auth timeout), through
 * jump hosts when the target has any (each next hop runs inside a channel of the previous one: no
 * local port is opened). Every failure becomes a
 * {@link HostException} naming the host, the step and what to try. Passwords are used once and
 * never logged. Stateless; thread-safe.
 */
public final class SshLogin {
    private SshLogin() {
    }

    /** A logged-in session and the address it reached (the host's data address). */
    public record Opened(ClientSession session, String address) {
    }

    /**
     * Logs in to {@code t}, through its jump hosts if it has any (each hop's host key is checked
     * against its own known_hosts, like the target's). A failure at a jump host is reported as
     * {@code h2 via h1: connect to h1: ...}. Closing the returned session closes the jump sessions.
     *
     * @param password the target's password, or null (jump hosts log in with keys, the agent or a prompt)
     */
    public static Opened open(SshClient client, SshSettings settings, SshTarget t, char[] password)
            throws HostException, InterruptedException {
        if (t.jumps().isEmpty()) {
            return hop(client, settings, t, password, null);
        }
        String who = t.name() + " via " + t.via();
        List<ClientSession> jumps = new ArrayList<>();
        try {
            ClientSession previous = null;
            for (SshTarget jump : t.jumps()) {
                try {
                    previous = hop(client, settings, jump, null, previous).session();
                } catch (HostException e) {
                    throw new HostException(who, atHop(e.step(), jump.name()), e.detail(), e.getCause());
                }
                jumps.add(previous);
            }
            Opened last;
            try {
                last = hop(client, settings, t, password, previous);
            } catch (HostException e) {
                throw new HostException(who, e.step(), e.detail(), e.getCause());
            }
            last.session().addCloseFutureListener(f -> closeAll(jumps));
            return last;
        } catch (HostException | InterruptedException | RuntimeException e) {
            closeAll(jumps);
            throw e;
        }
    }

    /** {@code connect} at jump host h1 becomes {@code connect to h1}, {@code host key} becomes {@code host key of h1}. */
    private static String atHop(String step, String hop) {
        return switch (step) {
            case "resolve" -> "resolve " + hop;
            case "host key" -> "host key of " + hop;
            default -> step + " to " + hop;
        };
    }

    private static void closeAll(List<ClientSession> sessions) {
        for (int i = sessions.size() - 1; i >= 0; i--) {
            sessions.get(i).close(true);
        }
    }

    /**
     * One hop: directly (through {@code via} == null: DNS, TCP) or through the session {@code via}:
     * then the SSH session runs inside a {@code direct-tcpip} channel of {@code via} (no socket, no
     * listening port here) and the jump host resolves the name.
     */
    private static Opened hop(SshClient client, SshSettings settings, SshTarget t, char[] password, ClientSession via)
            throws HostException, InterruptedException {
        InetAddress address;
        try {
            address = InetAddress.getByName(t.hostName());
        } catch (UnknownHostException e) {
            if (via == null) {
                throw new HostException(t.name(), "resolve", "unknown host name '" + t.hostName()
                        + "' (DNS lookup failed); check the spelling or add a Host entry to the ssh config");
            }
            address = null; // the jump host may know the name; data then goes to the name as written
        }
        String reached = address == null ? t.hostName() : address.getHostAddress();
        List<String> names = new ArrayList<>(new LinkedHashSet<>(List.of(t.hostName(), reached)));
        HostKeyCheck check = new HostKeyCheck(t.knownHostsFiles(), names, t.port(), settings.hostKeys());
        String where = reached + ":" + t.port();
        HostConfigEntry entry;
        AttributeRepository context;
        if (via == null) {
            entry = new HostConfigEntry(t.hostName(), reached, t.port(), t.user());
            context = AttributeRepository.ofKeyValuePair(HostKeyCheck.KEY, check);
        } else {
            entry = new HostConfigEntry(t.hostName(), t.hostName(), t.port(), t.user());
            context = AttributeRepository.ofAttributesMap(Map.of(HostKeyCheck.KEY, check, ChannelConnector.JUMP, via));
            where = t.hostName() + ":" + t.port();
        }
        ClientSession session = connect(client, settings, t, entry, context, where, via != null);
        try {
            login(session, settings, t, password, check);
        } catch (HostException | InterruptedException | RuntimeException e) {
            session.close(true);
            throw e;
        }
        return new Opened(session, reached);
    }

    private static ClientSession connect(SshClient client, SshSettings settings, SshTarget t, HostConfigEntry entry,
                                         AttributeRepository context, String where, boolean viaJump)
            throws HostException, InterruptedException {
        ConnectFuture f;
        try {
            f = client.connect(entry, context, null);
        } catch (IOException e) {
            throw new HostException(t.name(), "connect", where + ": " + e.getMessage(), e);
        }
        boolean done;
        try {
            done = f.await(settings.connectTimeout());
        } catch (IOException e) {
            done = f.isDone();
        }
        if (!done) {
            f.cancel();
            throw new HostException(t.name(), "connect", "no answer from " + where + " within " + settings.connectTimeout().toSeconds()
                    + " s; check the address, that the host is up, and firewalls");
        }
        Throwable e = f.getException();
        if (e != null) {
            Throwable root = root(e);
            String msg;
            if (viaJump && root instanceof SshChannelOpenException) {
                msg = "the jump host opened no channel to " + where + " (" + root.getMessage() + "): the target is down or "
                        + "unreachable from there, or the jump host does not allow TCP forwarding (AllowTcpForwarding)";
            } else if (root instanceof ConnectException) {
                msg = "connection refused by " + where + "; is sshd running there and listening on port " + t.port() + "?";
            } else if (root instanceof NoRouteToHostException) {
                msg = "no route to " + where + "; check the address and the network";
            } else {
                msg = where + ": " + root.getClass().getSimpleName() + ": " + root.getMessage();
            }
            throw new HostException(t.name(), "connect", msg, e);
        }
        return f.getSession();
    }

    private static void login(ClientSession s, SshSettings settings, SshTarget t, char[] password, HostKeyCheck check)
            throws HostException, InterruptedException {
        List<String> tried = new ArrayList<>();
        List<String> keyNotes = new ArrayList<>();
        FilePasswordProvider passphrases = (session, resource, retry) -> {
            if (retry > 0) {
                return null;
            }
            char[] p = settings.secrets().ask("passphrase for " + resource.getName() + ": ");
            return p == null ? null : new String(p);
        };
        List<String> keys = new ArrayList<>();
        for (Path id : t.identities()) {
            try (InputStream in = Files.newInputStream(id)) {
                Iterable<KeyPair> pairs = SecurityUtils.loadKeyPairIdentities(s, new PathResource(id), in, passphrases);
                if (pairs != null) {
                    for (KeyPair kp : pairs) {
                        s.addPublicKeyIdentity(kp);
                    }
                    keys.add(id.getFileName().toString());
                }
            } catch (IOException | GeneralSecurityException | RuntimeException e) {
                keyNotes.add("key " + id + " not usable (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                        + (e.getMessage() != null && e.getMessage().contains("password") ? "; encrypted keys need a passphrase, given in the shell" : "")
                        + ")");
            }
        }
        if (!keys.isEmpty()) {
            tried.add("publickey (" + String.join(", ", keys) + ")");
        }
        if (password != null) {
            s.addPasswordIdentity(new String(password));
            tried.add("password");
        } else if (settings.secrets() != SecretPrompt.NONE) {
            s.setUserInteraction(new PromptInteraction(settings.secrets(), t.where()));
            tried.add("password (asked)");
        }
        AuthFuture af;
        try {
            af = s.auth();
        } catch (IOException e) {
            throw failure(t, check, "login", e.getMessage(), e);
        }
        boolean done;
        try {
            done = af.await(settings.authTimeout());
        } catch (IOException e) {
            done = af.isDone();
        }
        if (!done) {
            af.cancel();
            throw failure(t, check, "login", "no answer within " + settings.authTimeout().toSeconds() + " s", null);
        }
        if (!af.isSuccess() && s.getServerVersion() == null) {
            throw failure(t, check, "login", "the server sent no SSH greeting; is port " + t.port() + " an SSH port?", af.getException());
        }
        if (!af.isSuccess()) {
            String agent = agentUnusable(s);
            if (settings.agent() != null && agent == null) {
                tried.add(0, "publickey (ssh-agent)");
            } else if (agent != null) {
                keyNotes.add(0, agent);
            }
            String what = tried.isEmpty() ? "no key or password to offer" : "tried " + String.join(", ", tried);
            String notes = keyNotes.isEmpty() ? "" : "; " + String.join("; ", keyNotes);
            throw failure(t, check, "login", "user '" + t.user() + "' was refused (" + what + ")" + notes
                    + "; check the user, give key: or password:, or add IdentityFile to the ssh config", af.getException());
        }
    }

    /** Why the session's ssh-agent could not be used in this login, or null (none configured, or it answered). */
    private static String agentUnusable(ClientSession s) {
        return s.getFactoryManager().getAgentFactory() instanceof AgentFactory agent ? agent.unusable() : null;
    }

    /** A host key refusal takes precedence: it is why the login could not even start. */
    private static HostException failure(SshTarget t, HostKeyCheck check, String step, String message, Throwable cause) {
        if (check.refusal() != null) {
            return new HostException(t.name(), "host key", check.refusal(), cause);
        }
        return new HostException(t.name(), step, message, cause);
    }

    static Throwable root(Throwable e) {
        Throwable r = e;
        for (int i = 0; i < 10 && r.getCause() != null && r.getCause() != r; i++) {
            r = r.getCause();
        }
        return r;
    }

    /** Asks for the password (and keyboard-interactive answers) through the shell; once per login. */
    private static final class PromptInteraction implements UserInteraction {
        private final SecretPrompt prompt;
        private final String where;
        private boolean asked;

        PromptInteraction(SecretPrompt prompt, String where) {
            this.prompt = prompt;
            this.where = where;
        }

        @Override
        public synchronized String resolveAuthPasswordAttempt(ClientSession session) {
            if (asked) {
                return null;
            }
            asked = true;
            char[] p = prompt.ask("password for " + where + ": ");
            return p == null ? null : new String(p);
        }

        @Override
        public String[] interactive(ClientSession session, String name, String instruction, String lang, String[] prompts, boolean[] echo) {
            String[] answers = new String[prompts.length];
            for (int i = 0; i < prompts.length; i++) {
                char[] a = prompt.ask(where + ": " + prompts[i]);
                if (a == null) {
                    return null;
                }
                answers[i] = new String(a);
            }
            return answers;
        }

        @Override
        public String getUpdatedPassword(ClientSession session, String prompt, String lang) {
            return null;
        }
    }
}

package benchsh.shell.host.ssh;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.agent.SshAgentFactory;
import org.apache.sshd.agent.SshAgentServer;
import org.apache.sshd.common.FactoryManager;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.session.Session;

/**
 * Gives Apache SSHD's public-key login the identities of the ssh-agent at {@code $SSH_AUTH_SOCK}
 * (offered before key files). An agent that cannot be reached or answers badly is skipped with a
 * one-line note, and login goes on with key files and passwords. No agent forwarding. Thread-safe.
 */
public final class AgentFactory implements SshAgentFactory {
    /** Deadline of each agent request. */
    static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final Path socket;
    private final Consumer<String> notes;
    /** Why the agent could not be used at the last login that asked for it, or null when it could. */
    private volatile String unusable;

    /** @param notes receives one line when the agent is not usable */
    public AgentFactory(Path socket, Consumer<String> notes) {
        this.socket = socket;
        this.notes = notes;
    }

    @Override
    public List<ChannelFactory> getChannelForwardingFactories(FactoryManager manager) {
        return List.of();
    }

    /** A connected agent whose identities were listed, or null (noted) when it is not usable. */
    @Override
    public SshAgent createClient(Session session, FactoryManager manager) {
        AgentClient agent = null;
        try {
            agent = AgentClient.connect(socket, TIMEOUT);
            agent.getIdentities();
            unusable = null;
            return agent;
        } catch (IOException | RuntimeException e) {
            if (agent != null) {
                try {
                    agent.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
            unusable = e.getMessage();
            notes.accept("ssh-agent not usable (" + e.getMessage() + "); logging in with key files and passwords");
            return null;
        }
    }

    /** Why the agent was not usable when a login last asked for it, or null: a login that failed says so instead of "tried the agent". */
    public String unusable() {
        return unusable;
    }

    @Override
    public SshAgentServer createServer(ConnectionService service) throws IOException {
        throw new IOException("benchsh does not forward the ssh-agent");
    }
}

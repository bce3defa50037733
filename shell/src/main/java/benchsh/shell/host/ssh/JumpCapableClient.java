package benchsh.shell.host.ssh;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.common.io.IoConnector;

/**
 * Apache SSHD's client with a connector that can also carry a session over a jump session's
 * {@code direct-tcpip} channel ({@link ChannelConnector}): put the jump session into the
 * connection context under {@link ChannelConnector#JUMP}. Thread-safe, like {@link SshClient}.
 */
final class JumpCapableClient extends SshClient {
    @Override
    protected IoConnector createConnector() {
        return new ChannelConnector(super.createConnector(), getSessionFactory());
    }
}

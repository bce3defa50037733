package benchsh.shell.host.ssh;

import java.io.IOException;
import java.net.SocketAddress;
import java.security.GeneralSecurityException;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.HostConfigEntry;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.session.AbstractClientSession;
import org.apache.sshd.common.io.IoConnector;
import org.apache.sshd.common.io.IoSession;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.common.session.helpers.AbstractSession;

/**
 * Apache SSHD's client with two changes. Its connector can carry a session over a jump session's
 * {@code direct-tcpip} channel ({@link ChannelConnector}: put the jump session into the connection
 * context under {@link ChannelConnector#JUMP}). And a session connected to an address reports the
 * host name of its {@link HostKeyCheck} as its connect address, which is what the principals of a
 * host certificate are checked against (as OpenSSH checks them against the name). Thread-safe, like
 * {@link SshClient}.
 */
final class BenchshClient extends SshClient {
    @Override
    protected IoConnector createConnector() {
        return new ChannelConnector(super.createConnector(), getSessionFactory());
    }

    /** Runs before the session reads anything from the server, so before the key exchange looks at the address. */
    @Override
    protected void onConnectOperationComplete(IoSession ioSession, ConnectFuture connectFuture, String username, SocketAddress address,
                                              KeyIdentityProvider identities, HostConfigEntry hostConfig)
            throws IOException, GeneralSecurityException {
        super.onConnectOperationComplete(ioSession, connectFuture, username, address, identities, hostConfig);
        AbstractClientSession session = (AbstractClientSession) AbstractSession.getSession(ioSession);
        HostKeyCheck check = session.getConnectionContext() == null ? null : session.getConnectionContext().getAttribute(HostKeyCheck.KEY);
        if (check != null) {
            session.setConnectAddress(check.hostAddress());
        }
    }
}

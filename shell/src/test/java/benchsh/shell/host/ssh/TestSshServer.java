package benchsh.shell.host.ssh;

import java.io.IOException;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.command.CommandFactory;
import org.apache.sshd.server.forward.ForwardingFilter;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.server.session.ServerSession;
import org.apache.sshd.server.shell.ProcessShellFactory;
import org.apache.sshd.sftp.server.FileHandle;
import org.apache.sshd.sftp.server.SftpEventListener;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * An in-process SSH server on a free loopback port: password and public-key login, exec through
 * {@code /bin/sh -c} (so the real peer runs as a child process), SFTP with an optional write
 * failure after some bytes, optionally TCP forwarding (a jump host). For tests.
 */
public final class TestSshServer implements AutoCloseable {
    public static final String USER = "bench";
    public static final String PASSWORD = "s3cret";

    private final SshServer server;
    private final PublicKey hostKey;
    /** The passwords USER may log in with: PASSWORD, and any a test adds. */
    public final Set<String> passwords = ConcurrentHashMap.newKeySet();
    /** SFTP writes at or beyond this offset fail; Long.MAX_VALUE for never. */
    public final AtomicLong failWritesFrom = new AtomicLong(Long.MAX_VALUE);
    /** Bytes written over SFTP so far. */
    public final AtomicLong bytesWritten = new AtomicLong();
    /** The SFTP write that covers this offset of its file has that byte changed (a disk or a link that corrupts); -1 for none. */
    public final AtomicLong corruptByteAt = new AtomicLong(-1);

    public TestSshServer(Path dir, PublicKey acceptedUserKey) throws IOException {
        this(dir, acceptedUserKey, null);
    }

    /**
     * @param forwarding what TCP forwarding to allow (e.g. to act as a jump host), or null for none
     */
    public TestSshServer(Path dir, PublicKey acceptedUserKey, ForwardingFilter forwarding) throws IOException {
        this(dir, acceptedUserKey, forwarding, s -> { });
    }

    /**
     * @param setup adjusts the server before it starts (e.g. other host keys, a host certificate, another command factory)
     */
    public TestSshServer(Path dir, PublicKey acceptedUserKey, ForwardingFilter forwarding, Consumer<SshServer> setup) throws IOException {
        server = SshServer.setUpDefaultServer();
        if (forwarding != null) {
            server.setForwardingFilter(forwarding);
        }
        server.setHost("127.0.0.1");
        server.setPort(0);
        SimpleGeneratorHostKeyProvider keys = new SimpleGeneratorHostKeyProvider(dir.resolve("hostkey.ser"));
        server.setKeyPairProvider(keys);
        passwords.add(PASSWORD);
        server.setPasswordAuthenticator((user, password, session) -> USER.equals(user) && passwords.contains(password));
        server.setPublickeyAuthenticator((user, key, session) -> USER.equals(user) && acceptedUserKey != null
                && KeyUtils.compareKeys(acceptedUserKey, key));
        server.setCommandFactory((channel, command) -> new ProcessShellFactory(command, "/bin/sh", "-c", command).createShell(channel));
        SftpSubsystemFactory sftp = new SftpSubsystemFactory();
        sftp.addSftpEventListener(new SftpEventListener() {
            @Override
            public void writing(ServerSession session, String remoteHandle, FileHandle localHandle, long offset, byte[] data,
                                int dataOffset, int dataLen) throws IOException {
                if (offset + dataLen > failWritesFrom.get()) {
                    throw new IOException("simulated disk failure");
                }
                long corrupt = corruptByteAt.get();
                if (corrupt >= offset && corrupt < offset + dataLen) {
                    data[dataOffset + (int) (corrupt - offset)] ^= 0x5a;
                }
                bytesWritten.addAndGet(dataLen);
            }
        });
        server.setSubsystemFactories(List.of(sftp));
        setup.accept(server);
        server.start();
        try {
            hostKey = keyOf(server.getKeyPairProvider());
        } catch (Exception e) {
            server.stop(true);
            throw new IOException(e);
        }
    }

    static PublicKey keyOf(KeyPairProvider keys) throws Exception {
        for (KeyPair kp : keys.loadKeys(null)) {
            return kp.getPublic();
        }
        throw new IllegalStateException("no host key");
    }

    /** Runs exec commands through {@code /bin/sh -c} with these environment variables set (e.g. a PATH without some tools). */
    public static CommandFactory commandsWith(Map<String, String> environment) {
        StringBuilder env = new StringBuilder("exec /usr/bin/env");
        environment.forEach((k, v) -> env.append(' ').append(k).append('=').append(RemoteCommand.quote(v)));
        return (channel, command) -> {
            String wrapped = env + " /bin/sh -c " + RemoteCommand.quote(command);
            return new ProcessShellFactory(wrapped, "/bin/sh", "-c", wrapped).createShell(channel);
        };
    }

    public int port() {
        return server.getPort();
    }

    /** How many sessions are open on the server now. */
    public int activeSessions() {
        return server.getActiveSessions().size();
    }

    public PublicKey hostKey() {
        return hostKey;
    }

    /** Settings for a test client: no ssh config, no default keys, short timeouts. */
    public static SshSettings settings(Path knownHosts, HostKeyPrompt prompt) {
        return new SshSettings(null, knownHosts, false, Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(5), 4,
                prompt, SecretPrompt.NONE);
    }

    @Override
    public void close() throws IOException {
        server.stop(true);
    }
}

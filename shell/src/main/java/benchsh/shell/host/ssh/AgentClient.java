package benchsh.shell.host.ssh;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.agent.SshAgentKeyConstraint;
import org.apache.sshd.common.SshException;
import org.apache.sshd.common.session.SessionContext;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

/**
 * A client of a running ssh-agent over its Unix-domain socket ({@code $SSH_AUTH_SOCK}), speaking the
 * agent protocol (draft-miller-ssh-agent): list identities and sign. Every exchange is bounded by a
 * deadline and answers are capped in size. Keys it cannot parse are skipped. Adding or removing
 * keys is not offered (benchsh only uses the agent). One connection per instance; not thread-safe
 * (Apache SSHD uses one per login attempt).
 *
 * @see AgentFactory
 */
public final class AgentClient implements SshAgent {
    static final byte REQUEST_IDENTITIES = 11;
    static final byte IDENTITIES_ANSWER = 12;
    static final byte SIGN_REQUEST = 13;
    static final byte SIGN_RESPONSE = 14;
    static final byte FAILURE = 5;
    /** Flags of SIGN_REQUEST asking an RSA key for SHA-2 signatures. */
    static final int RSA_SHA2_256 = 2;
    static final int RSA_SHA2_512 = 4;
    /** Largest answer accepted, bytes (OpenSSH's agent caps its messages at 256 KiB). */
    static final int MAX_FRAME = 256 * 1024;
    /** Most identities read from one answer. */
    static final int MAX_IDENTITIES = 1024;

    private final Path socket;
    private final SocketChannel channel;
    private final Selector selector;
    private final Duration timeout;
    private List<Map.Entry<PublicKey, String>> identities;

    private AgentClient(Path socket, SocketChannel channel, Selector selector, Duration timeout) {
        this.socket = socket;
        this.channel = channel;
        this.selector = selector;
        this.timeout = timeout;
    }

    /**
     * Connects to the agent at {@code socket}.
     *
     * @param timeout the deadline of each request (write plus answer)
     */
    public static AgentClient connect(Path socket, Duration timeout) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        Selector sel = null;
        try {
            ch.connect(UnixDomainSocketAddress.of(socket)); // local: answers or fails at once
            ch.configureBlocking(false);
            sel = Selector.open();
            ch.register(sel, 0);
            return new AgentClient(socket, ch, sel, timeout);
        } catch (IOException | RuntimeException e) {
            if (sel != null) {
                sel.close();
            }
            ch.close();
            throw new IOException(unreachable(socket, e), e);
        }
    }

    /** Why the agent at {@code socket} cannot be reached, and what to do: a stale socket reads differently from a missing one. */
    static String unreachable(Path socket, Exception e) {
        String what = "start one (eval $(ssh-agent); ssh-add) or unset SSH_AUTH_SOCK";
        if (e instanceof java.net.ConnectException && java.nio.file.Files.exists(socket)) {
            return "the ssh-agent at " + socket + " does not answer: nobody listens on that socket (the agent that made it has ended,"
                    + " or SSH_AUTH_SOCK is left from another session); " + what;
        }
        if (!java.nio.file.Files.exists(socket)) {
            return "there is no ssh-agent at " + socket + " (SSH_AUTH_SOCK names a file that does not exist); " + what;
        }
        return "cannot connect to the ssh-agent at " + socket + ": " + e.getMessage() + "; " + what;
    }

    /** The agent's usable keys with their comments; asked once per connection. */
    @Override
    public List<Map.Entry<PublicKey, String>> getIdentities() throws IOException {
        if (identities == null) {
            identities = List.copyOf(askIdentities());
        }
        return identities;
    }

    private List<Map.Entry<PublicKey, String>> askIdentities() throws IOException {
        Buffer answer = request(new byte[] {REQUEST_IDENTITIES});
        expect(answer, IDENTITIES_ANSWER, "identities");
        long n = answer.getUInt();
        if (n > MAX_IDENTITIES) {
            throw new SshException("the ssh-agent at " + socket + " announced " + n + " identities (at most " + MAX_IDENTITIES + " are read)");
        }
        List<Map.Entry<PublicKey, String>> keys = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            byte[] blob = answer.getBytes();
            String comment = answer.getString();
            try {
                keys.add(new SimpleImmutableEntry<>(new ByteArrayBuffer(blob).getRawPublicKey(), comment));
            } catch (SshException | RuntimeException e) {
                // a key type we cannot use (e.g. a security key or a certificate): skip it
            }
        }
        return keys;
    }

    @Override
    public Map.Entry<String, byte[]> sign(SessionContext session, PublicKey key, String algorithm, byte[] data) throws IOException {
        Buffer req = new ByteArrayBuffer(data.length + 1024);
        req.putByte(SIGN_REQUEST);
        req.putPublicKey(key);
        req.putBytes(data);
        req.putUInt(flags(algorithm));
        Buffer answer = request(req.getCompactData());
        expect(answer, SIGN_RESPONSE, "signature");
        Buffer sig = new ByteArrayBuffer(answer.getBytes());
        String algo = sig.getString();
        return new SimpleImmutableEntry<>(algo, sig.getBytes());
    }

    /** The SIGN_REQUEST flags for a signature algorithm: SHA-2 for RSA keys, none otherwise. */
    static int flags(String algorithm) {
        if ("rsa-sha2-256".equals(algorithm) || "rsa-sha2-256-cert-v01@openssh.com".equals(algorithm)) {
            return RSA_SHA2_256;
        }
        if ("rsa-sha2-512".equals(algorithm) || "rsa-sha2-512-cert-v01@openssh.com".equals(algorithm)) {
            return RSA_SHA2_512;
        }
        return 0;
    }

    private void expect(Buffer answer, byte type, String what) throws SshException {
        int got = answer.getUByte();
        if (got == FAILURE) {
            throw new SshException("the ssh-agent at " + socket + " refused the " + what + " request");
        }
        if (got != type) {
            throw new SshException("the ssh-agent at " + socket + " answered the " + what + " request with message " + got);
        }
    }

    /** Sends one framed message and reads one framed answer, both within the deadline. */
    private Buffer request(byte[] payload) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        ByteBuffer out = ByteBuffer.allocate(4 + payload.length);
        out.putInt(payload.length).put(payload).flip();
        while (out.hasRemaining()) {
            channel.write(out);
            if (out.hasRemaining()) {
                await(SelectionKey.OP_WRITE, deadline);
            }
        }
        ByteBuffer len = ByteBuffer.allocate(4);
        fill(len, deadline);
        int n = len.flip().getInt();
        if (n <= 0 || n > MAX_FRAME) {
            throw new SshException("the ssh-agent at " + socket + " sent a frame of " + Integer.toUnsignedString(n)
                    + " bytes (expected 1.." + MAX_FRAME + ")");
        }
        ByteBuffer body = ByteBuffer.allocate(n);
        fill(body, deadline);
        return new ByteArrayBuffer(body.array());
    }

    private void fill(ByteBuffer b, long deadline) throws IOException {
        while (b.hasRemaining()) {
            int r = channel.read(b);
            if (r < 0) {
                throw new IOException("the ssh-agent at " + socket + " closed the connection");
            }
            if (r == 0) {
                await(SelectionKey.OP_READ, deadline);
            }
        }
    }

    private void await(int op, long deadline) throws IOException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new IOException("no answer from the ssh-agent at " + socket + " within " + timeout.toMillis() + " ms");
        }
        channel.keyFor(selector).interestOps(op);
        selector.selectedKeys().clear();
        selector.select(Math.max(1, left / 1_000_000));
    }

    @Override
    public boolean isOpen() {
        return channel.isOpen();
    }

    @Override
    public void close() throws IOException {
        try {
            selector.close();
        } finally {
            channel.close();
        }
    }

    @Override
    public void addIdentity(KeyPair key, String comment, SshAgentKeyConstraint... constraints) throws IOException {
        throw new UnsupportedOperationException("benchsh does not add keys to the ssh-agent; use ssh-add");
    }

    @Override
    public void removeIdentity(PublicKey key) throws IOException {
        throw new UnsupportedOperationException("benchsh does not remove keys from the ssh-agent; use ssh-add -d");
    }

    @Override
    public void removeAllIdentities() throws IOException {
        throw new UnsupportedOperationException("benchsh does not remove keys from the ssh-agent; use ssh-add -D");
    }
}

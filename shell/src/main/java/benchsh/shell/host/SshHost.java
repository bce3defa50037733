package benchsh.shell.host;

import benchsh.peer.protocol.Link;
import benchsh.shell.host.shellpeer.ShellPeer;
import benchsh.shell.host.ssh.PeerDeploy;
import benchsh.shell.host.ssh.PeerLaunch;
import benchsh.shell.host.ssh.SshContext;
import benchsh.shell.host.ssh.SshLogin;
import benchsh.shell.host.ssh.SshTarget;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Map;
import org.apache.sshd.client.session.ClientSession;

/**
 * A host reached over SSH (directly or through jump hosts, see {@link SshLogin}): log in, check
 * its Java and run the peer on benchsh's runtime where that is older than 22 ({@link PeerDeploy}), deploy the peer jar where only the login user can change it
 * (cached by hash, see {@link PeerDeploy}), start the peer on an exec channel and talk to it over that channel. The peer dies with its channel. Data flows to the address the host was reached at
 * (its own address, also behind a jump host). A host without a usable Java keeps its login session, for what
 * needs only a shell there ({@link #loginSession()}). A host runs its test sides with its own tools instead of a peer
 * ({@link #runsShell()}, {@link ShellPeer}) when it is declared so ({@code peer: 'shell'}), or, unless {@code peer:
 * 'java'}, when its peer cannot start for want of Java; that is said once, in one line ({@link #peerNote()}). The password, if any, stays in memory for reconnects
 * and is never logged or put in results. Thread-safe.
 */
public final class SshHost extends Host {
    private final SshContext ssh;
    private final SshTarget target;
    private final char[] password;
    private volatile String address;
    private volatile String javaVersion;
    private volatile boolean uploaded;
    private volatile PeerDeploy.Deployment deployment;
    private volatile String peerUnavailable;
    private final ShellPeer shell;
    private ClientSession session;
    private PeerLaunch launch;

    /** @param password a password to log in with, or null */
    public SshHost(SshTarget target, SshContext ssh, char[] password) {
        super(target.name());
        this.target = target;
        this.ssh = ssh;
        this.password = password == null ? null : password.clone();
        this.shell = new ShellPeer(target.name(), this::loginSession);
    }

    /**
     * Whether this host runs its test sides with its own tools, not a peer: declared ({@code peer: 'shell'}), or chosen
     * by itself (unless {@code peer: 'java'}) once its peer could not start for want of Java ({@link #peerUnavailable()}).
     */
    @Override
    public boolean runsShell() {
        return target.peer() == SshTarget.PeerChoice.SHELL || target.peer() == SshTarget.PeerChoice.AUTO && peerUnavailable != null;
    }

    /** The tools it runs sides with when it {@link #runsShell() runs no peer}. */
    public ShellPeer shell() {
        return shell;
    }

    /** Starts its peer; where it runs no peer (or it cannot start one for want of Java) it logs in and learns its tools instead. */
    @Override
    public void readyForSides() throws HostException, InterruptedException {
        if (!peerStarts()) {
            shell.tools();
        }
    }

    @Override
    public SideHandle startSide(String id, String workload, String role, Map<String, Object> spec, Link link, Duration deadline, boolean held)
            throws HostException, InterruptedException { // a host's own tools begin at once: held or not
        return peerStarts() ? super.startSide(id, workload, role, spec, link, deadline, held) : shell.start(id, workload, role, spec, link, deadline);
    }

    /** Starts the peer unless the host runs its own tools; false when it does, also when it finds so now (no Java for the peer). */
    private boolean peerStarts() throws HostException, InterruptedException {
        if (runsShell()) {
            return false;
        }
        try {
            peer();
            return true;
        } catch (HostException e) {
            if (runsShell()) {
                return false;
            }
            throw e;
        }
    }

    public SshTarget target() {
        return target;
    }

    /** The remote {@code java -version} line, once connected. */
    public String javaVersion() {
        return javaVersion;
    }

    /** Whether the last connection had to upload the peer jar (false: it was cached there). */
    public boolean uploaded() {
        return uploaded;
    }

    /** What the last connection deployed (the java it runs the peer with, a private runtime if any); null before. */
    public PeerDeploy.Deployment deployment() {
        return deployment;
    }

    @Override
    public String peerVm() {
        if (runsShell()) {
            return "shell";
        }
        PeerDeploy.Deployment d = deployment;
        return d == null ? null : d.runtime() != null ? "runtime" : "host";
    }

    @Override
    public String peerNote() {
        if (runsShell()) {
            return shell.note(target.peer() == SshTarget.PeerChoice.SHELL ? null : "no Java for its peer there, and no runtime could be deployed");
        }
        PeerDeploy.Deployment d = deployment;
        return d == null ? null : d.note();
    }

    @Override
    public String dataAddress() {
        String a = address;
        if (a != null) {
            return a;
        }
        try {
            return InetAddress.getByName(target.hostName()).getHostAddress();
        } catch (UnknownHostException e) {
            return target.hostName();
        }
    }

    /**
     * The address of this machine that the shell's SSH connection to this host starts from, when that
     * connection goes straight to the host; null behind a jump host (it starts at a loopback port
     * forwarded through the jump host) and when not connected.
     */
    synchronized InetAddress directSshLocalAddress() {
        if (!target.jumps().isEmpty() || session == null || !session.isOpen()) {
            return null;
        }
        return session.getIoSession().getLocalAddress() instanceof InetSocketAddress a ? a.getAddress() : null;
    }

    @Override
    protected PeerConnection connect() throws HostException, InterruptedException {
        if (target.peer() == SshTarget.PeerChoice.SHELL) {
            throw new HostException(name(), "start peer", name() + " runs its own tools, no Java peer (peer: 'shell'): "
                    + "what needs the peer cannot run there; drop peer: 'shell' to start one");
        }
        synchronized (this) {
            if (launch != null || session == null || !session.isOpen()) {
                closeSsh();
                login();
            }
        }
        try {
            PeerDeploy.Deployment d = PeerDeploy.prepare(session, name(), target, ssh.settings().deployRuntime(), ssh::note);
            deployment = d;
            javaVersion = d.javaVersion();
            uploaded = d.jar().uploaded();
            PeerLaunch l = PeerLaunch.start(session, name(), d.java(), d.jar(), target.cpus());
            synchronized (this) {
                launch = l;
            }
            PeerConnection c = new PeerConnection(name(), l.control(), l::diagnostics);
            try {
                c.handshake(Version.current(), PeerConnection.HANDSHAKE_TIMEOUT);
            } catch (HostException e) {
                HostException refused = l.refusal(name());
                throw refused != null ? refused : e;
            }
            peerUnavailable = null;
            return c;
        } catch (HostException e) {
            if (e.step().equals("check java") || e.step().equals("deploy runtime")) {
                peerUnavailable = e.getMessage(); // the session stays: the host is still reachable over plain SSH
            } else {
                closeSsh();
            }
            throw e;
        } catch (InterruptedException | RuntimeException e) {
            closeSsh();
            throw e;
        }
    }

    private synchronized void login() throws HostException, InterruptedException {
        SshLogin.Opened opened = SshLogin.open(ssh.client(), ssh.settings(), target, password);
        session = opened.session();
        address = opened.address();
    }

    /**
     * Why this host runs no peer: the last connection found no Java that can run it and could not deploy a
     * runtime ({@code check java} or {@code deploy runtime} failed); null when it has not found that. Such a
     * host is still reachable over plain SSH ({@link #loginSession()}).
     */
    public String peerUnavailable() {
        return peerUnavailable;
    }

    /**
     * A logged-in SSH session for channels of one's own (a shell command), without starting a peer: the open
     * session (the peer's, if one runs), else a new login. Owned by this host: do not close it.
     */
    public synchronized ClientSession loginSession() throws HostException, InterruptedException {
        if (session == null || !session.isOpen()) {
            closeSsh();
            login();
        }
        return session;
    }

    /**
     * The logged-in SSH session (connecting, with the peer, if needed), for other channels such as
     * SFTP. Owned by this host: do not close it.
     */
    public ClientSession sshSession() throws HostException, InterruptedException {
        if (runsShell()) {
            return loginSession();
        }
        peer();
        synchronized (this) {
            if (session == null || !session.isOpen()) {
                throw new HostException(name(), "ssh", "the SSH session is closed; retry to reconnect");
            }
            return session;
        }
    }

    private synchronized void closeSsh() {
        if (launch != null) {
            launch.close();
            launch = null;
        }
        if (session != null) {
            session.close(false).awaitUninterruptibly(3000);
            session = null;
        }
    }

    @Override
    public synchronized void close() {
        super.close();
        closeSsh();
    }

    @Override
    public String toString() {
        return name();
    }
}

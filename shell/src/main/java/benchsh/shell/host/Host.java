package benchsh.shell.host;

import benchsh.peer.protocol.Link;
import java.time.Duration;
import java.util.Map;

/**
 * A machine benchsh measures on. A host starts its peer lazily, on first use, and keeps it for the
 * session. Subclasses say how the peer is reached (a child process, an SSH channel). Thread-safe.
 */
public abstract class Host implements AutoCloseable {
    /** Where a host is in its life. */
    public enum State { NEW, CONNECTING, READY, FAILED, CLOSED }

    private final String name;
    private volatile State state = State.NEW;
    private volatile String failure;
    private PeerConnection peer;
    private volatile java.util.function.BooleanSupplier connectionsAllowed = () -> true;
    private String toldNote;

    protected Host(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public State state() {
        return state;
    }

    /** Why the host failed, or null. */
    public String failure() {
        return failure;
    }

    /** Set by the inventory: whether connecting is allowed now (not during a dry run). */
    void guard(java.util.function.BooleanSupplier allowed) {
        this.connectionsAllowed = allowed;
    }

    /** The running peer, started (or restarted after it died) as needed. */
    public synchronized PeerConnection peer() throws HostException, InterruptedException {
        if (peer != null && peer.alive()) {
            return peer;
        }
        if (!connectionsAllowed.getAsBoolean()) {
            throw new HostException(name, "plan", "a dry run does not connect to hosts");
        }
        if (peer != null) {
            peer.close();
            peer = null;
        }
        state = State.CONNECTING;
        try {
            peer = connect();
            state = State.READY;
            failure = null;
            return peer;
        } catch (HostException e) {
            state = State.FAILED;
            failure = e.getMessage();
            throw e;
        }
    }

    /**
     * Makes the host ready to run the sides of a test: by default its peer is started ({@link #peer()}); a host that
     * runs them with its own tools logs in and learns its tools instead ({@link SshHost}).
     */
    public void readyForSides() throws HostException, InterruptedException {
        peer();
    }

    /**
     * Whether this host runs the sides of a test with its own tools (sh, dd, nc, tar), not a peer: then its partners
     * speak plain streams to it ({@link Link#plain()}). False by default ({@link SshHost} may).
     */
    public boolean runsShell() {
        return false;
    }

    /**
     * Starts one side of a test on this host; its readiness and end arrive on the handle. By default on its peer
     * ({@link PeerConnection#start}).
     *
     * @param link     the partner's token and address for a two-host test, else null
     * @param deadline how long the shell waits for the side's end (the side ends its own waits before it)
     * @param held     set the side up and have it wait for {@link SideHandle#go}
     */
    public SideHandle startSide(String id, String workload, String role, Map<String, Object> spec, Link link, Duration deadline, boolean held)
            throws HostException, InterruptedException {
        return peer().start(id, workload, role, spec, link, deadline, held);
    }

    /** The facts the peer reported in its handshake; empty before the first connection. */
    public synchronized Map<String, Object> facts() {
        return peer == null || peer.welcome() == null ? Map.of() : peer.welcome().facts();
    }

    public synchronized String peerVersion() {
        return peer == null || peer.welcome() == null ? null : peer.welcome().peerVersion();
    }

    /**
     * Which Java runs this host's peer: {@code runtime} (benchsh's own, the same VM on every host) or {@code host}
     * (a Java installed there), or {@code shell} for a host that runs its sides with its own tools; null before the
     * first connection.
     */
    public String peerVm() {
        return null;
    }

    /**
     * One line for every result this host takes part in, when its peer runs a slower path than benchsh could have
     * given it, or without the runtime it was to get (why, and what to do); null when none.
     */
    public String peerNote() {
        return null;
    }

    /** {@link #peerNote()} the first time it is asked for since the note changed; else null (a note is printed once). */
    public synchronized String untoldNote() {
        String n = peerNote();
        if (n == null || n.equals(toldNote)) {
            return null;
        }
        toldNote = n;
        return n;
    }

    /** The address other peers send data to by default (the {@code hosts} table shows it). */
    public abstract String dataAddress();

    /**
     * The address this host's test listeners use, and {@code partner} connects to, when the user gives
     * no {@code bind:}; see {@link DataAddresses} for the whole rule. By default {@link #dataAddress()}
     * for every partner.
     *
     * @throws HostException when no address of this host can be told for that partner
     */
    public String dataAddressFor(Host partner) throws HostException {
        return dataAddress();
    }

    /** Starts the peer and completes the handshake. */
    protected abstract PeerConnection connect() throws HostException, InterruptedException;

    @Override
    public synchronized void close() {
        if (peer != null) {
            peer.close();
            peer = null;
        }
        state = State.CLOSED;
    }

    @Override
    public String toString() {
        return name;
    }
}

package benchsh.shell.run;

import benchsh.peer.protocol.Message;
import benchsh.shell.host.DataAddresses;
import benchsh.shell.host.HostException;
import benchsh.shell.host.PeerConnection;
import benchsh.shell.host.SideHandle;
import benchsh.shell.result.Status;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a two-sided test: starts the listening side on the address its partner reaches it at
 * ({@link DataAddresses}), hands that address, its port and the test's random token to the
 * connecting side, watches both, and stops the survivor when one side fails or the user interrupts.
 * Every wait has a deadline. Results measured before a failure are returned, marked.
 */
public final class PairRunner {
    /** Allowed beyond a test's expected duration before it is declared hung. */
    static final Duration GRACE = Duration.ofSeconds(20);
    static final Duration READY_TIMEOUT = Duration.ofSeconds(15);
    private static final String STALL = "no data for ";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ProgressListener progress;
    private final StartGate gate;
    private final Plan plan;

    /**
     * @param gate a together block's barrier to pass before the senders start, or null
     * @param plan the dry run to note tests in instead of running them, or null
     */
    public PairRunner(ProgressListener progress, StartGate gate, Plan plan) {
        this.progress = progress;
        this.gate = gate;
        this.plan = plan;
    }

    /** A runner for a test running alongside this one's: no live progress, no start gate of its own. */
    public PairRunner secondary() {
        return new PairRunner(ProgressListener.NONE, null, plan);
    }

    public static String newToken() {
        byte[] t = new byte[16];
        RANDOM.nextBytes(t);
        return HexFormat.of().formatHex(t);
    }

    /**
     * Runs the test. A peer that cannot be reached, or refuses the test before it starts, gives a
     * failed outcome whose error names the host and the step, so a script goes on and the failure
     * is kept with the other results.
     *
     * @param measuringSide "listen" or "connect": whose intervals drive live progress
     */
    public PairOutcome run(PairTest test, String measuringSide) {
        Instant started = Instant.now();
        if (plan != null) {
            if (test.timed()) {
                plan.expect(test.expected());
            } else {
                plan.expectUnknown();
            }
            return new PairOutcome(Status.OK, null, started, null, null, Map.of(), Map.of());
        }
        try {
            return attempt(test, measuringSide, started);
        } catch (HostException e) {
            if (gate != null) {
                gate.abandon();
            }
            return new PairOutcome(Status.FAILED, e.getMessage(), started, null, null, test.listener().facts(), test.connector().facts());
        }
    }

    private PairOutcome attempt(PairTest test, String measuringSide, Instant started) throws HostException {
        String id = newToken().substring(0, 12);
        String token = newToken();
        try {
            PeerConnection listenPeer = test.listener().peer();
            PeerConnection connectPeer = test.connector().peer();
            Map<String, Object> listenSpec = new LinkedHashMap<>(test.listenSpec());
            listenSpec.put("token", token);
            String listenAddress = DataAddresses.listenAddress(test.listener(), test.connector(), test.bind(), test.target());
            listenSpec.put("address", listenAddress);
            SideHandle listen = listenPeer.start(id + "-l", test.workload(), "listen", listenSpec);
            Map<String, Object> endpoint;
            endpoint = listen.awaitReady(READY_TIMEOUT);
            if (gate != null) {
                gate.pass();
            }
            Map<String, Object> connectSpec = new LinkedHashMap<>(test.connectSpec());
            connectSpec.put("token", token);
            connectSpec.putIfAbsent("address", listenAddress);
            connectSpec.put("port", endpoint.get("port"));
            progress.started(test.workload(), test.expected());
            SideHandle connect;
            try {
                connect = connectPeer.start(id + "-c", test.workload(), "connect", connectSpec);
            } catch (HostException e) {
                listen.stop();
                throw e;
            }
            SideHandle measuring = measuringSide.equals("listen") ? listen : connect;
            measuring.onInterval(s -> progress.interval(test.workload(), s));
            Status status = SideWatch.watch(List.of(listen, connect), test.expected().plus(GRACE));
            progress.finished(test.workload());
            Message.Done l = listen.doneNow();
            Message.Done c = connect.doneNow();
            String error = firstError(status, test.listener().name(), l, test.connector().name(), c, test.expected().plus(GRACE));
            if (status == Status.OK && error != null) {
                status = Status.FAILED;
            }
            return new PairOutcome(status, error, started, l, c, test.listener().facts(), test.connector().facts());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TestCancelledException("interrupted while starting the test");
        }
    }

    private static String firstError(Status status, String lHost, Message.Done l, String cHost, Message.Done c, Duration limit) {
        if (status == Status.INTERRUPTED) {
            return "interrupted by the user";
        }
        String le = l == null ? null : l.error();
        String ce = c == null ? null : c.error();
        // a side's own error says more than a timeout: e.g. the sender's stall when the receiver's link is down
        if (le != null && !le.equals("cancelled")) {
            return named(lHost, cHost, le);
        }
        if (ce != null && !ce.equals("cancelled")) {
            return named(cHost, lHost, ce);
        }
        if (l == null || c == null) {
            String silent = l == null && c == null ? lHost + " and " + cHost : l == null ? lHost : cHost;
            return "the test did not end within " + limit.toSeconds() + " s (no report from " + silent + "); both sides were stopped";
        }
        return le != null ? named(lHost, cHost, le) : ce != null ? named(cHost, lHost, ce) : null;
    }

    /**
     * The error as "host: what", and a stall ("no data for N s", from a side's meter) also names the
     * partner the data should have come from: "h1: no data from h2 for 10 s".
     */
    static String named(String host, String partner, String error) {
        String e = error.startsWith(STALL) ? "no data from " + partner + error.substring("no data".length()) : error;
        return e.startsWith(host + ":") ? e : host + ": " + e;
    }
}

package benchsh.shell.run;

import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.MeterFigures;
import benchsh.peer.workload.Metered;
import benchsh.shell.host.DataAddresses;
import benchsh.shell.host.HostException;
import benchsh.shell.host.SideEnd;
import benchsh.shell.host.SideHandle;
import benchsh.shell.observe.Observation;
import benchsh.shell.result.Status;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs one part of a test on its peers: starts the listener on the address its partner reaches it at
 * ({@link DataAddresses}), hands that address, its port and the test's random token to the connector (each link
 * saying whether the partner is a host's own tools, once both hosts are ready: {@link Link#plain()}),
 * starts the sides without a link, watches them all, and stops the survivors when one fails, the
 * deadline passes or the user interrupts. With a {@link StartGate} (a together block, a test of several
 * parts) every side is set up first and held; then all begin at the gate's instant, as each peer's clock
 * reads it, and what they measured of their start goes back to the gate; a side may begin later than that
 * ({@link SideSpec#after}). Every wait has a deadline; results measured before a failure are returned,
 * marked. Stateless.
 */
final class PartRunner {
    static final Duration READY_TIMEOUT = Duration.ofSeconds(15);
    /** Clock exchanges with a peer before a scheduled start, each answered within {@link #SYNC_TIMEOUT} or given up. */
    static final int SYNC_EXCHANGES = 4;
    static final Duration SYNC_TIMEOUT = Duration.ofSeconds(1);
    /** A scheduled start's lead, before the round trips to the peers are added: room for a peer to set a side up. */
    static final Duration LEAD = Duration.ofMillis(200);
    private static final SecureRandom RANDOM = new SecureRandom();

    private PartRunner() {
    }

    static String newToken() {
        byte[] t = new byte[16];
        RANDOM.nextBytes(t);
        return HexFormat.of().formatHex(t);
    }

    /**
     * @param expected how long the part should run; it is declared hung at its {@link Deadlines#limit}, which every side is told
     * @param gate     a together block's barrier to pass once the listener is ready, or null
     * @param progress where the interval samples of {@code part.progress()} go
     */
    static PartOutcome run(String test, Part.OnPeers part, Duration expected, StartGate gate, ProgressListener progress) {
        Instant started = Instant.now();
        Duration limit = Deadlines.limit(expected);
        List<Started> running = new ArrayList<>();
        try {
            long instant = start(part, gate, running, limit);
            running.stream().filter(s -> s.spec().role().equals(part.progress())).findFirst()
                    .ifPresent(s -> s.handle().onInterval(sample -> progress.interval(test, sample)));
            progress.started(test, expected);
            Status status = SideWatch.watch(running.stream().map(Started::handle).toList(), limit);
            progress.finished(test);
            if (gate != null) {
                running.stream().filter(r -> r.spec().after().isZero() && r.handle().lateNanos() != null)
                        .forEach(r -> gate.began(instant + r.handle().lateNanos()));
            }
            Map<String, SideEnd> done = new LinkedHashMap<>();
            Map<String, List<Interval<?>>> received = new LinkedHashMap<>();
            Set<String> lost = new HashSet<>();
            for (Started s : running) {
                done.put(s.spec().role(), s.handle().doneNow());
                received.put(s.spec().role(), s.handle().intervals());
                if (s.handle().peerLost()) {
                    lost.add(s.spec().role());
                }
            }
            String error = firstError(status, running, limit);
            Sides sides = new Sides(done, received, lost);
            Merged merged = part.merge().merge(sides);
            if (error != null && merged.error() != null) {
                error = error + "; " + merged.error(); // what the merge adds to a failure, e.g. a partial copy left behind
            }
            if (status == Status.OK && (error != null || merged.error() != null)) {
                status = Status.FAILED;
                error = error != null ? error : merged.error();
            }
            return new PartOutcome(status, error, started, merged, warmUp(sides.meter(part.progress())), Observation.NONE);
        } catch (HostException e) {
            if (gate != null) {
                gate.abandon();
            }
            running.forEach(s -> s.handle().stop());
            return PartOutcome.failed(e.getMessage(), started);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running.forEach(s -> s.handle().stop());
            throw new TestCancelledException("interrupted while starting the test");
        }
    }

    /** The warm-up the samples of a side with these meter figures leave out; 0 for a side without a meter. */
    private static double warmUp(MeterFigures meter) {
        return meter == null || Double.isNaN(meter.omittedSeconds()) ? 0 : meter.omittedSeconds();
    }

    /** A side and its handle on the peer. */
    private record Started(SideSpec spec, SideHandle handle) {
    }

    /**
     * Starts the listener, then the connector, then the sides without a link; each must end within {@code limit}. Sides
     * that begin together or later (with a gate, or a side {@link SideSpec#after} the start) are started held: once every
     * one is set up, the gate fixes the instant, and each is told to begin at it, plus its own offset. Returns the
     * instant (now, when nothing is held).
     */
    private static long start(Part.OnPeers part, StartGate gate, List<Started> running, Duration limit) throws HostException, InterruptedException {
        boolean held = gate != null || part.sides().stream().anyMatch(s -> !s.after().isZero());
        String id = newToken().substring(0, 12);
        String token = newToken();
        SideSpec listen = find(part, LinkRole.LISTEN);
        SideSpec connect = find(part, LinkRole.CONNECT);
        Endpoint endpoint = null;
        String address = null;
        if (listen != null) {
            listen.host().readyForSides();
            connect.host().readyForSides();
            address = DataAddresses.listenAddress(listen.host(), connect.host(), listen.address(), connect.address(), listen.family());
            Started l = begin(listen, id + "-l", new Link(token, address, listen.port(), connect.host().runsShell()), limit, held);
            running.add(l);
            endpoint = l.handle().awaitReady(READY_TIMEOUT);
        }
        if (connect != null) {
            String to = connect.address() != null ? connect.address() : address;
            if (endpoint == null) {
                throw new HostException(listen.host().name(), "start test", "the listening side did not say its port");
            }
            running.add(begin(connect, id + "-c", new Link(token, to, endpoint.port(), listen.host().runsShell()), limit, held));
        }
        int n = 0;
        for (SideSpec s : part.sides()) {
            if (s.link() == LinkRole.NONE) {
                running.add(begin(s, id + "-s" + n++, null, limit, held));
            }
        }
        if (!held) {
            return System.nanoTime();
        }
        for (Started s : running) {
            s.handle().awaitReady(READY_TIMEOUT); // every side set up (its classes loaded, its socket bound) before the instant is chosen
        }
        Duration lead = lead(part.sides());
        long instant = gate != null ? gate.pass(lead) : System.nanoTime() + lead.toNanos();
        for (Started s : running) {
            s.handle().go(instant + s.spec().after().toNanos());
        }
        return instant;
    }

    /**
     * The lead a scheduled start needs for these sides: {@link #LEAD}, plus three round trips to the slowest of their peers,
     * measured afresh ({@link benchsh.shell.host.PeerConnection#syncClock}, which also brings their clocks up to date).
     */
    private static Duration lead(List<SideSpec> sides) throws HostException, InterruptedException {
        long roundTrip = 0;
        for (SideSpec s : sides) {
            roundTrip = Math.max(roundTrip, s.host().peer().syncClock(SYNC_EXCHANGES, SYNC_TIMEOUT)
                    .map(e -> e.roundTripNanos()).orElse(SYNC_TIMEOUT.toNanos()));
        }
        return LEAD.plusNanos(3 * roundTrip);
    }

    private static SideSpec find(Part.OnPeers part, LinkRole link) {
        return part.sides().stream().filter(s -> s.link() == link).findFirst().orElse(null);
    }

    private static Started begin(SideSpec s, String id, Link link, Duration limit, boolean held) throws HostException, InterruptedException {
        return new Started(s, s.host().startSide(id, s.workload(), s.role(), s.spec(), link, limit, held));
    }

    /**
     * The error that explains the outcome: an interrupt; else the first side's own error that is not the
     * echo of being stopped ("h1: no data from h2 for 10 s" says more than a timeout); else which side never
     * reported; else a side that was stopped.
     */
    private static String firstError(Status status, List<Started> sides, Duration limit) {
        if (status == Status.INTERRUPTED) {
            return Control.BY_THE_USER;
        }
        for (Started s : sides) {
            SideEnd d = s.handle().doneNow();
            if (d != null && d.error() != null && d.kind() != ErrorKind.CANCELLED) {
                return named(s.spec().host().name(), partner(s, sides), d);
            }
        }
        List<String> silent = sides.stream().filter(s -> s.handle().doneNow() == null).map(s -> s.spec().host().name()).distinct().toList();
        if (!silent.isEmpty()) {
            return "the test did not end within " + limit.toSeconds() + " s (no report from " + String.join(" and ", silent)
                    + "); every side was stopped";
        }
        for (Started s : sides) {
            SideEnd d = s.handle().doneNow();
            if (d.error() != null) {
                return named(s.spec().host().name(), partner(s, sides), d);
            }
        }
        return null;
    }

    /** The host at the other end of a side's link, or the side's own host. */
    private static String partner(Started side, List<Started> sides) {
        if (side.spec().link() == LinkRole.NONE) {
            return side.spec().host().name();
        }
        return sides.stream().filter(s -> s != side && s.spec().link() != LinkRole.NONE).map(s -> s.spec().host().name()).findFirst()
                .orElse(side.spec().host().name());
    }

    /**
     * A side's error as "host: what"; a stall of a linked side names the partner the data should have come
     * from, with how long it was silent: "h1: no data from h2 for 10 s".
     */
    static String named(String host, String partner, SideEnd d) {
        String e = d.error();
        Long stalled = d.report() instanceof Metered m && m.meter() != null ? m.meter().stalledSeconds() : null;
        if (d.kind() == ErrorKind.STALLED && !partner.equals(host) && stalled != null) {
            e = "no data from " + partner + " for " + stalled + " s";
        }
        return e.startsWith(host + ":") ? e : host + ": " + e;
    }
}

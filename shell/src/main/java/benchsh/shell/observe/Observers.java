package benchsh.shell.observe;

import benchsh.peer.observe.Load;
import benchsh.peer.observe.ObserveWorkload;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Interval;
import benchsh.shell.host.Host;
import benchsh.shell.host.HostException;
import benchsh.shell.host.SideHandle;
import benchsh.shell.host.SshHost;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The watches of one test's observed hosts: {@link #start} starts one on each before the test's own sides
 * start; {@link #stop} stops them when the test's parts have ended and gathers what they saw. How a host is
 * watched, in one line: <b>by its peer's {@code observe} workload, unless it is an SSH host that runs no peer
 * (declared {@code peer: 'shell'}, or its peer cannot start for want of Java: no usable Java there and no runtime
 * deployed), which is watched over plain SSH by its shell ({@link ShellWatch})</b>. Both give the same figures, named after the host, and
 * {@code <host>_observed_via} says which way ran. A host that cannot be reached, refuses the watch, or ends
 * it with an error is noted as missing with the reason (a watch cut short keeps what it measured); the test
 * is never failed for it. Every wait is bounded: the host's own connect deadlines, {@link #READY_TIMEOUT},
 * {@link #STOP_TIMEOUT}, and the watch's maximum on the host. Not thread-safe: one test's thread starts and
 * stops them.
 */
public final class Observers {
    /** How long a peer may take to set a watch up, or a shell loop to print its first reading. */
    public static final Duration READY_TIMEOUT = Duration.ofSeconds(15);
    /** How long a watch may take to report after it was stopped. */
    public static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private static final long POLL_MILLIS = 20;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, HostWatch> started = new LinkedHashMap<>();
    private final List<String> missing = new ArrayList<>();

    private Observers() {
    }

    /**
     * Starts a watch on every host of {@code watch}.
     *
     * @param interval between samples
     * @param max      the longest a watch lasts if it is never stopped (the test's expected time and grace)
     * @throws InterruptedException when the user interrupts; the watches started so far are stopped
     */
    public static Observers start(Watch watch, Duration interval, Duration max) throws InterruptedException {
        Observers o = new Observers();
        Map<String, Object> spec = SpecCodec.encode(new ObserveWorkload.Spec(interval.toNanos(), max.toNanos(), watch.loopback()));
        Map<Host, HostException> unreachable = connectAll(watch.hosts());
        for (Host h : watch.hosts()) {
            try {
                SshHost shellOnly = overSsh(h);
                if (shellOnly != null) {
                    o.beginShell(shellOnly, interval, max, watch.loopback());
                } else if (unreachable.containsKey(h)) {
                    throw unreachable.get(h);
                } else {
                    o.begin(h, spec, max);
                }
            } catch (HostException e) {
                o.missing.add(e.getMessage());
            } catch (InterruptedException e) {
                o.stop();
                throw e;
            }
        }
        return o;
    }

    /** The host as an SSH host to watch over plain SSH, when it runs no peer ({@link SshHost#runsShell()}); else null. */
    private static SshHost overSsh(Host h) {
        return h instanceof SshHost s && s.runsShell() ? s : null;
    }

    /**
     * Connects the hosts at once, so hosts that cannot be reached cost one connect timeout together, not one each;
     * returns those that failed, with why. A host already known to run no peer is not tried again. Bounded by the
     * hosts' own connect deadlines.
     */
    private static Map<Host, HostException> connectAll(List<Host> hosts) throws InterruptedException {
        Map<Host, HostException> failed = new ConcurrentHashMap<>();
        List<Thread> connects = hosts.stream().filter(h -> overSsh(h) == null).map(h -> new Thread(() -> {
            try {
                h.peer();
            } catch (HostException e) {
                failed.put(h, e);
            } catch (InterruptedException e) {
                failed.put(h, new HostException(h.name(), "observe", "interrupted while connecting"));
            }
        }, "observe-connect-" + h.name())).toList();
        connects.forEach(Thread::start);
        try {
            for (Thread t : connects) {
                t.join();
            }
        } catch (InterruptedException e) {
            connects.forEach(Thread::interrupt);
            throw e;
        }
        return failed;
    }

    private void begin(Host h, Map<String, Object> spec, Duration max) throws HostException, InterruptedException {
        byte[] random = new byte[6];
        RANDOM.nextBytes(random);
        String id = "observe-" + HexFormat.of().formatHex(random);
        SideHandle handle = h.peer().start(id, ObserveWorkload.NAME, "watch", spec, null, max.plus(STOP_TIMEOUT));
        started.put(h.name(), new PeerWatch(h.name(), handle, Instant.now()));
        try {
            handle.awaitReady(READY_TIMEOUT);
        } catch (HostException e) {
            started.remove(h.name());
            handle.stop();
            throw new HostException(h.name(), "observe", e.detail());
        }
    }

    private void beginShell(SshHost h, Duration interval, Duration max, boolean loopback) throws HostException, InterruptedException {
        ShellWatch w = ShellWatch.start(h, interval, max, loopback);
        started.put(h.name(), w);
        try {
            w.awaitReady(READY_TIMEOUT);
        } catch (HostException e) {
            started.remove(h.name());
            throw e;
        }
    }

    /** Stops every watch and gathers what they saw; waits at most {@link #STOP_TIMEOUT} for their reports. */
    public Observation stop() {
        started.values().forEach(HostWatch::stop);
        long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
        while (started.values().stream().anyMatch(w -> !w.isDone()) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        Map<String, ObservedHost> figures = new LinkedHashMap<>();
        Map<String, Observation.Watched> hosts = new LinkedHashMap<>();
        List<String> gone = new ArrayList<>(missing);
        started.forEach((name, w) -> {
            hosts.put(name, new Observation.Watched(w.began(), w.intervals().stream().map(Observers::sample).toList()));
            ObserveWorkload.Report whole = w.figures();
            String error = w.error();
            if (error != null) {
                gone.add(error);
            }
            if (whole != null) {
                List<String> notes = new ArrayList<>(w.notes());
                if (whole.load().qdiscDrops() == null) {
                    notes.add("no qdisc drops: " + name + " has no tc that prints statistics (tc -s qdisc show)");
                }
                figures.put(name, ObservedHost.whole(whole.load(), whole.cpuCount(), w.via(), notes.isEmpty() ? null : String.join("; ", notes)));
            }
            w.close();
        });
        return new Observation(figures, hosts, gone);
    }

    /** An interval sample of a watch: its span, and what the host did in it. */
    private static Interval<ObservedHost> sample(Interval<Load> raw) {
        return new Interval<>(raw.startS(), raw.endS(), ObservedHost.sample(raw.figures()));
    }
}

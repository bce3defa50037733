package benchsh.shell.observe;

import benchsh.peer.observe.Load;
import benchsh.peer.observe.ObserveWorkload;
import benchsh.peer.workload.Interval;
import java.time.Instant;
import java.util.List;

/**
 * One observed host's watch during one test, whichever way it runs: by the host's peer ({@link PeerWatch}) or
 * by its shell over plain SSH ({@link ShellWatch}). Both report the peer's observe figures, the records
 * {@link benchsh.peer.observe.Observation} makes; {@link Observers} names them after the host.
 * Thread-safe.
 */
interface HostWatch extends AutoCloseable {
    /** How the host is watched, for {@code <host>_observed_via}: {@code peer} or {@code ssh}. */
    String via();

    /** When the watch began, in the shell's clock (its samples' times count from then). */
    Instant began();

    /** Asks the watch to take its last reading and end; returns at once. */
    void stop();

    boolean isDone();

    /** The interval samples so far, each with its span since the watch began. */
    List<Interval<Load>> intervals();

    /** The figures over the whole watch, or null when there are none. */
    ObserveWorkload.Report figures();

    /**
     * Why the watch ended badly or has not ended, with the host's name ({@code dut: observe: ...}); null when
     * it ended well. {@link #figures()} may still hold what it measured before.
     */
    String error();

    /** What this way of watching could not count on this host, in words; empty when nothing. */
    List<String> notes();

    /** Ends whatever still runs for the watch. */
    @Override
    void close();
}

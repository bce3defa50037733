package benchsh.shell.observe;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One observed host's watch during one test, whichever way it runs: by the host's peer ({@link PeerWatch}) or
 * by its shell over plain SSH ({@link ShellWatch}). Both report the peer's observe figures (raw, as
 * {@link benchsh.peer.observe.Observation} makes them); {@link Observers} names them after the host.
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

    /** The interval samples so far, each with {@code start_s} and {@code end_s}. */
    List<Map<String, Object>> intervals();

    /** The figures over the whole watch, or null when there are none. */
    Map<String, Object> figures();

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

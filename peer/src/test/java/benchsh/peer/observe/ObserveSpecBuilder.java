package benchsh.peer.observe;

import java.time.Duration;

/**
 * The {@link ObserveWorkload}'s spec for tests, by name: {@code observe().every(Duration.ofMillis(20)).build()},
 * {@code observe().every(Duration.ofMillis(10)).atMost(Duration.ofMillis(200)).loopback().build()}. Unless set: a
 * sample every second, for at most a minute, the loopback interface left out. Not thread-safe.
 */
public final class ObserveSpecBuilder {
    private Duration interval = Duration.ofSeconds(1);
    private Duration max = Duration.ofMinutes(1);
    private boolean loopback;

    private ObserveSpecBuilder() {
    }

    public static ObserveSpecBuilder observe() {
        return new ObserveSpecBuilder();
    }

    /** Time between samples. */
    public ObserveSpecBuilder every(Duration d) {
        this.interval = d;
        return this;
    }

    /** How long the side watches at most, when no stop comes. */
    public ObserveSpecBuilder atMost(Duration d) {
        this.max = d;
        return this;
    }

    /** The loopback interface is counted too. */
    public ObserveSpecBuilder loopback() {
        this.loopback = true;
        return this;
    }

    public ObserveWorkload.Spec build() {
        return new ObserveWorkload.Spec(interval.toNanos(), max.toNanos(), loopback);
    }
}

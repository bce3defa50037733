package benchsh.shell.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The common start: every party gets one instant, fixed when the last arrives, at least the longest lead any asked for
 * after each one's arrival; work in the shell waits for it; the skew is the spread of the starts the parties measured;
 * a party that never comes lets the others begin alone.
 */
@Timeout(60)
class StartGateTest {
    @Test
    void everyPartyGetsOneInstantTheLongestLeadAfterTheLastArrived() throws Exception {
        StartGate gate = new StartGate(3, Duration.ofSeconds(30));
        List<Duration> leads = List.of(Duration.ZERO, Duration.ofMillis(80), Duration.ofMillis(20));
        long[] arrived = new long[3];
        List<CompletableFuture<Long>> instants = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int party = i;
            instants.add(CompletableFuture.supplyAsync(() -> {
                arrived[party] = System.nanoTime();
                try {
                    return gate.pass(leads.get(party));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        long instant = instants.get(0).get(20, TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
            assertEquals(instant, instants.get(i).get(20, TimeUnit.SECONDS), "one instant for all");
            assertTrue(instant - arrived[i] >= 80_000_000L, "the longest lead after every arrival");
        }
    }

    @Test
    void workInTheShellBeginsAtTheInstantAndTheSkewIsTheSpreadOfTheMeasuredStarts() throws Exception {
        StartGate gate = new StartGate(2, Duration.ofSeconds(30));
        CompletableFuture<Long> peerSide = CompletableFuture.supplyAsync(() -> {
            try {
                return gate.pass(Duration.ofMillis(50));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(gate.pass(), "both arrived");
        long instant = peerSide.get(20, TimeUnit.SECONDS);
        assertTrue(System.nanoTime() - instant >= 0, "the shell's party waited for the instant");
        assertTrue(Double.isNaN(new StartGate(1, Duration.ofSeconds(1)).skewMillis()), "no skew before two began");
        StartGate measured = new StartGate(1, Duration.ofSeconds(1));
        measured.began(1_000_000_000L);
        measured.began(1_003_500_000L);
        measured.began(1_001_000_000L);
        assertEquals(3.5, measured.skewMillis(), 1e-9);
    }

    @Test
    void aPartyThatNeverComesLetsTheOthersBeginAlone() throws Exception {
        StartGate gate = new StartGate(2, Duration.ofMillis(200));
        long before = System.nanoTime();
        assertTrue(gate.pass(Duration.ofSeconds(10)) - before < 10_000_000_000L, "now, not the lead it asked for");
        assertFalse(new StartGate(2, Duration.ofMillis(100)).pass());
    }
}

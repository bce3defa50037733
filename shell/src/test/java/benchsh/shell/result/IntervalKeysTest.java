package benchsh.shell.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Flat;
import benchsh.peer.metric.Unit;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Streamed;
import benchsh.shell.observe.Observation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The names the shell reads an interval sample's figures by are the ones the flattening gives {@link Interval}'s
 * components, each of its own figure: a renamed component renames them, and a reader left on the old name finds nothing.
 */
class IntervalKeysTest {
    private static final Interval<Interval.Bytes> SAMPLE = new Interval<>(0.5, 1.5, new Interval.Bytes(1_000, 8_000.0));

    @Test
    void eachKeyIsTheNameFlatGivesItsComponent() {
        Map<String, Object> flat = Flat.of(SAMPLE);
        assertEquals(List.of(IntervalKeys.START_S, IntervalKeys.END_S, IntervalKeys.BYTES, IntervalKeys.THROUGHPUT_BPS), List.copyOf(flat.keySet()));
        assertEquals(0.5, flat.get(IntervalKeys.START_S));
        assertEquals(1.5, flat.get(IntervalKeys.END_S));
        assertEquals(1_000L, flat.get(IntervalKeys.BYTES));
        assertEquals(8_000.0, flat.get(IntervalKeys.THROUGHPUT_BPS));
    }

    @Test
    void aResultsSamplesCarryTheKeysAsTheExecutorFlattensThem() {
        Map<String, Object> flat = Flat.of(new Observation.Sample(SAMPLE, Map.of()));
        assertEquals(Flat.of(SAMPLE), flat, "an observed sample adds the hosts' figures beside the test's, under no prefix");
    }

    @Test
    void aResultsThroughputIsNamedAsItsSamplesRate() {
        assertEquals(IntervalKeys.THROUGHPUT_BPS, Result.THROUGHPUT_BPS);
        assertEquals(Unit.BITS_PER_SECOND, MetricCatalog.named(Result.THROUGHPUT_BPS).orElseThrow().unit());
        assertTrue(Flat.declared(Streamed.class).stream().anyMatch(m -> m.name().equals(Result.THROUGHPUT_BPS)), "a meter's throughput");
        assertEquals(Result.THROUGHPUT_BPS, MetricCatalog.headline("tcp").orElseThrow(), "tcp's headline");
    }
}

package benchsh.shell.args;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A verb's call handed on to another verb's declaration ({@link VerbSpec#argsBut}, {@link Args#share}), and the kinds a
 * search takes: a list of fractions, and a fraction or a rate.
 */
class ArgsTest {
    private static final VerbSpec STREAM = new VerbSpec("stream", "a stream", "", List.of(
            Arg.of("size", ArgType.SIZE, 1000L, "bytes").within(1, 65_000),
            Arg.of("rate", ArgType.RATE, null, "bits/s"),
            Arg.of("time", ArgType.DURATION, Duration.ofSeconds(10), "how long")), List.of());
    private static final VerbSpec SEARCH = new VerbSpec("search", "a search of streams", "", java.util.stream.Stream.concat(
            STREAM.argsBut(Set.of("rate", "time")).stream(), java.util.stream.Stream.of(Arg.of("trial", ArgType.DURATION, Duration.ofSeconds(5), "each")))
            .toList(), List.of());

    @Test
    void aVerbDeclaresAnothersArgumentsButThoseItSetsItself() {
        assertEquals(List.of("size", "trial"), SEARCH.args().stream().map(Arg::name).toList());
        assertEquals(STREAM.arg("size").orElseThrow(), SEARCH.arg("size").orElseThrow(), "the same declaration: its help and its range");
        UsageException e = assertThrows(UsageException.class, () -> Args.parse(SEARCH, Map.of("size", 70_000), List.of(), name -> null));
        assertTrue(e.getMessage().contains("search: size must be between"), e.getMessage());
    }

    @Test
    void aCallIsHandedOnCheckedWithTheValuesTheVerbSets() {
        Args search = Args.parse(SEARCH, Map.of("size", Size.ofBytes(1472), "trial", Duration.ofSeconds(2)), List.of(), name -> null);
        Args stream = search.share(STREAM, Map.of("rate", Rate.ofBitsPerSecond(97_000_000L), "time", search.duration("trial")), name -> null);
        assertEquals(STREAM, stream.spec());
        assertEquals(1472L, stream.size("size"));
        assertEquals(97_000_000L, stream.size("rate"));
        assertEquals(Duration.ofSeconds(2), stream.duration("time"));
        assertFalse(stream.given("trial"), "what the other verb does not declare stays behind");
        UsageException e = assertThrows(UsageException.class, () -> search.share(STREAM, Map.of("rate", -1), name -> null));
        assertTrue(e.getMessage().contains("rate"), "what the verb sets is checked by the other's declaration: " + e.getMessage());
    }

    @Test
    void fractionsAreOneOrAListAscendingEachFromZeroToUnderOne() {
        assertEquals(List.of(0.0), ArgType.FRACTIONS.convert("loss", 0, name -> null));
        assertEquals(List.of(0.0, 0.005), ArgType.FRACTIONS.convert("loss", List.of(0.005, 0), name -> null));
        assertEquals(List.of(0.0, 0.005), ArgType.FRACTIONS.convert("loss", "0, 0.5%", name -> null), "--set loss=0,0.5%");
        for (Object bad : List.<Object>of(1, -0.1, List.of(), "half", Rate.ofBitsPerSecond(1), Double.NaN)) {
            assertThrows(UsageException.class, () -> ArgType.FRACTIONS.convert("loss", bad, name -> null), String.valueOf(bad));
        }
    }

    @Test
    void aResolutionIsAFractionOrARate() {
        assertEquals(0.005, ArgType.FRACTION_OR_RATE.convert("resolution", 0.005, name -> null));
        assertEquals(0.005, ArgType.FRACTION_OR_RATE.convert("resolution", "0.5%", name -> null));
        assertEquals(Rate.ofBitsPerSecond(100_000L).bitsPerSecond(),
                ((Rate) ArgType.FRACTION_OR_RATE.convert("resolution", Rate.ofBitsPerSecond(100_000L), name -> null)).bitsPerSecond());
        assertEquals(100_000L, ((Rate) ArgType.FRACTION_OR_RATE.convert("resolution", "100kbit", name -> null)).bitsPerSecond());
        UsageException e = assertThrows(UsageException.class, () -> ArgType.FRACTION_OR_RATE.convert("resolution", 2, name -> null));
        assertTrue(e.getMessage().contains("neither a fraction under 1 nor a rate"), e.getMessage());
        assertThrows(UsageException.class, () -> ArgType.FRACTION_OR_RATE.convert("resolution", Size.ofBytes(5), name -> null));
    }
}

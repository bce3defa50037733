package benchsh.shell.args;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** "Did you mean": swapped letters are one typo, and a short word is not matched to anything of its length. */
class SuggestTest {
    private static final List<String> NAMES = List.of("tcp", "udp", "rr", "pipe", "load", "local", "time", "table", "tag");

    @Test
    void swappedLettersAreOneEdit() {
        assertEquals(Optional.of("local"), Suggest.closest("lcoal", NAMES), "not 'load', two edits away");
        assertEquals(Optional.of("time"), Suggest.closest("tmie", NAMES));
        assertEquals(Optional.of("tcp"), Suggest.closest("tpc", NAMES));
        assertEquals(1, Suggest.distance("lcoal", "local"));
        assertEquals(2, Suggest.distance("lcoal", "load"));
    }

    @Test
    void aShortWordIsNotMatchedToAnotherShortWord() {
        assertEquals(Optional.empty(), Suggest.closest("h1", NAMES), "h1 is no typo of rr");
        assertEquals(Optional.empty(), Suggest.closest("ab", NAMES));
        assertEquals(Optional.of("rr"), Suggest.closest("r", NAMES));
        assertEquals(Optional.of("table"), Suggest.closest("tabel", NAMES));
    }
}

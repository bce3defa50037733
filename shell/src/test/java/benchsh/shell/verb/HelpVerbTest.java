package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code help VERB} fits the terminal: its meanings wrap between words, never inside one. */
class HelpVerbTest {
    private final Verbs verbs = Verbs.standard(file -> {
        throw new AssertionError("help evaluates no files");
    });

    @Test
    void helpTcpAt140ColumnsWrapsNoWord() {
        Set<String> words = words(HelpVerb.verb(verbs, "tcp", 0));
        String wrapped = HelpVerb.verb(verbs, "tcp", 140);
        assertTrue(wrapped.lines().allMatch(l -> l.length() < 140), wrapped);
        assertTrue(wrapped.lines().count() > HelpVerb.verb(verbs, "tcp", 0).lines().count(), "something wrapped at 140: " + wrapped);
        List<String> broken = words(wrapped).stream().filter(w -> !words.contains(w)).toList();
        assertTrue(broken.isEmpty(), "words cut in two: " + broken + "\n" + wrapped);
    }

    private static Set<String> words(String text) {
        return Arrays.stream(text.split("\\s+")).filter(w -> !w.isEmpty() && !w.matches("-+")).collect(Collectors.toSet()); // rules are cut
    }
}

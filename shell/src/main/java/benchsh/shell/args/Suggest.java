package benchsh.shell.args;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/** "Did you mean …?": the closest candidate by edit distance, if it is close enough. */
public final class Suggest {
    private Suggest() {
    }

    public static Optional<String> closest(String word, Collection<String> candidates) {
        return candidates.stream()
                .min(Comparator.comparingInt(c -> distance(word, c)))
                .filter(c -> distance(word, c) <= Math.max(2, word.length() / 3));
    }

    /** " (did you mean 'x'?)" or "". */
    public static String hint(String word, Collection<String> candidates) {
        return closest(word, candidates).map(c -> "; did you mean '" + c + "'?").orElse("");
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}

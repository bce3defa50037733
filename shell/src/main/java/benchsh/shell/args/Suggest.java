package benchsh.shell.args;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * "Did you mean …?": the closest candidate by edit distance, if it is close enough. Swapping two neighbouring
 * letters counts as one edit ({@code lcoal} is one from {@code local}, two from {@code load}), and a short word
 * gets at most one ({@code h1} suggests nothing rather than {@code rr}). Stateless.
 */
public final class Suggest {
    private Suggest() {
    }

    public static Optional<String> closest(String word, Collection<String> candidates) {
        return candidates.stream()
                .min(Comparator.comparingInt(c -> distance(word, c)))
                .filter(c -> distance(word, c) <= allowed(word));
    }

    /** How many edits a word may be from a suggestion: one for up to four letters, else a third of them (at least two). */
    static int allowed(String word) {
        return word.length() <= 4 ? 1 : Math.max(2, word.length() / 3);
    }

    /** " (did you mean 'x'?)" or "". */
    public static String hint(String word, Collection<String> candidates) {
        return closest(word, candidates).map(c -> "; did you mean '" + c + "'?").orElse("");
    }

    /** The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours, one each. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}

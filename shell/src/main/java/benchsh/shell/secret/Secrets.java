package benchsh.shell.secret;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place text is cleaned of secrets before it leaves the process. Two masks, both giving
 * {@code ***}:
 * <ul>
 *   <li>what is written after {@code password:} or {@code passphrase:} ({@code password: 'x'},
 *       {@code passphrase = "x"}, {@code password=x}); {@code password: pw} (a variable),
 *       {@code password: prompt} and {@code password: env('NAME')} are not secrets and stay;</li>
 *   <li>every secret value this session was actually given (host passwords, key passphrases,
 *       answers to prompts, {@code env('NAME')} values), wherever it appears: also on a line without
 *       the word password ({@code pw = 'x'}), in a {@code --set} or inside {@code -e}. Values are
 *       kept in memory only; values shorter than {@value #MIN_LENGTH} characters would mask
 *       ordinary words, so only the first mask covers them.</li>
 * </ul>
 * Writers mask the raw text before they encode it (JSON, HTML, CSV, shell quoting), so escaping
 * cannot hide a secret from the mask. Text written before a secret was given is rewritten where it
 * is kept: the history file when {@link #generation()} changed, the store's session row when its
 * masked text changed; lines already printed cannot be recalled.
 * Thread-safe.
 */
public final class Secrets {
    /** What a secret is replaced with. */
    public static final String MASK = "***";
    /** Shorter remembered values are not masked on their own (they would hit ordinary words). */
    public static final int MIN_LENGTH = 4;

    private static final String QUOTED = "'[^'\\n]*'?|\"[^\"\\n]*\"?";
    /**
     * After {@code password:} (a Groovy named argument) only a quoted value is a written secret; a bare
     * word there is a variable or a call ({@code pw}, {@code prompt}, {@code env('X')}). After
     * {@code password=} ({@code --set}, inventories) a bare word is the secret itself.
     */
    private static final Pattern WRITTEN = Pattern.compile("(?i)\\b(password|passphrase)(?:(\\s*:\\s*)(" + QUOTED + ")"
            + "|(\\s*=\\s*)(?!prompt\\b|env\\s*\\()(" + QUOTED + "|[^\\s,)\\]}'\"]+))");

    /** Longest first, so a secret that contains another is masked whole. Replaced, never changed. */
    private volatile List<String> known = List.of();

    /** Masks only what is written after {@code password:}/{@code passphrase:}; null stays null. */
    public static String redactWritten(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = WRITTEN.matcher(text);
        return m.replaceAll(r -> {
            boolean named = r.group(2) != null;
            return Matcher.quoteReplacement(r.group(1) + (named ? r.group(2) : r.group(4)) + maskKeepingQuotes(named ? r.group(3) : r.group(5)));
        });
    }

    private static String maskKeepingQuotes(String value) {
        char first = value.charAt(0);
        if (first != '\'' && first != '"') {
            return MASK;
        }
        boolean closed = value.length() > 1 && value.charAt(value.length() - 1) == first;
        return first + MASK + (closed ? String.valueOf(first) : "");
    }

    /** Remembers a secret this session was given; returns it unchanged (null stays null). */
    public char[] remember(char[] secret) {
        if (secret != null) {
            remember(new String(secret));
        }
        return secret;
    }

    /** Remembers a secret this session was given. */
    public synchronized void remember(String secret) {
        if (secret == null || secret.length() < MIN_LENGTH || known.contains(secret)) {
            return;
        }
        List<String> more = new ArrayList<>(known);
        more.add(secret);
        more.sort(Comparator.comparingInt(String::length).reversed());
        known = List.copyOf(more);
    }

    /** How many secrets are remembered; it grows when one is added, so writers know to rewrite older text. */
    public int generation() {
        return known.size();
    }

    /** The text with both masks applied; null stays null. */
    public String redact(String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (String secret : known) {
            out = out.replace(secret, MASK);
        }
        return redactWritten(out);
    }

    /** Strings masked, maps and lists masked inside (keys too), anything else as it is. */
    public Object redactValue(Object value) {
        if (value instanceof CharSequence s) {
            return redact(s.toString());
        }
        if (value instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(redactValue(k), redactValue(v)));
            return out;
        }
        if (value instanceof List<?> l) {
            return l.stream().map(this::redactValue).toList();
        }
        return value;
    }

    /** A map's string values masked (keys too); the map's order is kept. */
    @SuppressWarnings("unchecked")
    public <V> Map<String, V> redactMap(Map<String, V> map) {
        Map<String, V> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(redact(k), (V) redactValue(v)));
        return out;
    }

    /** The result with its params, tags and error masked (numbers and intervals are left alone). */
    public Result redact(Result r) {
        return new Result(r.test(), r.status(), redact(r.from()), redact(r.to()), redactMap(r.params()), r.metrics(), redactMap(r.tags()),
                r.started(), r.repeat(), redact(r.error()), r.intervals());
    }
}

package benchsh.shell.args;

import benchsh.shell.host.Host;
import benchsh.shell.script.Unmeasured;
import benchsh.peer.metric.Unit;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kinds of verb arguments and how raw values (Groovy objects, or strings from {@code --set})
 * become normalized ones: sizes in bytes (long), durations ({@link Duration}), rates in bits/s (long).
 * A {@link Size} is taken where bytes are, a {@link Rate} where bits/s are, and a plain number for either;
 * one kind where another is asked for ({@code size: 100.Mbit}) is refused.
 */
public enum ArgType {
    SIZE("bytes, e.g. 16.KiB"),
    DURATION("seconds, e.g. 5.s"),
    /** A duration that may be zero, such as a warm-up. */
    DURATION_OR_ZERO("seconds, zero or more, e.g. 1.s"),
    RATE("bits/s, e.g. 100.Mbit"),
    COUNT("a whole number"),
    /** A whole number that may be zero, such as a byte of a header. */
    COUNT_OR_ZERO("a whole number, zero or more"),
    /** A decimal number greater than zero, e.g. a scale factor. */
    NUMBER("a number greater than zero, e.g. 0.01"),
    /** Shares from 0 to under 1, one or a list ({@code --set}: comma-separated, {@code 0.5%} for a percent): a {@code List<Double>}, ascending. */
    FRACTIONS("a fraction from 0 to under 1, or a list of them, e.g. 0.5.percent or [0, 0.5.percent]"),
    /** A share above 0 and under 1 (a {@code Double}) or a rate (a {@link Rate}): how close is close enough, relative or absolute. */
    FRACTION_OR_RATE("a fraction above 0 and under 1, e.g. 0.5.percent, or bits/s, e.g. 100.kbit"),
    BOOL("true or false"),
    HOST("a host, e.g. local or h1"),
    /** One host or a list of them, each once, as a {@code List<Host>}. */
    HOSTS("hosts, e.g. dut or [dut, h3]"),
    TEXT("text"),
    /** A password: text, env('NAME') or prompt; kept as a {@link benchsh.shell.secret.Secret} that prints as ***. */
    SECRET("a password: 'text', env('NAME') or prompt"),
    MAP("a map, e.g. [dir: 'tx']"),
    CLOSURE("a closure, e.g. { it.ok() }");

    /** The most hosts one {@link #HOSTS} argument names. */
    public static final int MAX_HOSTS = 32;
    private static final Pattern QUANTITY = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\.?\\s*([a-zA-Z/]*)\\s*");

    private final String description;

    ArgType(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** Converts and checks a raw value; {@code hosts} resolves host names. */
    public Object convert(String arg, Object raw, java.util.function.Function<String, Host> hosts) {
        return convert(null, arg, raw, hosts, null);
    }

    /**
     * Converts a raw value and checks it against {@code limit} (null: the kind's own, e.g. sizes above zero);
     * a value outside is refused naming {@code verb}, the argument and the limit in this kind's units.
     */
    public Object convert(String verb, String arg, Object raw, java.util.function.Function<String, Host> hosts, Limit limit) {
        if (raw instanceof Unmeasured u) {
            throw u.read(); // a value only a run measures: the check of the script stops here
        }
        try {
            return switch (this) {
                case SIZE -> bounded(verb, arg, raw instanceof Number n ? plain(arg, n, Size.class) : parse(raw.toString(), SIZE_UNITS), limit);
                case RATE -> bounded(verb, arg, raw instanceof Number n ? plain(arg, n, Rate.class) : parse(raw.toString(), RATE_UNITS), limit);
                case DURATION, DURATION_OR_ZERO -> Duration.ofNanos(bounded(verb, arg, nanos(arg, raw), limit));
                case COUNT, COUNT_OR_ZERO -> (int) bounded(verb, arg, count(arg, raw), limit);
                case NUMBER -> {
                    double d = raw instanceof Number n ? ofKind(arg, n, null).doubleValue() : Double.parseDouble(raw.toString().trim());
                    if (!(d > 0) || Double.isInfinite(d)) {
                        throw new UsageException(arg + " must be greater than zero, not " + raw);
                    }
                    if (limit != null && !limit.contains(d)) {
                        throw limit.refuse(verb, arg, this, d);
                    }
                    yield d;
                }
                case FRACTIONS -> fractions(arg, raw);
                case FRACTION_OR_RATE -> fractionOrRate(arg, raw);
                case BOOL -> bool(arg, raw);
                case HOST -> host(arg, raw, hosts);
                case HOSTS -> hosts(arg, raw, hosts);
                case TEXT -> raw.toString();
                case SECRET -> raw instanceof benchsh.shell.secret.Secret s ? s : benchsh.shell.secret.Secret.of(raw.toString());
                case CLOSURE -> {
                    if (!(raw instanceof groovy.lang.Closure<?>)) {
                        throw new UsageException(arg + ": expected " + description);
                    }
                    yield raw;
                }
                case MAP -> {
                    if (!(raw instanceof Map<?, ?> m)) {
                        throw new UsageException(arg + ": expected " + description);
                    }
                    yield Values.recorded(m); // tags: sizes as bytes, rates as bits/s, durations as seconds
                }
            };
        } catch (NumberFormatException e) {
            throw new UsageException(arg + ": '" + raw + "' is not " + description);
        }
    }

    /** Whether this kind is a whole number ({@link #COUNT}, {@link #COUNT_OR_ZERO}): an {@code int}. */
    public boolean isCount() {
        return this == COUNT || this == COUNT_OR_ZERO;
    }

    /**
     * The values of this kind in its normalized unit: sizes, rates and counts from 1, durations from 1 ns
     * (0 for {@link #DURATION_OR_ZERO} and {@link #COUNT_OR_ZERO}); counts up to {@link Integer#MAX_VALUE}. Null for kinds that are not quantities.
     */
    public Limit bounds() {
        return switch (this) {
            case SIZE, RATE, DURATION -> Limit.of(1, Long.MAX_VALUE);
            case DURATION_OR_ZERO -> Limit.of(0, Long.MAX_VALUE);
            case COUNT -> Limit.of(1, Integer.MAX_VALUE);
            case COUNT_OR_ZERO -> Limit.of(0, Integer.MAX_VALUE);
            case NUMBER -> Limit.of(0, Long.MAX_VALUE);
            default -> null;
        };
    }

    /**
     * The unit a result records a value of this kind in ({@link Values#recorded}): bytes for sizes, bits/s for rates,
     * seconds for durations, a count for whole numbers; empty for the kinds that are no quantity (text, flags, hosts, a
     * decimal factor).
     */
    public Optional<Unit> unit() {
        return switch (this) {
            case SIZE -> Optional.of(Unit.BYTES);
            case RATE -> Optional.of(Unit.BITS_PER_SECOND);
            case DURATION, DURATION_OR_ZERO -> Optional.of(Unit.SECONDS);
            case COUNT, COUNT_OR_ZERO -> Optional.of(Unit.COUNT);
            default -> Optional.empty();
        };
    }

    /** A normalized value as the user writes it: "16 KiB", "4,294,967,297 B (4.0 GiB)", "24 h", "10 ms", "100 Mbit/s", "1024". */
    public String show(long v) {
        return switch (this) {
            case SIZE -> Quantities.size(v);
            case RATE -> Quantities.rate(v);
            case DURATION, DURATION_OR_ZERO -> Quantities.duration(v);
            default -> String.format(Locale.ROOT, Math.abs(v) < 100_000 ? "%d" : "%,d", v);
        };
    }

    /** {@code v} within {@code limit}, else within this kind's own bounds with their plain messages. */
    private long bounded(String verb, String arg, long v, Limit limit) {
        if (limit != null) {
            return limit.check(verb, arg, this, v);
        }
        boolean zero = this == DURATION_OR_ZERO || this == COUNT_OR_ZERO;
        if (v < 0 || v == 0 && !zero) {
            throw new UsageException(arg + " must be " + (zero ? "zero or more" : "greater than zero") + ", not " + show(v));
        }
        if (isCount() && v > Integer.MAX_VALUE) {
            throw new UsageException(arg + " must be at most " + Integer.MAX_VALUE + ", not " + v);
        }
        return v;
    }

    private static Object host(String arg, Object raw, java.util.function.Function<String, Host> hosts) {
        if (raw instanceof Host h) {
            return h;
        }
        Host h = hosts.apply(raw.toString());
        if (h == null) {
            throw new UsageException(arg + ": no host named '" + raw + "'; define it first, e.g. h1 = host 'user@h1'");
        }
        return h;
    }

    private static java.util.List<Host> hosts(String arg, Object raw, java.util.function.Function<String, Host> hosts) {
        java.util.Collection<?> all = raw instanceof java.util.Collection<?> c ? c : java.util.List.of(raw);
        if (all.isEmpty() || all.size() > MAX_HOSTS) {
            throw new UsageException(arg + ": expected 1 to " + MAX_HOSTS + " hosts, e.g. [dut], not " + all.size());
        }
        java.util.LinkedHashSet<Host> out = new java.util.LinkedHashSet<>();
        for (Object h : all) {
            if (h == null) {
                throw new UsageException(arg + ": expected " + HOSTS.description + ", not null");
            }
            out.add((Host) host(arg, h, hosts));
        }
        return java.util.List.copyOf(out);
    }

    /**
     * A number given for an argument of one kind of quantity: a {@link Size} or a {@link Rate} of that kind
     * ({@code kind}; null for a plain number) as it is, a plain number rounded; the other kind is refused.
     */
    private static long plain(String arg, Number n, Class<? extends Number> kind) {
        return Values.whole(ofKind(arg, n, kind));
    }

    /** {@code n}, unless it is a size or a rate where {@code kind} (null: a plain number) is asked for. */
    private static Number ofKind(String arg, Number n, Class<? extends Number> kind) {
        if ((n instanceof Size || n instanceof Rate) && !n.getClass().equals(kind)) {
            ArgType wanted = kind == Size.class ? SIZE : kind == Rate.class ? RATE : kind == null ? NUMBER : COUNT;
            throw new UsageException(arg + ": " + n + " is " + Values.kind(n) + ", not " + wanted.description);
        }
        return n;
    }

    /** A whole number; {@link #bounded} checks its range. */
    private static long count(String arg, Object raw) {
        if (raw instanceof Number n) {
            ofKind(arg, n, Integer.class);
        }
        if (raw instanceof Number n && n.doubleValue() != n.longValue()) {
            throw new UsageException(arg + ": " + raw + " is not " + COUNT.description);
        }
        return raw instanceof Number n ? n.longValue() : Long.parseLong(raw.toString().trim());
    }

    /** The most shares one {@link #FRACTIONS} argument holds. */
    public static final int MAX_FRACTIONS = 8;

    private static java.util.List<Double> fractions(String arg, Object raw) {
        java.util.Collection<?> all = raw instanceof java.util.Collection<?> c ? c : raw instanceof CharSequence t ? java.util.List.of(t.toString().split(","))
                : java.util.List.of(raw);
        if (all.isEmpty() || all.size() > MAX_FRACTIONS) {
            throw new UsageException(arg + ": expected 1 to " + MAX_FRACTIONS + " fractions, e.g. [0, 0.5.percent], not " + all.size());
        }
        java.util.TreeSet<Double> out = new java.util.TreeSet<>();
        for (Object o : all) {
            double d = share(arg, o);
            if (!(d >= 0 && d < 1)) {
                throw new UsageException(arg + ": " + o + " is not " + FRACTIONS.description);
            }
            out.add(d);
        }
        return java.util.List.copyOf(out);
    }

    private static Object fractionOrRate(String arg, Object raw) {
        if (raw instanceof Rate r || !(raw instanceof Number) && !(raw instanceof CharSequence s && isShare(s.toString()))) {
            long bps = raw instanceof Rate r ? r.bitsPerSecond() : raw instanceof Number ? 0 : parse(raw.toString(), RATE_UNITS);
            if (bps <= 0) {
                throw new UsageException(arg + ": " + raw + " is not " + FRACTION_OR_RATE.description);
            }
            return Rate.ofBitsPerSecond(bps);
        }
        double d = share(arg, raw);
        if (!(d > 0 && d < 1)) {
            throw new UsageException(arg + ": " + raw + " is neither a fraction under 1 nor a rate: write e.g. 0.5.percent or 100.kbit");
        }
        return d;
    }

    /** Whether text is a plain number or a percent ("0.005", "0.5%"), not a rate with its unit. */
    private static boolean isShare(String text) {
        return text.strip().matches("[0-9]+(\\.[0-9]+)?%?");
    }

    /** A share: a plain number (not a size, rate or duration), or text: a number, or a percent ("0.5%"). */
    private static double share(String arg, Object o) {
        if (o instanceof Number n && !(o instanceof Size) && !(o instanceof Rate)) {
            return n.doubleValue();
        }
        String text = String.valueOf(o).strip();
        try {
            return text.endsWith("%") ? Double.parseDouble(text.substring(0, text.length() - 1).strip()) / 100 : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new UsageException(arg + ": " + o + " is not a fraction, e.g. 0.5.percent");
        }
    }

    private static boolean bool(String arg, Object raw) {
        if (raw instanceof Boolean b) {
            return b;
        }
        return switch (raw.toString().trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new UsageException(arg + ": '" + raw + "' is not " + BOOL.description);
        };
    }

    /** A duration's nanoseconds: a {@link Duration}, seconds as a number, or text with a unit ("500ms"). */
    private static long nanos(String arg, Object raw) {
        if (raw instanceof Duration d) {
            return saturatedNanos(d);
        }
        if (raw instanceof Size || raw instanceof Rate) {
            throw new UsageException(arg + ": " + raw + " is " + Values.kind(raw) + ", not " + DURATION.description);
        }
        if (raw instanceof Number n) {
            return Math.round(n.doubleValue() * 1e9);
        }
        return parse(raw.toString(), TIME_UNITS);
    }

    /** {@link Duration#toNanos}, at the long's ends instead of overflowing (a duration of centuries is out of every range anyway). */
    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    private static final Map<String, Double> SIZE_UNITS = Map.ofEntries(
            Map.entry("", 1.0), Map.entry("b", 1.0), Map.entry("k", 1024.0), Map.entry("kib", 1024.0), Map.entry("kb", 1e3),
            Map.entry("m", 1048576.0), Map.entry("mib", 1048576.0), Map.entry("mb", 1e6),
            Map.entry("g", 1073741824.0), Map.entry("gib", 1073741824.0), Map.entry("gb", 1e9),
            Map.entry("t", 1099511627776.0), Map.entry("tib", 1099511627776.0), Map.entry("tb", 1e12));
    private static final Map<String, Double> RATE_UNITS = Map.ofEntries(
            Map.entry("", 1.0), Map.entry("bit", 1.0), Map.entry("bps", 1.0), Map.entry("k", 1e3), Map.entry("kbit", 1e3), Map.entry("kbps", 1e3),
            Map.entry("m", 1e6), Map.entry("mbit", 1e6), Map.entry("mbps", 1e6), Map.entry("g", 1e9), Map.entry("gbit", 1e9), Map.entry("gbps", 1e9),
            Map.entry("t", 1e12), Map.entry("tbit", 1e12), Map.entry("tbps", 1e12));
    private static final Map<String, Double> TIME_UNITS = Map.of(
            "", 1e9, "s", 1e9, "ms", 1e6, "us", 1e3, "min", 60e9, "m", 60e9, "h", 3600e9);

    /** Parses "16KiB", "16.KiB", "1.5 GB", "100Mbit", "5Gbit/s", "100Mbps", "500ms", "2.s". */
    static long parse(String text, Map<String, Double> units) {
        Matcher m = QUANTITY.matcher(text);
        if (!m.matches()) {
            throw new NumberFormatException(text);
        }
        Double factor = units.get(m.group(2).toLowerCase(Locale.ROOT).replace("/s", ""));
        if (factor == null) {
            throw new NumberFormatException(text);
        }
        return Math.round(Double.parseDouble(m.group(1)) * factor);
    }
}

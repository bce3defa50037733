package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import benchsh.peer.fuzz.Fuzz;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.host.LocalHost;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Property: the shell's argument parsing turns any value a script or {@code --set} can hand it into
 * a checked value of the declared kind or a {@link UsageException} with a message; nothing else
 * escapes. Covers {@link ArgType#convert} for every type, {@link Args#parse} of every verb's spec
 * with random maps, and the {@code --set} conversion of {@code param} defaults.
 */
class ArgsFuzzTest {
    private static final Host LOCAL = new LocalHost("local", "java");
    private static final Function<String, Host> HOSTS = name -> name.equals("local") ? LOCAL : null;

    @Test
    void everyVerbSpecAcceptsCheckedValuesOrRefusesWithAReason() {
        List<VerbSpec> specs = Verbs.standard(file -> null).all().stream().map(Verb::spec).toList();
        java.util.Set<String> exercised = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Fuzz.run("verb args", 3, 5_000, r -> {
            VerbSpec spec = specs.get(r.nextInt(specs.size()));
            exercised.add(spec.name());
            Map<Object, Object> raw = new LinkedHashMap<>();
            for (int i = r.nextInt(4); i > 0; i--) {
                String name = spec.args().isEmpty() || r.nextInt(8) == 0 ? Fuzz.text(r) : spec.args().get(r.nextInt(spec.args().size())).name();
                raw.put(name, value(r));
            }
            try {
                Args args = Args.parse(spec, raw, List.of(), HOSTS);
                for (Arg a : spec.args()) {
                    if (args.given(a.name())) {
                        checkKind(a.type(), args.get(a.name()), spec.name() + " " + raw);
                    }
                }
            } catch (UsageException e) {
                assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "a usage error without a message for " + raw);
            } catch (RuntimeException e) {
                fail(e + " for " + spec.name() + " " + raw, e);
            }
        });
        assertEquals(specs.stream().map(VerbSpec::name).collect(java.util.stream.Collectors.toSet()), exercised, "every verb was fuzzed");
    }

    @Test
    void setOverridesConvertToTheDefaultsTypeOrRefuse() throws Exception {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            Object[] likes = {4096L, 3, Duration.ofSeconds(1), true, 1.5, "text", List.of(1L, 2L), List.of(Duration.ofSeconds(1))};
            java.util.Set<Class<?>> exercised = new java.util.HashSet<>();
            Fuzz.run("--set", 2, 2_000, r -> {
                Object like = likes[r.nextInt(likes.length)];
                exercised.add(like.getClass());
                String text = r.nextBoolean() ? Fuzz.text(r) : quantity(r);
                try {
                    Object v = ParamVerb.convert("p", text, like, session);
                    assertTrue(v != null, "a value for " + text);
                    if (!(like instanceof List<?>) && !(like instanceof String)) {
                        assertTrue(like.getClass().isInstance(v) || like instanceof Number && v instanceof Number,
                                "--set p=" + text + " as " + like.getClass().getSimpleName() + " gave " + v.getClass().getSimpleName());
                    }
                } catch (UsageException e) {
                    assertTrue(e.getMessage() != null && e.getMessage().startsWith("--set p"), e.getMessage());
                } catch (Exception e) {
                    fail(e + " for --set p=" + text + " like " + like, e);
                }
            });
            assertEquals(java.util.Arrays.stream(likes).map(Object::getClass).collect(java.util.stream.Collectors.toSet()), exercised,
                    "every kind of default was fuzzed");
        }
    }

    private static void checkKind(ArgType type, Object v, String context) {
        switch (type) {
            case SIZE, RATE -> assertTrue(v instanceof Long l && l > 0, type + " " + v + " in " + context);
            case COUNT -> assertTrue(v instanceof Integer i && i > 0, type + " " + v + " in " + context);
            case DURATION -> assertTrue(v instanceof Duration d && d.toNanos() > 0, type + " " + v + " in " + context);
            case DURATION_OR_ZERO -> assertTrue(v instanceof Duration d && !d.isNegative(), type + " " + v + " in " + context);
            case BOOL -> assertTrue(v instanceof Boolean, type + " " + v + " in " + context);
            case HOST -> assertTrue(v == LOCAL, type + " " + v + " in " + context);
            case HOSTS -> assertTrue(v instanceof List<?> l && !l.isEmpty() && l.stream().allMatch(h -> h == LOCAL), type + " " + v + " in " + context);
            case TEXT -> assertTrue(v instanceof String, type + " " + v + " in " + context);
            case MAP -> assertTrue(v instanceof Map, type + " " + v + " in " + context);
            case CLOSURE -> assertTrue(v instanceof groovy.lang.Closure, type + " " + v + " in " + context);
            default -> assertTrue(v != null, type + " in " + context); // a type added later: at least a value
        }
    }

    /** What a script can pass: Groovy numbers of every class, units, strings, maps, lists, hosts, closures. */
    private static Object value(Random r) {
        return switch (r.nextInt(14)) {
            case 0 -> (int) Fuzz.integer(r);
            case 1 -> Fuzz.integer(r);
            case 2 -> Fuzz.pick(r, Double.NaN, Double.POSITIVE_INFINITY, -0.0, 1e300, 0.5, -3.0, r.nextDouble() * 1e12);
            case 3 -> new BigDecimal(r.nextGaussian() * 1e6);
            case 4 -> BigInteger.valueOf(Fuzz.integer(r)).shiftLeft(r.nextInt(80));
            case 5 -> Duration.ofNanos(Fuzz.integer(r));
            case 6 -> r.nextBoolean();
            case 7, 8 -> quantity(r);
            case 9 -> Fuzz.text(r);
            case 10 -> Fuzz.pick(r, "local", "h1", LOCAL);
            case 11 -> new LinkedHashMap<>(Map.of(Fuzz.text(r), Fuzz.text(r)));
            case 12 -> new ArrayList<>(List.of(Fuzz.integer(r)));
            default -> new groovy.lang.Closure<Object>(null) {
                @Override
                public Object call(Object... args) {
                    return null;
                }
            };
        };
    }

    /** A quantity with a unit, valid or nearly so: "16KiB", "1.5 GB", "100Mbit/s", "500ms", "9e99h". */
    private static String quantity(Random r) {
        String number = Fuzz.pick(r, "0", "1", "1.5", "16", "99999999999999999999999", "-4", "1e3", ".5", "007", " 2 ", "1.", "", "NaN");
        String unit = Fuzz.pick(r, "", "b", "k", "KiB", "kb", "M", "MiB", "GB", "g", "TB", "bit", "kbit", "Mbit/s", "gbit", "s", "ms", "us",
                "min", "m", "h", "d", "/s", "%", Fuzz.text(r));
        return number + (r.nextBoolean() ? "" : " ") + unit;
    }
}

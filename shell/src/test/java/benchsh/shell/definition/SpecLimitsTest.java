package benchsh.shell.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import benchsh.peer.fs.TreePlan;
import benchsh.peer.fs.TreeSpecBuilder;
import benchsh.peer.fuzz.Fuzz;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workloads;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.Limit;
import benchsh.shell.args.UsageException;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Part;
import benchsh.shell.run.SideSpec;
import benchsh.shell.run.Test;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The one check of every limit: an argument outside the range of the spec field it feeds is a usage error
 * naming the argument and the range in its units, before anything runs; and, as a property over every
 * measuring verb, whatever a definition builds from any arguments either is refused that way or is a set of
 * specs the peer's strict parser accepts, every {@code int} field holding exactly the user's value (nothing
 * wrapped in a cast).
 */
class SpecLimitsTest {
    private final Hosts hosts = new Hosts();

    @AfterEach
    void close() {
        hosts.close();
    }

    private Test build(Definition d, Map<?, ?> raw, List<Object> positional) {
        return d.test(Args.parse(d.verb(), raw, positional, hosts::get), hosts);
    }

    private String refusal(Definition d, Map<?, ?> raw) {
        return assertThrows(UsageException.class, () -> build(d, raw, List.of()), raw.toString()).getMessage();
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "disk | bs: 0 | disk: bs must be between 1 B and 64 MiB, not 0 B",
            "disk | bs: 65 MiB | disk: bs must be between 1 B and 64 MiB, not 65 MiB",
            "disk | read: 17 TiB | disk: read must be between 1 B and 16 TiB, not 17 TiB",
            "tcp | window: 4294967297 | tcp: window must be between 1 B and 1 GiB, not 4,294,967,297 B (4.0 GiB)",
            "tcp | window: 5 GiB | tcp: window must be between 1 B and 1 GiB, not 5 GiB",
            "tcp | window: 2 GiB | tcp: window must be between 1 B and 1 GiB, not 2 GiB",
            "tcp | size: 32 MiB | tcp: size must be between 1 B and 16 MiB, not 32 MiB",
            "tcp | streams: 129 | tcp: streams must be between 1 and 128, not 129",
            "tcp | time: 25 h | tcp: time must be more than 0 s and at most 24 h, not 25 h",
            "tcp | interval: 1 ms | tcp: interval must be between 10 ms and 24 h, not 1 ms",
            "tcp | port: 65536 | tcp: port must be between 1 and 65535, not 65536",
            "tcp | repeats: 10001 | tcp: repeats must be between 1 and 10000, not 10001",
            "udp | size: 65508 | udp: size must be between 1 B and 65,507 B, not 65,508 B",
            "udp | batch: 1025 | udp: batch must be between 1 and 1024, not 1025",
            "udp | busywait: 20 ms | udp: busywait must be between 0 s and 10 ms, not 20 ms",
            "rr | burst: 1025 | rr: burst must be between 1 and 1024, not 1025",
            "rr | request: 2 MiB | rr: request must be between 1 B and 1 MiB, not 2 MiB",
            "pipe | bs: 128 MiB | pipe: bs must be between 1 B and 64 MiB, not 128 MiB",
            "copy | threads: 65 | copy: threads must be between 1 and 64, not 65",
            "tree | sigma: 6 | tree: sigma must be between 0 and 5, not 6.0",
            "http | timeout: 50 ms | http: timeout must be between 100 ms and 24 h, not 50 ms"})
    void anArgumentOutsideItsSpecFieldsRangeIsAUsageErrorInItsOwnUnits(String verb, String arg, String message) {
        String name = arg.substring(0, arg.indexOf(':'));
        String value = arg.substring(arg.indexOf(':') + 1).trim();
        Definition d = definition(verb);
        Map<String, Object> raw = new LinkedHashMap<>(required(verb));
        raw.put(name, value);
        assertEquals(message, refusal(d, raw));
    }

    @org.junit.jupiter.api.Test
    void aValueTheDefinitionDerivesIsCheckedWhereTheSpecLeaves() {
        assertEquals("rr: request must be between 1 B and 65,507 B, not 100,000 B",
                refusal(definition("rr"), Map.of("proto", "udp", "request", 100_000)), "UDP_RR's cap is lower than the argument's (TCP_RR's)");
        Map<String, Object> tree = new LinkedHashMap<>(required("tree"));
        tree.putAll(Map.of("files", 200_000, "scale", 100));
        assertEquals("tree: files must be between 1 and 10,000,000, not 20,000,000", refusal(definition("tree"), tree), "files times scale");
    }

    @org.junit.jupiter.api.Test
    void aSpecRecordsOwnRuleIsAUsageErrorToo() {
        Map<String, Object> raw = new LinkedHashMap<>(required("pipe"));
        raw.put("sink", "/tmp/benchsh-limits/a\u0000b");
        String m = assertThrows(UsageException.class, () -> build(definition("pipe"), raw, List.of())).getMessage();
        assertTrue(m.startsWith("pipe: ") && m.contains("Nul character"), m);
    }

    @org.junit.jupiter.api.Test
    void helpShowsTheRangeBesideTheKindOfValue() {
        Arg window = definition("tcp").verb().arg("window").orElseThrow();
        assertEquals("bytes, e.g. 16.KiB; between 1 B and 1 GiB", window.description());
        assertEquals("seconds, e.g. 5.s; between 10 ms and 24 h", PairArgs.INTERVAL.description());
        assertEquals(new Limit(10_000_000L, Timing.MAX_NANOS, "intervalNanos"), PairArgs.INTERVAL.limit());
    }

    /** Property: built specs decode in the peer, and every int field holds the user's value; else a usage error. */
    @org.junit.jupiter.api.Test
    void everyDefinitionBuildsSpecsThePeerAcceptsOrRefusesWithAUsageError() {
        List<Definition> all = Definitions.all();
        Set<String> built = ConcurrentHashMap.newKeySet();
        Set<String> refused = ConcurrentHashMap.newKeySet();
        Fuzz.run("definition limits", 3, 4_000, r -> {
            Definition d = all.get(r.nextInt(all.size()));
            String verb = d.verb().name();
            Map<String, Object> raw = new LinkedHashMap<>(required(verb));
            for (Arg a : d.verb().args()) {
                if (r.nextInt(3) == 0) {
                    Object v = value(r, a);
                    if (v != null) {
                        raw.put(a.name(), v);
                    }
                }
            }
            Args args;
            Test test;
            try {
                args = Args.parse(d.verb(), raw, positional(verb), hosts::get);
                test = d.test(args, hosts);
            } catch (UsageException e) {
                assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "a usage error without a message for " + verb + " " + raw);
                refused.add(verb);
                return;
            } catch (RuntimeException e) {
                fail(e + " for " + verb + " " + raw, e);
                return;
            }
            for (Part p : test.parts()) {
                if (p instanceof Part.OnPeers on) {
                    on.sides().forEach(side -> accepted(side, args, verb + " " + raw));
                }
            }
            built.add(verb);
        });
        List<String> names = all.stream().map(d -> d.verb().name()).toList();
        assertEquals(Set.copyOf(names), built, "every verb built a test");
        assertEquals(Set.copyOf(names), refused, "every verb refused some arguments");
    }

    /** The peer's parser accepts the side's spec, and each int field the user's argument feeds holds its value exactly. */
    private static void accepted(SideSpec side, Args args, String context) {
        Record spec;
        try {
            spec = SpecCodec.decode(Workloads.named(side.workload()).roles().get(side.role()).spec(), new Fields("spec", side.spec()));
        } catch (ProtocolException e) {
            throw new AssertionError("the peer refuses what " + context + " built: " + e.getMessage(), e);
        }
        intsAsGiven(spec, args, context);
    }

    private static void intsAsGiven(Record spec, Args args, String context) {
        for (RecordComponent c : spec.getClass().getRecordComponents()) {
            Object v;
            try {
                v = c.getAccessor().invoke(spec);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            if (v instanceof Record nested) {
                intsAsGiven(nested, args, context);
            } else if (c.getType() == int.class) {
                for (Arg a : args.spec().args()) {
                    if (args.given(a.name()) && a.type() != ArgType.NUMBER && Limit.feeds(a.name(), c.getName()) && (int) v != 0) {
                        assertEquals(args.quantity(a.name()), (long) (int) v, c.getName() + " of " + spec.getClass().getSimpleName() + " for " + context);
                    }
                }
            }
        }
    }

    private static Definition definition(String verb) {
        return Definitions.all().stream().filter(d -> d.verb().name().equals(verb)).findFirst().orElseThrow();
    }

    /** What a verb needs to build at all. */
    private static Map<String, Object> required(String verb) {
        return switch (verb) {
            case "disk" -> Map.of("path", "/tmp/benchsh-limits/f", "read", 1 << 20);
            case "tree" -> Map.of("path", "/tmp/benchsh-limits/t");
            case "copy" -> Map.of("to", "/tmp/benchsh-limits/c");
            default -> Map.of();
        };
    }

    private List<Object> positional(String verb) {
        return switch (verb) {
            case "copy" -> List.of("/tmp/benchsh-limits/src");
            case "remove" -> List.of(new TreeHandle(hosts.local(), "/tmp/benchsh-limits/t", 1, 1, 1, null,
                    TreeSpecBuilder.tree(TreePlan.Profile.CUSTOM).timing(new Timing(1_000_000_000L, 10_000_000_000L)).at("/tmp/benchsh-limits/t")));
            default -> List.of();
        };
    }

    /** A value near the argument's limit or past an int, or an ordinary one; null to leave it out. */
    private static Object value(Random r, Arg a) {
        Limit l = a.limit() != null ? a.limit() : a.type().bounds();
        return switch (a.type()) {
            case SIZE, RATE, COUNT -> quantity(r, l);
            case DURATION, DURATION_OR_ZERO -> Duration.ofNanos(Math.max(-1, quantity(r, l)));
            case NUMBER -> Fuzz.pick(r, 0.001, 0.01, 1.0, 5.0, 5.5, 100.0, 101.0);
            case BOOL -> r.nextBoolean();
            case HOST -> "local";
            case TEXT -> text(r, a.name());
            case MAP -> Map.of("k", "v");
            default -> null;
        };
    }

    private static long quantity(Random r, Limit l) {
        List<Long> near = new ArrayList<>(List.of(l.min(), l.max(), l.max() + 1, l.min() - 1, 1L << 31, (1L << 32) + 1, 5L << 30, 1L));
        near.removeIf(v -> v < -1);
        return r.nextInt(4) == 0 ? Fuzz.integer(r) : near.get(r.nextInt(near.size()));
    }

    private static Object text(Random r, String name) {
        return switch (name) {
            case "proto" -> Fuzz.pick(r, "tcp", "udp", "sctp");
            case "io" -> Fuzz.pick(r, "gso", "mmsg", "nio", "x");
            case "source" -> Fuzz.pick(r, "zero", "random", "/tmp/benchsh-limits/in");
            case "sink" -> Fuzz.pick(r, "null", "/tmp/benchsh-limits/out");
            case "via" -> Fuzz.pick(r, "stream", "sftp");
            case "profile" -> Fuzz.pick(r, "maildir", "custom", "video", "nope");
            case "path" -> Fuzz.pick(r, "/tmp/benchsh-limits/p", "relative");
            case "to" -> Fuzz.pick(r, "/tmp/benchsh-limits/c2", "local");
            case "bind", "target" -> "127.0.0.1";
            case "label" -> "l";
            default -> null;
        };
    }
}

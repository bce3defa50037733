package benchsh.peer.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import benchsh.peer.fuzz.Fuzz;
import benchsh.peer.fuzz.RandomRecords;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.SpecCodec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property: every workload's {@link Workload#open} with a random or mutated spec either refuses it
 * with an IOException (a ProtocolException for a bad spec) or an IllegalArgumentException with a
 * message, or opens a side that can be cancelled and then ends at once. Specs are mutations of
 * valid ones (fields dropped, added, or set to any JSON value). Addresses stay 127.0.0.1, paths stay
 * in a temp directory and connect sides only ever reach this test's own listener.
 */
class WorkloadSpecFuzzTest {
    private static final String TOKEN = "0123456789abcdef0123456789abcdef";
    /**
     * How long a cancelled side may take to end: generous, since ending can start processes (observe runs tc) and a
     * loaded 2-core machine once took more than 10 s for that; a side that ignores its cancel never ends at all.
     */
    private static final java.time.Duration ENDS_WITHIN = java.time.Duration.ofSeconds(60);
    private static ServerSocketChannel drain;
    private static Thread drainer;
    private static ExecutorService runner;

    @TempDir
    static Path dir;

    @BeforeAll
    static void listen() throws IOException {
        drain = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0), 512);
        drainer = new Thread(() -> {
            while (drain.isOpen()) {
                try (SocketChannel ch = drain.accept()) {
                    ch.socket().setSoLinger(true, 0);
                } catch (IOException e) {
                    return;
                }
            }
        }, "fuzz-drain");
        drainer.setDaemon(true);
        drainer.start();
        runner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-side");
            t.setDaemon(true);
            return t;
        });
    }

    @AfterAll
    static void close() throws Exception {
        drain.close();
        runner.shutdownNow();
    }

    private static int drainPort() {
        return drain.socket().getLocalPort();
    }

    /**
     * Valid specs of every workload and role, the seeds of the mutations: for each role of each workload {@link Workloads}
     * finds, the first random spec of its record ({@link RandomRecords}) that opens a side, its strings (paths) from
     * this test's directory. A workload whose roles yield no such spec fails the test: it cannot be fuzzed.
     */
    private static List<Case> seeds() throws IOException {
        Path source = dir.resolve("source");
        if (!Files.exists(source)) {
            Files.write(source, new byte[4096]);
        }
        Files.createDirectories(dir.resolve("fs"));
        java.util.concurrent.atomic.AtomicInteger fresh = new java.util.concurrent.atomic.AtomicInteger();
        Random random = new Random(Fuzz.FIXED_SEED);
        RandomRecords records = new RandomRecords(random, () -> random.nextInt(3) == 0 ? source.toString() : fs("new-" + fresh.incrementAndGet()));
        List<Case> seeds = new java.util.ArrayList<>();
        for (String name : Workloads.names()) {
            if (name.equals("mount")) {
                continue; // it runs the host's mount and umount: not fuzzed
            }
            Workloads.named(name).roles().forEach((role, type) -> seeds.add(seed(records, name, role, type.spec())));
        }
        return seeds;
    }

    private static Case seed(RandomRecords records, String workload, String role, Class<? extends Record> type) {
        for (int i = 0; i < SEED_ATTEMPTS; i++) {
            Case c = new Case(workload, role, SpecCodec.encode(records.of(type)));
            if (open(c)) {
                return c;
            }
        }
        throw new AssertionError("cannot fuzz " + workload + " " + role + ": no random " + type.getSimpleName() + " opened a side in "
                + SEED_ATTEMPTS + " attempts");
    }

    private static final int SEED_ATTEMPTS = 100;

    /** A path in the directory the file system workloads may write to. */
    private static String fs(String name) {
        return dir.resolve("fs").resolve(name).toString();
    }

    private record Case(String workload, String role, Map<String, Object> spec) {
    }

    @Test
    void anySpecIsRefusedWithAReasonOrOpensASideThatEnds() throws Exception {
        List<Case> seeds = seeds();
        java.util.Set<String> opened = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.Set<String> refused = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Fuzz.run("workload specs", 4, 400, r -> {
            Case c = mutate(r, seeds.get(r.nextInt(seeds.size())));
            (open(c) ? opened : refused).add(c.workload);
        });
        System.out.println("fuzz workload specs: opened " + opened + ", refused " + refused);
        java.util.Set<String> all = Workloads.names();
        assertTrue(opened.containsAll(all.stream().filter(w -> !w.equals("mount")).toList()),
                "every workload (but mount, which runs the host's mount) opened a valid mutated spec: " + opened);
        assertTrue(refused.containsAll(all.stream().filter(w -> !w.equals("mount")).toList()), "and refused a broken one: " + refused);
        try (Stream<Path> left = Files.list(dir)) {
            List<String> names = left.map(p -> p.getFileName().toString()).toList();
            assertTrue(names.stream().allMatch(n -> n.equals("source") || n.equals("fs")), "only the source file is left: " + names);
        }
    }

    /** Opens the side; true if it opened (and was then cancelled and ended). */
    private static boolean open(Case c) {
        Workload w = Workloads.named(c.workload);
        Side side;
        try {
            // the link is the shell's, not the spec's: loopback, the drain's port for a connector; none for a side alone
            Link link = c.role.equals("listen") || c.role.equals("connect")
                    ? new Link(Sides.TOKEN, Sides.LOOPBACK, c.role.equals("connect") ? drainPort() : 0) : null;
            side = w.open(c.role, c.spec, link, context());
        } catch (IOException | IllegalArgumentException e) {
            if (e.getMessage() == null || e.getMessage().isBlank()) {
                fail("an error without a message for " + c, e);
            }
            return false;
        } catch (Throwable t) {
            fail(t + " for " + c, t);
            return false;
        }
        side.cancel();
        Future<Outcome> done = runner.submit(side::run);
        try {
            done.get(ENDS_WITHIN.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            done.cancel(true);
            fail("a cancelled side did not end: " + e + " for " + c, e);
        }
        Object sinkPath = c.workload.equals("pipe") && c.role.equals("listen") && "file".equals(c.spec.get("sink")) ? c.spec.get("sink_path")
                : c.workload.equals("http") && c.role.equals("connect") ? c.spec.get("sink") : null;
        if (sinkPath instanceof String path) {
            Path sink = Path.of(path); // a new file: an existing one (the source) is refused before the side opens
            boolean kept = Files.exists(sink, java.nio.file.LinkOption.NOFOLLOW_LINKS);
            try {
                Files.deleteIfExists(sink);
            } catch (IOException e) {
                fail("cannot clean up " + sink, e);
            }
            if (kept && !Boolean.TRUE.equals(c.spec.get("keep"))) {
                fail("the sink file of a cancelled test is left behind for " + c);
            }
        }
        return true;
    }

    private static SideContext context() {
        long deadline = System.nanoTime() + 60_000_000_000L;
        return new SideContext() {
            @Override
            public void interval(Interval<?> sample) {
            }

            @Override
            public Path tempDir() {
                return dir.resolve("tmp");
            }

            @Override
            public long deadlineNanos() {
                return deadline;
            }
        };
    }

    private static Case mutate(Random r, Case seed) {
        Map<String, Object> spec = new LinkedHashMap<>(seed.spec);
        String role = r.nextInt(20) == 0 ? Fuzz.pick(r, "server", "", "LISTEN", Fuzz.text(r)) : seed.role;
        String workload = seed.workload;
        for (int i = r.nextInt(4); i > 0; i--) {
            String key = r.nextInt(4) == 0 ? Fuzz.pick(r, "size", "streams", "bytes", "count", "bs", "window", "rate", "request", "response",
                    "interval_ns", "timeout_ns", "omit_ns", "sync", "keep", "histogram", "reverse", "zerocopy", "nodelay", "time_nanos", "omit_nanos",
                    "timing", "no_delay", "zero_copy", Fuzz.text(r))
                    : List.copyOf(spec.keySet()).isEmpty() ? "token" : List.copyOf(spec.keySet()).get(r.nextInt(spec.size()));
            if (r.nextInt(5) == 0) {
                spec.remove(key);
            } else {
                spec.put(key, value(r, key, seed.role));
            }
        }
        return new Case(workload, role, spec);
    }

    /** A new value for a field; addresses, ports and paths only from safe sets. */
    private static Object value(Random r, String key, String role) {
        boolean wrongType = r.nextInt(6) == 0;
        switch (key) {
            case "address", "target" -> {
                // never a random string: it would be looked up in DNS
                return wrongType ? Fuzz.pick(r, 1L, true, 1.5, List.of(), Map.of()) : "127.0.0.1";
            }
            case "port" -> {
                return wrongType ? Fuzz.value(r, 1) : Fuzz.pick(r, 0L, -1L, 65_536L, Long.MAX_VALUE, (long) drainPort());
            }
            case "path", "src", "dst" -> {
                // never a random string: it could name a real file; only this test's directory, or a non-string
                return wrongType ? Fuzz.pick(r, 1L, true, 1.5, List.of(), Map.of())
                        : dir.resolve("fs").resolve(Fuzz.pick(r, "a", "b/c", "tree", "copy", "w.dat")).toString();
            }
            case "sink_path", "source_path" -> {
                return wrongType ? Fuzz.value(r, 1) : dir.resolve(Fuzz.pick(r, "sink", "source", "missing/x", "tmp")).toString();
            }
            case "source", "sink", "proto" -> {
                return wrongType ? Fuzz.value(r, 1) : Fuzz.pick(r, "zero", "random", "file", "null", "tcp", "udp", Fuzz.text(r));
            }
            case "token" -> {
                return wrongType ? Fuzz.value(r, 1) : Fuzz.pick(r, TOKEN, "00", "zz" + TOKEN.substring(2), TOKEN + "00", Fuzz.text(r));
            }
            case "time_ns", "bytes", "count" -> {
                // a valid one must be short: the side is cancelled before it runs, but keep it bounded anyway
                return wrongType ? Fuzz.value(r, 1) : r.nextBoolean() ? Fuzz.integer(r) : (long) r.nextInt(1_000_000);
            }
            default -> {
                return r.nextBoolean() ? Fuzz.integer(r) : Fuzz.value(r, 2);
            }
        }
    }
}

package benchsh.shell.host;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Connects many hosts at once, at most {@code parallel} at a time, so a slow or failing host does
 * not hold up the others. Each host's own timeouts bound its attempt; {@code deadline} bounds the
 * whole call. Stateless; thread-safe.
 */
public final class HostConnector {
    private HostConnector() {
    }

    /**
     * @return every host with null when its peer is ready, else the one-line reason it is not
     */
    public static Map<Host, String> connectAll(List<Host> hosts, int parallel, Duration deadline) throws InterruptedException {
        Map<Host, String> outcome = new LinkedHashMap<>();
        if (hosts.isEmpty()) {
            return outcome;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(parallel, hosts.size())), r -> {
            Thread t = new Thread(r, "host-connect");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<String>> futures = new ArrayList<>();
            for (Host h : hosts) {
                futures.add(pool.submit(() -> {
                    try {
                        h.readyForSides();
                        return null;
                    } catch (HostException e) {
                        return e.getMessage();
                    } catch (RuntimeException e) {
                        return h.name() + ": connect: " + e;
                    }
                }));
            }
            long end = System.nanoTime() + deadline.toNanos();
            for (int i = 0; i < hosts.size(); i++) {
                Host h = hosts.get(i);
                try {
                    outcome.put(h, futures.get(i).get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS));
                } catch (TimeoutException e) {
                    futures.get(i).cancel(true);
                    outcome.put(h, h.name() + ": connect: not ready within " + deadline.toSeconds() + " s");
                } catch (java.util.concurrent.ExecutionException e) {
                    outcome.put(h, h.name() + ": connect: " + e.getCause());
                }
            }
            return outcome;
        } finally {
            pool.shutdownNow();
        }
    }
}

package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;

/**
 * Checks of where traffic goes on a testbed topology: a host reaches an address (or not, after a link
 * was cut), and a benchsh {@code tcp} between two hosts moves its bytes through a given device. Every
 * wait is bounded.
 */
final class TestbedPaths {
    private static final int TRIES = 5;

    private TestbedPaths() {
    }

    /** {@code from} gets an answer from {@code address} (a few tries: a link just set up may need a moment). */
    static void assertReaches(String from, String address) throws Exception {
        Testbed.Outcome last = null;
        for (int i = 0; i < TRIES; i++) {
            last = Testbed.ping(from, address);
            if (last.exit() == 0) {
                return;
            }
        }
        fail(from + " does not reach " + address + ": " + last.output());
    }

    /** {@code from} gets no answer from {@code address}. */
    static void assertCutOff(String from, String address) throws Exception {
        Testbed.Outcome o = Testbed.ping(from, address);
        assertTrue(o.exit() != 0, from + " still reaches " + address + ": " + o.output());
    }

    /** Sets a device up or down in a namespace ({@code "root"}: this one). */
    static void link(String netns, String device, boolean up) throws Exception {
        List<String> command = "root".equals(netns) ? List.of("ip", "link", "set", device, up ? "up" : "down")
                : List.of("ip", "-n", netns, "link", "set", device, up ? "up" : "down");
        Testbed.Outcome o = Testbed.run(command, Duration.ofSeconds(10));
        assertEquals(0, o.exit(), String.join(" ", command) + ": " + o.output());
    }

    /**
     * Runs benchsh {@code tcp from: FROM, to: TO} for 2 s and checks that the device {@code netns:device}
     * transmitted at least the bytes the test moved, so the data really went through it.
     */
    static Result assertTcpGoesThrough(String from, String to, String netns, String device) throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            long before = Testbed.linkCounter(netns, device, "tx_bytes");
            Object r = new ScriptRunner(session).evaluate("""
                    a = host '%s'; b = host '%s'
                    connect a, b
                    tcp from: a, to: b, time: 2.s
                    """.formatted(from, to), "e2e-topology");
            long through = Testbed.linkCounter(netns, device, "tx_bytes") - before;
            Result tcp = (Result) r;
            assertTrue(tcp.ok(), tcp + "\n" + text);
            double bytes = tcp.metric("bytes");
            assertTrue(bytes > 0, tcp.metrics().toString());
            assertTrue(through >= bytes, netns + ":" + device + " sent " + through + " bytes while tcp moved " + bytes + " from " + from + " to " + to);
            assertEquals(Testbed.host(to).address(), session.host(to).dataAddress(), "the data goes to " + to + "'s own address");
            return tcp;
        }
    }
}

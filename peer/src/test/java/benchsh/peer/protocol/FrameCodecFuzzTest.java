package benchsh.peer.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import benchsh.peer.fuzz.Fuzz;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property: whatever bytes arrive, {@link FrameCodec#decode} returns a message or throws a
 * {@link ProtocolException} (or {@link EOFException} for no input) with a message; never another
 * exception, a hang or an out-of-memory. Inputs are random bytes and mutations of valid frames of
 * every type: bit flips, truncation, length field and type code changes, JSON token swaps (re-framed
 * so the JSON parser and the typed decoders see them), spliced and repeated bytes.
 */
class FrameCodecFuzzTest {
    private static final String[] TOKENS = {"{", "}", "[", "]", ",", ":", "\"", "\\", "null", "true", "false", "0", "-1", "1e999",
        "9223372036854775808", "-0.0", "\"\\u0000\"", "\"\\ud800\"", "\"x\"", "\"id\"", "\"spec\"", "\"facts\"", "1.5", "[[[[", "{\"a\":"};

    private static final List<byte[]> CORPUS = corpus();

    private static List<byte[]> corpus() {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("token", "0123456789abcdef0123456789abcdef");
        spec.put("address", "127.0.0.1");
        spec.put("time_ns", 1_000_000_000L);
        spec.put("streams", 2L);
        spec.put("nodelay", true);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("bytes_total", 123_456L);
        metrics.put("cpu_pct", 12.5);
        metrics.put("hist", List.of(1L, 2L, List.of(3L, 4.5)));
        List<Message> messages = List.of(
                new Message.Hello(Message.PROTOCOL, "0.1"),
                new Message.Welcome(Message.PROTOCOL, "0.1", Map.of("hostname", "h1", "cpu_count", 2L, "mounts", List.of(Map.of("fs", "ext4")))),
                new Message.Start("t1-l", "tcp", "listen", spec, new Link("0123456789abcdef0123456789abcdef", "127.0.0.1", 0)),
                new Message.Ready("t1-l", new Endpoint(40000)),
                new Message.Interval("t1-l", Map.of("t", 1.0, "bytes", 1000L)),
                new Message.Done("t1-l", metrics, List.of(Map.of("t", 1.0)), null, null),
                new Message.Done("t1-c", Map.of(), List.of(), "peer on h2: no data for 10 s", ErrorKind.STALLED),
                new Message.Stop("t1-l"),
                new Message.Ping(),
                new Message.Ping(5L, 6L, 7L),
                new Message.Go("t1-l", 123_456_789L),
                new Message.Error(null, "bad", ErrorKind.PROTOCOL));
        List<byte[]> frames = new ArrayList<>();
        for (Message m : messages) {
            frames.add(FrameCodec.encode(m));
        }
        return frames;
    }

    @Test
    void anyInputEndsInAMessageOrAProtocolError() {
        long[] decoded = new long[1];
        long cases = Fuzz.run("frames", 8, 10_000, r -> decoded[0] += check(mutate(r)) ? 1 : 0);
        assertTrue(decoded[0] > 0 && decoded[0] < cases, "the mutations both kept frames valid and broke them: " + decoded[0] + " of " + cases
                + " decoded");
    }

    @Test
    void validFramesStillDecodeToTheSameMessage() throws Exception {
        for (byte[] frame : CORPUS) {
            Message m = FrameCodec.decode(frame);
            assertTrue(java.util.Arrays.equals(frame, FrameCodec.encode(m)), m.toString());
        }
    }

    /** Whether the input decoded; a refusal must say why. */
    private static boolean check(byte[] input) {
        try {
            FrameCodec.decode(input);
            return true;
        } catch (ProtocolException | EOFException e) {
            if (e.getMessage() == null || e.getMessage().isBlank()) {
                fail("an error without a message for " + Fuzz.hex(input), e);
            }
            return false;
        } catch (Throwable t) {
            return fail(t + " for " + Fuzz.hex(input), t);
        }
    }

    static byte[] mutate(Random r) {
        byte[] base = CORPUS.get(r.nextInt(CORPUS.size())).clone();
        return switch (r.nextInt(9)) {
            case 0 -> random(r);
            case 1 -> flipBits(r, base);
            case 2 -> java.util.Arrays.copyOf(base, r.nextInt(base.length + 1));
            case 3 -> length(r, base);
            case 4 -> {
                base[0] = (byte) (r.nextBoolean() ? 1 + r.nextInt(MessageType.values().length) : r.nextInt(256));
                yield base;
            }
            case 5, 6 -> reframe(base[0], swapTokens(r, payload(base)));
            case 7 -> reframe(base[0], randomJson(r));
            default -> splice(r, base, CORPUS.get(r.nextInt(CORPUS.size())));
        };
    }

    private static byte[] random(Random r) {
        byte[] b = new byte[r.nextInt(64)];
        r.nextBytes(b);
        return b;
    }

    private static byte[] flipBits(Random r, byte[] b) {
        for (int i = 1 + r.nextInt(4); i > 0; i--) {
            int at = r.nextInt(b.length);
            b[at] ^= (byte) (1 << r.nextInt(8));
        }
        return b;
    }

    private static byte[] length(Random r, byte[] b) {
        int actual = b.length - FrameCodec.HEADER_BYTES;
        int claimed = switch (r.nextInt(5)) {
            case 0 -> actual + 1;
            case 1 -> actual - 1;
            case 2 -> -1 - r.nextInt(10);
            case 3 -> Integer.MAX_VALUE - r.nextInt(10);
            default -> r.nextInt(MessageType.MAX_FRAME + 2);
        };
        ByteBuffer.wrap(b).putInt(1, claimed);
        return b;
    }

    private static String payload(byte[] frame) {
        return new String(frame, FrameCodec.HEADER_BYTES, frame.length - FrameCodec.HEADER_BYTES, StandardCharsets.UTF_8);
    }

    private static byte[] reframe(byte type, String json) {
        byte[] p = json.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(FrameCodec.HEADER_BYTES + p.length).put(type).putInt(p.length).put(p).array();
    }

    /** Replaces, inserts or deletes a few JSON tokens at random places. */
    private static String swapTokens(Random r, String json) {
        StringBuilder b = new StringBuilder(json);
        for (int i = 1 + r.nextInt(3); i > 0; i--) {
            int at = r.nextInt(b.length() + 1);
            String token = TOKENS[r.nextInt(TOKENS.length)];
            switch (r.nextInt(3)) {
                case 0 -> b.insert(at, token);
                case 1 -> b.delete(at, Math.min(b.length(), at + 1 + r.nextInt(6)));
                default -> b.replace(at, Math.min(b.length(), at + token.length()), token);
            }
        }
        return b.toString();
    }

    /** A random JSON object, or a deeply nested one that must hit the depth cap. */
    private static String randomJson(Random r) {
        if (r.nextInt(10) == 0) {
            int depth = 20 + r.nextInt(2000);
            return "{\"a\":" + "[".repeat(depth) + "]".repeat(r.nextBoolean() ? depth : 0) + "}";
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = r.nextInt(5); i > 0; i--) {
            m.put(Fuzz.pick(r, "id", "workload", "role", "spec", "protocol", "shell_version", "peer_version", "facts", "endpoint",
                    "sample", "metrics", "intervals", "error", "message", Fuzz.text(r)), Fuzz.value(r, 3));
        }
        return Json.write(m);
    }

    private static byte[] splice(Random r, byte[] a, byte[] b) {
        int cut = r.nextInt(a.length + 1);
        int from = r.nextInt(b.length + 1);
        byte[] out = new byte[cut + b.length - from];
        System.arraycopy(a, 0, out, 0, cut);
        System.arraycopy(b, from, out, cut, b.length - from);
        return out;
    }
}

package benchsh.shell.definition;

import benchsh.peer.io.TcpOptions;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The TCP and IP options of a verb that streams over TCP, as iperf3 takes them: {@code cc:} (-C), {@code mss:} (-M),
 * {@code tos:} (-S) or {@code dscp:} (--dscp), and {@code family:} (-4, -6), into the spec's {@link TcpOptions}.
 * Stateless.
 */
final class TcpOptionArgs {
    /** The per-hop behaviours' code points by name (RFC 2474 class selectors, RFC 2597 AF, RFC 3246 EF, RFC 5865 VA, RFC 8622 LE). */
    static final Map<String, Integer> DSCP = Map.ofEntries(Map.entry("cs0", 0), Map.entry("cs1", 8), Map.entry("cs2", 16),
            Map.entry("cs3", 24), Map.entry("cs4", 32), Map.entry("cs5", 40), Map.entry("cs6", 48), Map.entry("cs7", 56),
            Map.entry("af11", 10), Map.entry("af12", 12), Map.entry("af13", 14), Map.entry("af21", 18), Map.entry("af22", 20),
            Map.entry("af23", 22), Map.entry("af31", 26), Map.entry("af32", 28), Map.entry("af33", 30), Map.entry("af41", 34),
            Map.entry("af42", 36), Map.entry("af43", 38), Map.entry("ef", 46), Map.entry("va", 44), Map.entry("le", 1));

    static final List<Arg> ARGS = List.of(
            Arg.of("cc", ArgType.TEXT, null, "congestion control on both ends (TCP_CONGESTION), e.g. 'bbr'; the host's kernel must offer it"
                    + " (needs the peer on Java 22+)"),
            Arg.of("mss", ArgType.SIZE, null, "largest TCP segment (TCP_MAXSEG) the listener announces and sends, so both ways; the sender's"
                    + " is in mss_bytes (needs the peer on Java 22+)").within(TcpOptions.class, "mss"),
            Arg.of("tos", ArgType.COUNT_OR_ZERO, null, "IP type of service byte (IP_TOS, IPV6_TCLASS) of the connections, e.g. 0xb8; read back in"
                    + " ip_tos").within(TcpOptions.class, "tos"),
            Arg.of("dscp", ArgType.TEXT, null, "DSCP instead of tos: 0 to 63 or a name: ef, af11 to af43, cs0 to cs7, va, le"),
            PairArgs.FAMILY);

    private TcpOptionArgs() {
    }

    /** The options the arguments ask for. */
    static TcpOptions of(Args args) {
        if (args.given("tos") && args.given("dscp")) {
            throw new UsageException(args.spec().name() + ": give tos: or dscp:, not both (dscp: 46 is tos: 0xb8)");
        }
        Integer tos = null;
        if (args.given("dscp")) {
            tos = dscp(args.spec().name(), args.text("dscp")) << 2;
        } else if (args.given("tos")) {
            tos = args.count("tos");
        }
        return new TcpOptions(args.given("cc") ? args.text("cc") : null, args.given("mss") ? args.intSize("mss") : null, tos);
    }

    private static int dscp(String verb, String given) {
        String name = given.strip().toLowerCase(Locale.ROOT);
        Integer named = DSCP.get(name);
        if (named != null) {
            return named;
        }
        try {
            int n = Integer.decode(name);
            if (n >= 0 && n <= 63) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageException(verb + ": dscp is a code point from 0 to 63 or one of " + String.join(", ", DSCP.keySet().stream().sorted().toList())
                + ", not '" + given + "'");
    }
}

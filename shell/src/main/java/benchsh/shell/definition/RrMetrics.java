package benchsh.shell.definition;

import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.rr.RrReport;
import benchsh.peer.workload.Transacted;
import benchsh.shell.run.Sides;
import java.util.Arrays;

/**
 * The result figures of a request/response test: transactions and transactions/s and the latency percentiles the client
 * measured (µs), with CPU and service demand per transaction ({@code service_demand_*_us_per_tran}, netperf's "us/Tr"),
 * and for TCP which sockets each side used (native or nio; on nio why). Stateless.
 */
public final class RrMetrics {
    private RrMetrics() {
    }

    /** A request/response test's figures: the client's count, rate and latencies, the server's count, both ends' CPU and sockets. */
    @Headline("transactions_per_s")
    public record Figures(@Metric(unit = Unit.COUNT, means = "request/response transactions completed in the measured span") @OrNull Long transactions,
                          @Metric(unit = Unit.SECONDS, means = "the measured span") double seconds,
                          @Metric(unit = Unit.PER_SECOND, means = "transactions per second") double transactionsPerS,
                          @Metric(unit = Unit.COUNT, means = "UDP requests sent again after no response") @OrNull Long udpRetransmits,
                          @OrNull RrReport.Latency latency,
                          @Metric(unit = Unit.COUNT, means = "transactions the server answered") @OrNull Long serverTransactions,
                          StreamMetrics.Ends cpu,
                          StreamMetrics.PerTransaction demand,
                          @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") @OrNull Long straysDropped,
                          @OrNull RrReport.ClientSockets clientSockets,
                          @OrNull RrReport.ServerSockets serverSockets) {
    }

    /** The client (the {@code from} host) connects and asks; the server listens and answers. */
    public static Figures merge(Sides sides) {
        RrReport.Client c = sides.report("connect", RrReport.Client.class);
        RrReport.Server s = sides.report("listen", RrReport.Server.class);
        Transacted asked = sides.transacted("connect");
        Transacted answered = sides.transacted("listen");
        double nan = Double.NaN;
        return new Figures(asked == null ? null : asked.transactions(), asked == null ? nan : asked.seconds(), asked == null ? nan : asked.transactionsPerS(),
                c == null ? null : c.udpRetransmits(), c == null ? null : c.latency(), answered == null ? null : answered.transactions(),
                StreamMetrics.Ends.of(asked, answered), StreamMetrics.PerTransaction.of(asked, answered, asked == null ? 0 : asked.transactions()),
                StreamMetrics.strays(Arrays.asList(s == null ? null : s.straysDropped())), c == null ? null : c.sockets(), s == null ? null : s.sockets());
    }
}

package benchsh.shell.limit;

import benchsh.peer.facts.EgressLink;
import benchsh.shell.args.ArgType;
import benchsh.shell.definition.UdpMetrics;
import benchsh.shell.run.Series;

/**
 * What a udp trial measured, as the search reads it, from the trial's typed figures ({@link UdpMetrics.Figures}): the
 * rate offered (the datagrams the sender sent, and its host refused, over the trial's time) and received, the loss
 * with the sends the sender's host refused counted as lost, the samples, the sender's CPU, and its line rate (the slowest of {@code link:}, its interface's speed and its root tbf's rate, each turned into
 * payload bits/s of this datagram size by {@link WireRate}). Immutable.
 *
 * @param wire    the datagram size's framing
 * @param linkBps the line rate the user stated ({@code link:}, bits/s on the wire), 0 for none
 * @param trial   how long each trial sends: what the sender offered is its datagrams over this time
 */
public record TrialOutcomes(WireRate wire, long linkBps, java.time.Duration trial) {
    /** The search's view of a trial. */
    public RateSearch.Outcome of(Series.Trial t) {
        UdpMetrics.Figures f = t.figures(UdpMetrics.Figures.class);
        if (!t.ok() || f == null || f.messagesSent() == null || f.messagesLost() == null) {
            return new RateSearch.Outcome(false, t.ok() ? "the trial reported no datagram counts" : t.result().error(), Double.NaN, Double.NaN,
                    Double.NaN, 0, t.samples(), Double.NaN, null, Double.NaN, Double.NaN);
        }
        long errors = f.sent() == null ? 0 : f.sent().sendErrors();
        long offered = f.messagesSent() + errors;
        double lossPct = offered == 0 ? 0 : 100.0 * (f.messagesLost() + errors) / offered;
        Line line = line(f.egress());
        double core = f.senderSeconds() > 0 ? 100 * f.cpu().processCpuLocalSeconds() / f.senderSeconds() : Double.NaN;
        double offeredBps = offered * wire.payload() * 8e9 / trial.toNanos();
        return new RateSearch.Outcome(true, null, offeredBps, f.received() == null ? Double.NaN : f.received().throughputBps(), lossPct,
                errors, t.samples(), line.payloadBps(), line.words(), core, f.cpu().cpuLocalPct());
    }

    /** The rate the receiver got in a trial, payload bits/s; NaN when unknown. */
    static double received(Series.Trial t) {
        UdpMetrics.Figures f = t.figures(UdpMetrics.Figures.class);
        return f == null || f.received() == null ? Double.NaN : f.received().throughputBps();
    }

    /**
     * A sender's line rate: as its limit counts it ({@code bps}, NaN when unknown), as payload bits/s of this datagram size,
     * and in words ("eth0's tbf at 100 Mbit/s").
     */
    record Line(double bps, double payloadBps, String words) {
    }

    /** The slowest of the user's {@code link:}, the interface's speed and its root tbf's rate. */
    Line line(EgressLink egress) {
        Line slowest = new Line(Double.NaN, Double.NaN, null);
        if (linkBps > 0) {
            slowest = slower(slowest, new Line(linkBps, wire.payloadOfWire(linkBps), "link: " + ArgType.RATE.show(linkBps)));
        }
        if (egress != null && !Double.isNaN(egress.sendLinkBps())) {
            slowest = slower(slowest, new Line(egress.sendLinkBps(), wire.payloadOfWire(egress.sendLinkBps()),
                    egress.sendInterface() + " at " + ArgType.RATE.show(Math.round(egress.sendLinkBps()))));
        }
        if (egress != null && !Double.isNaN(egress.sendQdiscRateBps())) {
            slowest = slower(slowest, new Line(egress.sendQdiscRateBps(), wire.payloadOfQdisc(egress.sendQdiscRateBps()),
                    egress.sendInterface() + "'s tbf at " + ArgType.RATE.show(Math.round(egress.sendQdiscRateBps()))));
        }
        return slowest;
    }

    private static Line slower(Line a, Line b) {
        return Double.isNaN(a.payloadBps()) || b.payloadBps() < a.payloadBps() ? b : a;
    }
}

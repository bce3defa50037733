package benchsh.shell.definition;

import benchsh.peer.io.TcpInternals;
import benchsh.peer.io.TcpReport;
import benchsh.peer.io.TcpSummary;
import benchsh.peer.metric.Headline;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.stream.TcpSample;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Interval;
import benchsh.shell.run.Sides;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * tcp's results: a stream test's figures ({@link StreamMetrics}, with the calls each end made) and what TCP did on the sender's connections ({@link
 * TcpReport}); its interval samples, the receiver's bytes beside the sender's TCP figures of the same interval (by
 * number: each side counts its intervals from the end of its own warm-up). For {@code bidir}, both directions' figures
 * added up: counts and windows and rates summed, round-trip times averaged, the extremes of both. Stateless.
 */
public final class TcpFigures {
    private TcpFigures() {
    }

    /** A tcp result's figures: the stream's, and TCP's; the latter absent where no side reported them. */
    @Headline("throughput_bps")
    public record Figures(StreamMetrics.Figures stream, @OrNull TcpReport tcp) {
    }

    /**
     * One direction's figures: the receiver's count, the sender's, each end's socket buffer and calls, both ends' strays,
     * and the sender's TCP.
     */
    static Figures merge(Sides sides, String receiver, String sender, boolean fromIsSender) {
        TcpStream.Report rx = sides.report(receiver, TcpStream.Report.class);
        TcpStream.Report tx = sides.report(sender, TcpStream.Report.class);
        StreamMetrics.Figures stream = StreamMetrics.merge(sides.streamed(receiver), sides.streamed(sender), tx == null ? null : tx.sendSocketBytes(),
                rx == null ? null : rx.recvSocketBytes(), Arrays.asList(rx == null ? null : rx.straysDropped(), tx == null ? null : tx.straysDropped()),
                fromIsSender, paths(tx, rx));
        return new Figures(stream, tx == null ? null : tx.tcp());
    }

    /** {@code send_io} and {@code recv_io}: the calls each end's streams made; null when neither end reported. */
    static StreamMetrics.Paths paths(TcpStream.Report tx, TcpStream.Report rx) {
        if (tx == null && rx == null) {
            return null;
        }
        return new StreamMetrics.Paths(tx == null ? null : tx.io().streamIo(), tx == null ? null : tx.io().streamIoNote(),
                rx == null ? null : rx.io().streamIo(), rx == null ? null : rx.io().streamIoNote());
    }

    /** The receiver's samples, each with the TCP figures of the sender's sample of the same number (none past the sender's last). */
    static List<Interval<?>> intervals(Sides sides, String receiver, String sender) {
        List<Interval<?>> rx = sides.intervals(receiver);
        List<Interval<?>> tx = sides.intervals(sender);
        List<Interval<?>> out = new ArrayList<>();
        for (int i = 0; i < rx.size(); i++) {
            Interval<?> r = rx.get(i);
            if (r.figures() instanceof Interval.Moved moved) {
                out.add(new Interval<>(r.startS(), r.endS(), new TcpSample(bytes(moved), i < tx.size() ? tcp(tx.get(i)) : null)));
            }
        }
        return out;
    }

    /** Both directions of a bidirectional test: the stream's figures ({@link StreamMetrics#bidirectional}) and TCP's, added up. */
    static Figures bidirectional(Figures forward, Figures reverse) {
        TcpReport f = forward.tcp();
        TcpReport r = reverse.tcp();
        TcpReport tcp = f == null || r == null ? (f == null ? r : f)
                : new TcpReport(both(f.summary(), r.summary()), f.tcpInfoNote() != null ? f.tcpInfoNote() : r.tcpInfoNote(),
                f.ipTos() != null ? f.ipTos() : r.ipTos());
        return new Figures(StreamMetrics.bidirectional(forward.stream(), reverse.stream()), tcp);
    }

    /** Both directions' samples, interval by interval as far as both go: bytes added up, and TCP's figures. */
    static List<Interval<?>> sumIntervals(List<Interval<?>> a, List<Interval<?>> b) {
        List<Interval<?>> out = new ArrayList<>();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (a.get(i).figures() instanceof Interval.Moved x && b.get(i).figures() instanceof Interval.Moved y) {
                Interval.Bytes sum = new Interval.Bytes(x.bytes() + y.bytes(), x.throughputBps() + y.throughputBps());
                out.add(new Interval<>(a.get(i).startS(), a.get(i).endS(), new TcpSample(sum, both(tcp(a.get(i)), tcp(b.get(i))))));
            }
        }
        return out;
    }

    private static Interval.Bytes bytes(Interval.Moved m) {
        return m instanceof Interval.Bytes b ? b : new Interval.Bytes(m.bytes(), m.throughputBps());
    }

    private static TcpInternals tcp(Interval<?> sample) {
        return sample.figures() instanceof TcpSample s ? s.tcp() : null;
    }

    static TcpInternals both(TcpInternals a, TcpInternals b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new TcpInternals(a.retransmits() + b.retransmits(), a.cwndBytes() + b.cwndBytes(), (a.srttUs() + b.srttUs()) / 2,
                (a.rttvarUs() + b.rttvarUs()) / 2, a.deliveryRateBps() + b.deliveryRateBps(), a.pacingRateBps() + b.pacingRateBps(),
                a.inFlightBytes() + b.inFlightBytes());
    }

    static TcpSummary both(TcpSummary a, TcpSummary b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        Long bytes = a.retransmittedBytes() == null || b.retransmittedBytes() == null ? null : a.retransmittedBytes() + b.retransmittedBytes();
        return new TcpSummary(a.retransmits() + b.retransmits(), bytes, Math.min(a.srttMinUs(), b.srttMinUs()), Math.max(a.srttMaxUs(), b.srttMaxUs()),
                Math.min(a.minRttUs(), b.minRttUs()), Math.max(a.cwndMaxBytes(), b.cwndMaxBytes()), a.mssBytes(), a.congestionControl());
    }
}

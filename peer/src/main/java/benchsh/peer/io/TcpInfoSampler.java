package benchsh.peer.io;

import benchsh.peer.protocol.ErrorWords;
import java.io.IOException;
import java.nio.channels.NetworkChannel;
import java.util.List;

/**
 * What the kernel says about a side's TCP connections (TCP_INFO), read when asked: at the start of the measured span
 * ({@link #mark}), at each interval's end ({@link #interval}) and once more at the end ({@link #summary}). A connection
 * that closed keeps its last reading. Needs the native calls of Java 22+ and the connections' descriptors; where either
 * is missing it reads nothing, and {@link #absent} says why: its figures are then absent, never zeros.
 *
 * <p>For any workload that streams over TCP: make it once its connections are open, read it from the meter's sampler
 * thread and the side's; thread-safe (its calls take turns). Each reading costs a getsockopt(2) per connection.
 */
public final class TcpInfoSampler {
    private final List<TcpSocket> sockets;
    private final String absent;
    /** The latest reading of each connection, null before its first. */
    private final TcpInfo[] last;
    /** Each connection's tcpi_total_retrans at the start of the current interval. */
    private final long[] retransmitsBefore;
    private double srttMinUs = Double.NaN;
    private double srttMaxUs = Double.NaN;
    private long cwndMaxBytes;
    private String congestionControl;

    private TcpInfoSampler(List<TcpSocket> sockets, String absent) {
        this.sockets = sockets;
        this.absent = absent;
        this.last = new TcpInfo[sockets.size()];
        this.retransmitsBefore = new long[sockets.size()];
    }

    /**
     * Why no sampler can read here (the Java, the platform), or null when they can. The first call in a process links
     * the native calls, which takes a while (over a second on a busy host): a side makes it before its clock starts.
     */
    public static String unavailable() {
        String no = NativeTcp.unavailable();
        return no == null ? null : "TCP_INFO is a native call (NIO has none), and this peer " + no;
    }

    /** A sampler of {@code connections} (open, connected); one that reads nothing, saying why, where they cannot be read. */
    public static TcpInfoSampler of(List<? extends NetworkChannel> connections) {
        String no = unavailable();
        if (no != null) {
            return new TcpInfoSampler(List.of(), no);
        }
        try {
            return new TcpInfoSampler(NativeTcp.attach(connections), null);
        } catch (IOException | RuntimeException e) {
            return new TcpInfoSampler(List.of(), "cannot find the connections' sockets to read TCP_INFO: " + ErrorWords.of(e));
        }
    }

    /** Why this sampler reads nothing, or null when it reads. */
    public String absent() {
        return absent;
    }

    /** The measured span begins: the next interval's retransmissions count from here. */
    public synchronized void mark() {
        readAll();
        readCongestionControl();
        for (int i = 0; i < last.length; i++) {
            retransmitsBefore[i] = last[i] == null ? 0 : last[i].totalRetrans();
        }
    }

    /**
     * The connections' figures at this interval's end, and their retransmissions since the last call (or {@link #mark});
     * null when none could be read.
     */
    public synchronized TcpInternals interval() {
        if (readAll() == 0) {
            return null;
        }
        long retransmits = 0;
        long cwnd = 0;
        long inFlight = 0;
        double srtt = 0;
        double rttvar = 0;
        double delivery = 0;
        double pacing = 0;
        int n = 0;
        for (int i = 0; i < last.length; i++) {
            TcpInfo t = last[i];
            if (t == null) {
                continue;
            }
            n++;
            retransmits += t.totalRetrans() - retransmitsBefore[i];
            retransmitsBefore[i] = t.totalRetrans();
            cwnd += t.cwndBytes();
            inFlight += t.inFlightBytes();
            srtt += t.srttMicros();
            rttvar += t.rttvarMicros();
            delivery = addRate(delivery, t.deliveryRateBytesPerS());
            pacing = addRate(pacing, t.pacingRateBytesPerS());
        }
        return new TcpInternals(retransmits, cwnd, srtt / n, rttvar / n, delivery, pacing, inFlight);
    }

    /**
     * The whole test's figures, after a last reading of the connections still open (read it before they close); null
     * when none was ever read.
     */
    public synchronized TcpSummary summary() {
        readAll();
        readCongestionControl();
        long retransmits = 0;
        long retransmittedBytes = 0;
        double minRtt = Double.NaN;
        long mss = -1;
        boolean read = false;
        for (TcpInfo t : last) {
            if (t == null) {
                continue;
            }
            read = true;
            retransmits += t.totalRetrans();
            retransmittedBytes = retransmittedBytes < 0 || t.bytesRetrans() < 0 ? -1 : retransmittedBytes + t.bytesRetrans();
            minRtt = t.minRttMicros() < 0 ? minRtt : Double.isNaN(minRtt) ? t.minRttMicros() : Math.min(minRtt, t.minRttMicros());
            mss = mss < 0 ? t.sndMssBytes() : mss;
        }
        if (!read) {
            return null;
        }
        return new TcpSummary(retransmits, retransmittedBytes < 0 ? null : retransmittedBytes, srttMinUs, srttMaxUs, minRtt, cwndMaxBytes, mss,
                congestionControl);
    }

    /** Reads every connection still open into {@link #last} (and the extremes); returns how many it read. */
    private int readAll() {
        int n = 0;
        for (int i = 0; i < sockets.size(); i++) {
            TcpInfo t = read(sockets.get(i));
            if (t == null) {
                continue;
            }
            n++;
            last[i] = t;
            srttMinUs = Double.isNaN(srttMinUs) ? t.srttMicros() : Math.min(srttMinUs, t.srttMicros());
            srttMaxUs = Double.isNaN(srttMaxUs) ? t.srttMicros() : Math.max(srttMaxUs, t.srttMicros());
            cwndMaxBytes = Math.max(cwndMaxBytes, t.cwndBytes());
        }
        return n;
    }

    /** The first connection's congestion control, while it is open (the others' are set alike); kept once read. */
    private void readCongestionControl() {
        try {
            String cc = sockets.isEmpty() ? null : sockets.get(0).congestionControl();
            congestionControl = cc != null ? cc : congestionControl;
        } catch (IOException e) {
            // kept from an earlier reading, if any
        }
    }

    /** One connection's reading; null once it is closed or cannot be read. */
    private static TcpInfo read(TcpSocket socket) {
        try {
            return socket.info();
        } catch (IOException e) {
            return null;
        }
    }

    /** {@code sum} plus a rate in bytes/s as bits/s; NaN from the first rate that is absent on. */
    private static double addRate(double sum, long bytesPerS) {
        return bytesPerS < 0 ? Double.NaN : sum + bytesPerS * 8.0;
    }
}

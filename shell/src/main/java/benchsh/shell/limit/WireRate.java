package benchsh.shell.limit;

/**
 * A UDP payload rate as Ethernet carries it. Each datagram of {@code payload} bytes becomes an IPv4 packet
 * (+ 8 UDP + 20 IP header bytes) in an Ethernet frame (+ 14 header + 4 FCS, padded to the 64-byte minimum)
 * that occupies the wire for 8 more bytes of preamble and start delimiter and a 12-byte inter-frame gap:
 * a 18-byte payload is a 64-byte frame and 84 bytes on the wire. A shaper (tc's tbf) counts less: the frame from its
 * Ethernet header on, without FCS and padding (60 bytes for a 18-byte payload). Assumes no VLAN tag, no IP options and no
 * IP fragmentation (payloads up to 1472 bytes fit a 1500-byte MTU). Immutable.
 *
 * @param payload UDP payload bytes per datagram
 */
public record WireRate(long payload) {
    /** UDP 8 + IPv4 20 bytes. */
    public static final int IP_UDP_HEADERS = 28;
    /** Ethernet header 14 + FCS 4 bytes. */
    public static final int ETHERNET_FRAMING = 18;
    /** The Ethernet header alone: what a qdisc sees of the framing. */
    public static final int ETHERNET_HEADER = 14;
    /** The shortest Ethernet frame, FCS included. */
    public static final int MIN_FRAME = 64;
    /** Preamble and start delimiter 8 + inter-frame gap 12 bytes. */
    public static final int PREAMBLE_AND_GAP = 20;

    /** The Ethernet frame, header to FCS, padded to 64 bytes (RFC 2544's frame size). */
    public long frameBytes() {
        return Math.max(MIN_FRAME, payload + IP_UDP_HEADERS + ETHERNET_FRAMING);
    }

    /** What one datagram occupies on the wire: its frame plus preamble and gap. */
    public long wireBytes() {
        return frameBytes() + PREAMBLE_AND_GAP;
    }

    /** What a qdisc (tc's tbf) counts per datagram: the frame from its Ethernet header on, without FCS or padding. */
    public long qdiscBytes() {
        return payload + IP_UDP_HEADERS + ETHERNET_HEADER;
    }

    /** The payload bits/s a link of {@code wireBps} (preamble and gap included, as a driver states its speed) carries at most. */
    public double payloadOfWire(double wireBps) {
        return wireBps * payload / wireBytes();
    }

    /** The payload bits/s a shaper of {@code qdiscBps} (counted as {@link #qdiscBytes}) lets through at most. */
    public double payloadOfQdisc(double qdiscBps) {
        return qdiscBps * payload / qdiscBytes();
    }

    /** Datagrams (frames) per second at {@code payloadBps} bits/s of payload. */
    public double framesPerSecond(double payloadBps) {
        return payloadBps / 8.0 / payload;
    }

    /** Bits/s on the wire, preamble and gap included, at {@code payloadBps} bits/s of payload. */
    public double wireBps(double payloadBps) {
        return framesPerSecond(payloadBps) * wireBytes() * 8;
    }
}

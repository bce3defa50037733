package benchsh.peer.io;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;

/**
 * What a side that streams over TCP reports of its connections: on a sender, what TCP did ({@link TcpSummary}) or why
 * that cannot be read; with a type of service asked for, the one its sockets have. A report's part, for any workload
 * that streams over TCP. Immutable.
 *
 * @param summary what TCP did over the test; null on a receiver and where TCP_INFO cannot be read
 */
public record TcpReport(@OrNull TcpSummary summary,
                        @Metric(unit = Unit.TEXT, means = "tcp: why the TCP figures (retransmits, srtt, cwnd, ...) are absent")
                        @OrNull String tcpInfoNote,
                        @Metric(unit = Unit.TEXT, means = "tcp: the type of service (IP_TOS, IPV6_TCLASS) the sender's sockets have, read back"
                                + " after tos: or dscp:") @OrNull String ipTos) {
}

/*
 * udp_stream: the UDP stream syscall limit. The sender sends SIZE-byte datagrams in a loop for
 * OMIT + SECONDS (sendto() on a connected socket, so the kernel looks no address up per call), counting
 * ENOBUFS/ECONNREFUSED as errors and going on, then five empty datagrams as end markers. The receiver
 * recv()s and counts datagrams until an end marker arrives, or 1 s passes without any once data came. Both
 * report what they moved after their first OMIT seconds (the warm-up benchsh's omit and iperf3 -O leave out). With
 * "busy" it asks an empty socket again (MSG_DONTWAIT) for 50 us before it sleeps in recv(), as benchsh's
 * receiver does: still one call per datagram while they keep coming, and no wake-up for the sender to pay.
 *
 *   udp_stream recv IP SECONDS OMIT [busy]       prints {"port":N}, then the receiver's figures
 *   udp_stream send IP PORT SECONDS OMIT SIZE    prints the sender's figures
 */
#include "ref.h"

#define USAGE "udp_stream recv IP SECONDS OMIT [busy] | udp_stream send IP PORT SECONDS OMIT SIZE"
#define END_MARKERS 5
#define IDLE_END_NS 1000000000LL

static int receive(const char *ip, double seconds, double omit, int busy) {
    alarm((unsigned) (seconds + omit) + REF_GRACE_S);
    int fd = bind_and_announce("udp_stream recv", ip, SOCK_DGRAM);
    struct timeval tv = {.tv_sec = 0, .tv_usec = 100000};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    static char buf[65536];
    int64_t begin = now_ns(), give_up = begin + (int64_t) ((seconds + omit + 10) * 1e9), omit_ns = (int64_t) (omit * 1e9);
    int64_t first = 0, start = 0, last = 0;
    uint64_t received = 0;
    const char *ended = "end marker";
    for (;;) {
        ssize_t n = busy ? recv_busy(fd, buf, sizeof buf) : recv(fd, buf, sizeof buf, 0);
        if (n == 0) {
            break;
        }
        int64_t now = now_ns();
        if (n < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                die("udp_stream recv", "recv");
            }
            if (received > 0 && now - last > IDLE_END_NS) {
                ended = "idle 1 s";
                break;
            }
            if (now > give_up) {
                ended = "no end marker and no data";
                break;
            }
            continue;
        }
        if (first == 0) {
            first = now;
        }
        last = now;
        if (start == 0) {
            if (now - first >= omit_ns) {
                start = now; /* the measured span starts here: this datagram arrived before it */
            }
            continue;
        }
        received++;
    }
    double span = start != 0 && last > start ? (last - start) / 1e9 : 0;
    printf("{\"role\":\"recv\",\"received\":%llu,\"seconds\":%.6f,\"recv_messages_per_s\":%.1f,\"ended_by\":\"%s\"}\n",
           (unsigned long long) received, span, span > 0 ? received / span : 0.0, ended);
    return 0;
}

static int send_loop(const char *ip, int port, double seconds, double omit, size_t size) {
    alarm((unsigned) (seconds + omit) + REF_GRACE_S);
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0) {
        die("udp_stream send", "socket");
    }
    struct sockaddr_in a = address("udp_stream send", ip, port);
    if (connect(fd, (struct sockaddr *) &a, sizeof a) != 0) {
        die("udp_stream send", "connect");
    }
    char *buf = malloc(size);
    memset(buf, 'x', size);
    int64_t begin = now_ns(), start = begin + (int64_t) (omit * 1e9), end = start + (int64_t) (seconds * 1e9), now = begin;
    uint64_t sent = 0, errors = 0, calls = 0, omitted = 0;
    int measuring = omit <= 0;
    while (now < end) {
        if (sendto(fd, buf, size, 0, NULL, 0) < 0) {
            if (errno != ENOBUFS && errno != ECONNREFUSED && errno != EAGAIN && errno != EINTR) {
                die("udp_stream send", "sendto");
            }
            errors++;
        } else {
            sent++;
        }
        if ((++calls & 15) == 0) { /* a clock read per 16 datagrams keeps the loop a send loop */
            now = now_ns();
            if (!measuring && now >= start) { /* the measured span starts at this clock read */
                measuring = 1;
                start = now;
                omitted = sent;
                errors = 0;
            }
        }
    }
    now = now_ns();
    sent -= omitted;
    struct timespec gap = {.tv_sec = 0, .tv_nsec = 10000000};
    for (int i = 0; i < END_MARKERS; i++) {
        sendto(fd, buf, 0, 0, NULL, 0);
        nanosleep(&gap, NULL);
    }
    double span = now > start ? (now - start) / 1e9 : 0;
    printf("{\"role\":\"send\",\"sent\":%llu,\"errors\":%llu,\"seconds\":%.6f,\"send_messages_per_s\":%.1f}\n", (unsigned long long) sent,
           (unsigned long long) errors, span, span > 0 ? sent / span : 0.0);
    return 0;
}

int main(int argc, char **argv) {
    return stream_main(argc, argv, USAGE, 65507, receive, send_loop);
}

/*
 * tcp_stream: the TCP stream syscall limit. The sender write()s SIZE-byte buffers in a loop for
 * OMIT + SECONDS; the receiver read()s into a 1 MiB buffer until EOF and reports what arrived after
 * the first OMIT seconds (the warm-up that iperf3 -O and benchsh's omit leave out too). With "busy"
 * the receiver asks an empty socket again for 50 us before it sleeps, as benchsh's does (recv_busy, ref.h).
 *
 *   tcp_stream recv IP SECONDS OMIT [busy]       prints {"port":N}, then the receiver's figures
 *   tcp_stream send IP PORT SECONDS OMIT SIZE    prints the sender's figures
 */
#include "ref.h"

#define USAGE "tcp_stream recv IP SECONDS OMIT [busy] | tcp_stream send IP PORT SECONDS OMIT SIZE"
#define RECV_BUFFER (1 << 20)

static int receive(const char *ip, double seconds, double omit, int busy) {
    alarm((unsigned) (seconds + omit) + REF_GRACE_S);
    int listener = bind_and_announce("tcp_stream recv", ip, SOCK_STREAM);
    int fd = accept_within("tcp_stream recv", listener, 10000);
    if (fd < 0) {
        fprintf(stderr, "tcp_stream recv: no sender connected within 10 s\n");
        return 1;
    }
    set_timeouts("tcp_stream recv", fd, 5);
    char *buf = malloc(RECV_BUFFER);
    int64_t omit_ns = (int64_t) (omit * 1e9), first = 0, start = 0, last = 0;
    uint64_t bytes = 0, reads = 0;
    for (;;) {
        ssize_t n = busy ? recv_busy(fd, buf, RECV_BUFFER) : read(fd, buf, RECV_BUFFER);
        if (n == 0) {
            break;
        }
        if (n < 0) {
            die("tcp_stream recv", "read");
        }
        last = now_ns();
        if (first == 0) {
            first = last;
        }
        if (start == 0) {
            if (last - first >= omit_ns) {
                start = last; /* the measured span starts here: this read's bytes arrived before it */
            }
            continue;
        }
        bytes += (uint64_t) n;
        reads++;
    }
    double span = start != 0 && last > start ? (last - start) / 1e9 : 0;
    printf("{\"role\":\"recv\",\"bytes\":%llu,\"reads\":%llu,\"seconds\":%.6f,\"throughput_bps\":%.1f}\n", (unsigned long long) bytes,
           (unsigned long long) reads, span, span > 0 ? bytes * 8.0 / span : 0.0);
    return 0;
}

static int send_loop(const char *ip, int port, double seconds, double omit, size_t size) {
    alarm((unsigned) (seconds + omit) + REF_GRACE_S);
    int fd = connect_tcp("tcp_stream send", ip, port, 5);
    char *buf = malloc(size);
    memset(buf, 'x', size);
    int64_t start = now_ns(), end = start + (int64_t) ((seconds + omit) * 1e9), now = start;
    uint64_t bytes = 0, writes = 0;
    while (now < end) {
        ssize_t n = write(fd, buf, size);
        if (n < 0) {
            die("tcp_stream send", "write");
        }
        bytes += (uint64_t) n;
        if ((++writes & 15) == 0) { /* a clock read per 16 writes keeps the loop a write loop */
            now = now_ns();
        }
    }
    now = now_ns();
    close(fd);
    double span = (now - start) / 1e9;
    printf("{\"role\":\"send\",\"bytes\":%llu,\"writes\":%llu,\"seconds\":%.6f,\"throughput_bps\":%.1f}\n", (unsigned long long) bytes,
           (unsigned long long) writes, span, bytes * 8.0 / span);
    return 0;
}

int main(int argc, char **argv) {
    return stream_main(argc, argv, USAGE, 1 << 30, receive, send_loop);
}

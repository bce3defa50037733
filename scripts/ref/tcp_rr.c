/*
 * tcp_rr: the request/response syscall limit, 1-byte request and 1-byte response (netperf TCP_RR and
 * TCP_CRR). One server serves both kinds; a connection's first byte says which:
 *   'r'  TCP_RR: answer every byte with one byte until the client closes;
 *   'c'  TCP_CRR: answer once and close first (so TIME_WAIT stays on the server, as in benchsh);
 *   'q'  the client is done: the server prints its count and exits.
 * The clients measure for SECONDS after OMIT seconds of warm-up, time every transaction
 * (clock_gettime around write+read, or around connect..close) and send 'q' when done.
 *
 *   tcp_rr server IP SECONDS            prints {"port":N}, then the server's count
 *   tcp_rr rr IP PORT SECONDS OMIT      one connection, write 1 byte, read 1 byte, repeat
 *   tcp_rr crr IP PORT SECONDS OMIT     connect, write 1 byte, read 1 byte, wait for the close, close
 */
#include "ref.h"

#define USAGE "tcp_rr server IP SECONDS | tcp_rr rr|crr IP PORT SECONDS OMIT"
#define BUCKET_NS 10
#define BUCKETS 1000000 /* 10 ns buckets up to 10 ms: the median is exact to 10 ns */

static uint32_t histogram[BUCKETS];
static uint64_t beyond, transactions;

static void record(int64_t ns) {
    int64_t i = ns / BUCKET_NS;
    if (i < BUCKETS) {
        histogram[i]++;
    } else {
        beyond++;
    }
    transactions++;
}

/* The median round trip in µs (the middle of its bucket), or -1 if it lies beyond 10 ms. */
static double median_us(void) {
    uint64_t want = (transactions + 1) / 2, seen = 0;
    for (int i = 0; i < BUCKETS; i++) {
        seen += histogram[i];
        if (seen >= want && want > 0) {
            return (i * BUCKET_NS + BUCKET_NS / 2) / 1000.0;
        }
    }
    return -1;
}

static void exchange(int fd, char request) {
    char response;
    if (write(fd, &request, 1) != 1) {
        die("tcp_rr", "write request");
    }
    ssize_t n = read(fd, &response, 1);
    if (n != 1) {
        if (n == 0) {
            errno = ECONNRESET;
        }
        die("tcp_rr", "read response");
    }
}

static int serve(const char *ip, double seconds) {
    alarm((unsigned) seconds + REF_GRACE_S);
    int listener = bind_and_announce("tcp_rr server", ip, SOCK_STREAM);
    int64_t give_up = now_ns() + (int64_t) ((seconds + 10) * 1e9);
    uint64_t served = 0, connections = 0;
    char byte;
    while (now_ns() < give_up) {
        int fd = accept_within("tcp_rr server", listener, 1000);
        if (fd < 0) {
            continue;
        }
        connections++;
        if (read(fd, &byte, 1) != 1) { /* bounded by alarm(): a TCP_CRR connection gets no extra system calls */
            close(fd);
            continue;
        }
        if (byte == 'q') {
            close(fd);
            break;
        }
        if (byte == 'r') {
            set_timeouts("tcp_rr server", fd, 5);
            int one = 1;
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        }
        do {
            if (write(fd, &byte, 1) != 1) {
                break;
            }
            served++;
        } while (byte == 'r' && read(fd, &byte, 1) == 1);
        close(fd);
    }
    printf("{\"role\":\"server\",\"connections\":%llu,\"transactions\":%llu}\n", (unsigned long long) connections,
           (unsigned long long) served);
    return 0;
}

static int client(int crr, const char *ip, int port, double seconds, double omit) {
    alarm((unsigned) (seconds + omit) + REF_GRACE_S);
    int one = 1, fd = -1;
    if (!crr) {
        fd = connect_tcp("tcp_rr", ip, port, 5);
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    int64_t begin = now_ns(), start = begin + (int64_t) (omit * 1e9), end = start + (int64_t) (seconds * 1e9), t0, t1 = begin;
    while (t1 < end) {
        t0 = now_ns();
        if (crr) {
            char eof;
            int c = connect_tcp("tcp_rr", ip, port, 0); /* bounded by alarm(), no system call beyond the transaction */
            exchange(c, 'c');
            if (read(c, &eof, 1) != 0) { /* the server closes first: wait for its FIN */
                die("tcp_rr", "wait for the server's close");
            }
            close(c);
        } else {
            exchange(fd, 'r');
        }
        t1 = now_ns();
        if (t0 >= start) {
            record(t1 - t0);
        }
    }
    if (fd >= 0) {
        close(fd);
    }
    int quit = connect_tcp("tcp_rr", ip, port, 5);
    if (write(quit, "q", 1) != 1) {
        die("tcp_rr", "write quit");
    }
    close(quit);
    double span = (t1 - start) / 1e9;
    printf("{\"role\":\"client\",\"mode\":\"%s\",\"transactions\":%llu,\"seconds\":%.6f,\"transactions_per_s\":%.1f,"
           "\"latency_p50_us\":%.3f,\"beyond_10ms\":%llu}\n",
           crr ? "crr" : "rr", (unsigned long long) transactions, span, span > 0 ? transactions / span : 0.0, median_us(),
           (unsigned long long) beyond);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "server") == 0) {
        return serve(argv[2], arg_number(argv[3], USAGE));
    }
    if (argc == 6 && (strcmp(argv[1], "rr") == 0 || strcmp(argv[1], "crr") == 0)) {
        return client(strcmp(argv[1], "crr") == 0, argv[2], (int) arg_number(argv[3], USAGE), arg_number(argv[4], USAGE),
                      arg_number(argv[5], USAGE));
    }
    usage_error(USAGE);
}

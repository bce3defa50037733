/*
 * ref.h: what the C references share. They are the syscall limit for scripts/bench-net: each moves
 * data with one system call per message and nothing else, so no tool that also makes one system call
 * per message can beat them. Every program prints exactly one JSON line of figures on stdout; a
 * listening side first prints {"port":N} (it binds port 0) so the caller knows where to connect.
 * Every wait is bounded: sockets carry receive/send timeouts and alarm() ends a run that hangs anyway.
 */
#ifndef BENCHSH_REF_H
#define BENCHSH_REF_H

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* Seconds a run may take beyond its own time before alarm() ends it (the caller also has a timeout). */
#define REF_GRACE_S 20

static inline int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

static inline void die(const char *prog, const char *step) {
    fprintf(stderr, "%s: %s: %s\n", prog, step, strerror(errno));
    exit(1);
}

static inline void usage_error(const char *usage) {
    fprintf(stderr, "usage: %s\n", usage);
    exit(2);
}

/* A positive number from the command line, or a usage error. */
static inline double arg_number(const char *text, const char *usage) {
    char *end;
    double v = strtod(text, &end);
    if (*text == 0 || *end != 0 || v < 0) {
        usage_error(usage);
    }
    return v;
}

static inline struct sockaddr_in address(const char *prog, const char *ip, int port) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t) port);
    if (inet_pton(AF_INET, ip, &a.sin_addr) != 1) {
        fprintf(stderr, "%s: '%s' is not an IPv4 address\n", prog, ip);
        exit(2);
    }
    return a;
}

static inline void set_timeouts(const char *prog, int fd, int seconds) {
    struct timeval tv = {.tv_sec = seconds, .tv_usec = 0};
    if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) != 0 || setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv) != 0) {
        die(prog, "setsockopt timeouts");
    }
}

/* Binds ip:0, prints {"port":N} and flushes it, returns the socket (listening for TCP). */
static inline int bind_and_announce(const char *prog, const char *ip, int type) {
    int fd = socket(AF_INET, type, 0);
    if (fd < 0) {
        die(prog, "socket");
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a = address(prog, ip, 0);
    if (bind(fd, (struct sockaddr *) &a, sizeof a) != 0) {
        die(prog, "bind");
    }
    if (type == SOCK_STREAM && listen(fd, 1024) != 0) {
        die(prog, "listen");
    }
    socklen_t len = sizeof a;
    if (getsockname(fd, (struct sockaddr *) &a, &len) != 0) {
        die(prog, "getsockname");
    }
    printf("{\"port\":%d}\n", ntohs(a.sin_port));
    fflush(stdout);
    return fd;
}

#define BUSY_WAIT_NS 50000LL

/* A recv that asks an empty socket again for BUSY_WAIT_NS before it sleeps, as benchsh's receiver does: a
 * sender on the same machine wakes a sleeping receiver within its own send call, which makes that send dearer. */
static inline ssize_t recv_busy(int fd, char *buf, size_t size) {
    ssize_t n = recv(fd, buf, size, MSG_DONTWAIT);
    if (n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
        return n;
    }
    for (int64_t until = now_ns() + BUSY_WAIT_NS; now_ns() < until;) {
        if ((n = recv(fd, buf, size, MSG_DONTWAIT)) >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
            return n;
        }
    }
    return recv(fd, buf, size, 0);
}

/* Waits up to timeout_ms for a connection; returns it, or -1 if none came. */
static inline int accept_within(const char *prog, int listener, int timeout_ms) {
    struct pollfd p = {.fd = listener, .events = POLLIN};
    int ready = poll(&p, 1, timeout_ms);
    if (ready < 0) {
        die(prog, "poll");
    }
    if (ready == 0) {
        return -1;
    }
    int fd = accept(listener, NULL, NULL);
    if (fd < 0) {
        die(prog, "accept");
    }
    return fd;
}

/* A TCP connection to ip:port, its connect and I/O bounded by SO_SNDTIMEO/SO_RCVTIMEO of timeout_s
 * seconds, or (timeout_s 0: no extra system calls) by the run's alarm() only. */
static inline int connect_tcp(const char *prog, const char *ip, int port, int timeout_s) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        die(prog, "socket");
    }
    if (timeout_s > 0) {
        set_timeouts(prog, fd, timeout_s);
    }
    struct sockaddr_in a = address(prog, ip, port);
    if (connect(fd, (struct sockaddr *) &a, sizeof a) != 0) {
        die(prog, "connect");
    }
    return fd;
}

/* The stream loops' two commands, "recv IP SECONDS OMIT [busy]" and "send IP PORT SECONDS OMIT SIZE" (SIZE from 1 to
 * max_size), handed to their receive and send functions; anything else is a usage error. */
typedef int (*stream_receive)(const char *ip, double seconds, double omit, int busy);
typedef int (*stream_send)(const char *ip, int port, double seconds, double omit, size_t size);

static inline int stream_main(int argc, char **argv, const char *usage, double max_size, stream_receive receive, stream_send send) {
    if ((argc == 5 || (argc == 6 && strcmp(argv[5], "busy") == 0)) && strcmp(argv[1], "recv") == 0) {
        return receive(argv[2], arg_number(argv[3], usage), arg_number(argv[4], usage), argc == 6);
    }
    if (argc == 7 && strcmp(argv[1], "send") == 0) {
        double size = arg_number(argv[6], usage);
        if (size < 1 || size > max_size) {
            usage_error(usage);
        }
        return send(argv[2], (int) arg_number(argv[3], usage), arg_number(argv[4], usage), arg_number(argv[5], usage), (size_t) size);
    }
    usage_error(usage);
    return 2;
}

#endif

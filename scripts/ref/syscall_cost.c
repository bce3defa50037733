/*
 * syscall_cost: what one system call costs on this machine, from C: write(2) of 1 byte to /dev/null, 200,000
 * times per round, 5 rounds; prints the fastest round's nanoseconds per call. The kernel does nearly nothing for
 * it, so this is the entry and exit (and their mitigations, e.g. page table isolation without PCID, which flushes
 * the TLB on every call). SyscallCost.java makes the same calls from the JVM through NIO.
 *
 *   syscall_cost     prints {"ns_per_call":N}
 */
#include "ref.h"
#include <fcntl.h>

#define CALLS 200000
#define ROUNDS 5

int main(int argc, char **argv) {
    (void) argv;
    if (argc != 1) {
        usage_error("syscall_cost");
    }
    alarm(REF_GRACE_S);
    int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        die("syscall_cost", "open /dev/null");
    }
    char byte = 0;
    int64_t best = INT64_MAX;
    for (int r = 0; r < ROUNDS; r++) {
        int64_t start = now_ns();
        for (int i = 0; i < CALLS; i++) {
            if (write(fd, &byte, 1) != 1) {
                die("syscall_cost", "write");
            }
        }
        int64_t took = now_ns() - start;
        best = took < best ? took : best;
    }
    printf("{\"ns_per_call\":%.1f}\n", (double) best / CALLS);
    return 0;
}

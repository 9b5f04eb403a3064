/* harness/confine.c: rlimits and a seccomp filter (libseccomp) for worker processes. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "confine.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

static int limit(int resource, rlim_t value) {
    struct rlimit r = {value, value};
    struct rlimit old;
    if (getrlimit(resource, &old) == 0 && old.rlim_max != RLIM_INFINITY && old.rlim_max < value)
        r.rlim_cur = r.rlim_max = old.rlim_max; /* never raise what the user lowered */
    return setrlimit(resource, &r);
}

/* Denies SYSCALL with ERRNO when argument ARG masked by MASK is nonzero. */
static int deny_masked(scmp_filter_ctx f, int syscall, int err, unsigned arg, uint64_t mask) {
    /* libseccomp compares (arg & mask) == datum; "nonzero" takes one rule per bit */
    for (int bit = 0; bit < 64; bit++) {
        uint64_t b = 1ull << bit;
        if (!(mask & b)) continue;
        if (seccomp_rule_add(f, SCMP_ACT_ERRNO(err), syscall, 1, SCMP_CMP(arg, SCMP_CMP_MASKED_EQ, b, b)) !=
            0)
            return -1;
    }
    return 0;
}

static int deny(scmp_filter_ctx f, int syscall, int err) {
    return seccomp_rule_add(f, SCMP_ACT_ERRNO(err), syscall, 0);
}

/* Refuses opening files for writing and changing the file system, with the errors a
 * read-only disk gives. */
static int refuse_writes(scmp_filter_ctx f) {
    const uint64_t writing = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
    int rc = 0;
    rc |= deny_masked(f, SCMP_SYS(open), EACCES, 1, writing);
    rc |= deny_masked(f, SCMP_SYS(openat), EACCES, 2, writing);
    rc |= deny(f, SCMP_SYS(openat2), ENOSYS); /* flags sit in a struct: glibc falls back */
    rc |= deny(f, SCMP_SYS(creat), EACCES);
    static const int changes[] = {
        SCMP_SYS(unlink),   SCMP_SYS(unlinkat), SCMP_SYS(rename),    SCMP_SYS(renameat), SCMP_SYS(renameat2),
        SCMP_SYS(truncate), SCMP_SYS(mkdir),    SCMP_SYS(mkdirat),   SCMP_SYS(rmdir),    SCMP_SYS(link),
        SCMP_SYS(linkat),   SCMP_SYS(symlink),  SCMP_SYS(symlinkat), SCMP_SYS(chmod),    SCMP_SYS(fchmodat),
        SCMP_SYS(chown),    SCMP_SYS(fchownat), SCMP_SYS(lchown),    SCMP_SYS(mknod),    SCMP_SYS(mknodat),
    };
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) rc |= deny(f, changes[i], EACCES);
    return rc;
}

/* Refuses starting processes: fork, vfork, clone without CLONE_THREAD, exec. */
static int refuse_processes(scmp_filter_ctx f) {
    int rc = 0;
    rc |= deny(f, SCMP_SYS(fork), EAGAIN);
    rc |= deny(f, SCMP_SYS(vfork), EAGAIN);
    rc |= deny(f, SCMP_SYS(clone3), ENOSYS); /* glibc then uses clone, checked below */
    rc |= seccomp_rule_add(f, SCMP_ACT_ERRNO(EAGAIN), SCMP_SYS(clone), 1,
                           SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    rc |= deny(f, SCMP_SYS(execve), EACCES);
    rc |= deny(f, SCMP_SYS(execveat), EACCES);
    return rc;
}

/* Refuses every new socket, of any family: the workers talk to the harness over
 * pipes and shared memory they hold before the filter, so none needs one, and a
 * local (AF_UNIX) socket can reach a daemon that reaches the network. socketpair()
 * stays: its two ends reach only each other. */
static int refuse_network(scmp_filter_ctx f) {
    return deny(f, SCMP_SYS(socket), EACCES);
}

static int build_filter(const confine_limits *limits, char *err, size_t errlen) {
    scmp_filter_ctx f = seccomp_init(SCMP_ACT_ALLOW);
    if (!f) {
        snprintf(err, errlen, "seccomp_init failed");
        return -1;
    }
    /* an io_uring opens files and sockets without the calls below: refused as by a
     * kernel without it, whatever the filter is for */
    int rc = deny(f, SCMP_SYS(io_uring_setup), ENOSYS);
    if (!limits->allow_writes) rc |= refuse_writes(f) | refuse_processes(f);
    if (!limits->allow_network) rc |= refuse_network(f);
    if (rc != 0 || seccomp_load(f) != 0) {
        snprintf(err, errlen, "cannot install the seccomp filter");
        seccomp_release(f);
        return -1;
    }
    seccomp_release(f);
    return 0;
}

int confine_worker(const confine_limits *limits, char *err, size_t errlen) {
    /* A write past RLIMIT_FSIZE would raise SIGXFSZ; as an error code it is an I/O
     * error the program can see. */
    signal(SIGXFSZ, SIG_IGN);
    uint64_t as = limits->address_space;
#if defined(__SANITIZE_ADDRESS__)
    as = 0; /* AddressSanitizer reserves terabytes of shadow address space */
#endif
    if ((as && limit(RLIMIT_AS, as) != 0) || limit(RLIMIT_CORE, 0) != 0 ||
        (!limits->allow_writes && limit(RLIMIT_FSIZE, limits->file_size) != 0)) {
        snprintf(err, errlen, "setrlimit: %s", strerror(errno));
        return -1;
    }
    if (limits->allow_writes && limits->allow_network) return 0;
    return build_filter(limits, err, errlen);
}

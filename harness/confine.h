/* harness/confine.h: the limits a worker process runs the program under. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CONFINE_H
#define FREQSYS_CONFINE_H

#include <stddef.h>
#include <stdint.h>

typedef struct confine_limits {
    uint64_t address_space; /* bytes (RLIMIT_AS); 0: no limit */
    int allow_writes;       /* 1: the program may write files and start processes */
    int allow_network;      /* 1: the program may create sockets */
    uint64_t file_size;     /* RLIMIT_FSIZE unless writes are allowed: 0, or the size of a
                               drawn standard input's memfd, which the worker writes */
} confine_limits;

#define CONFINE_DEFAULT_ADDRESS_SPACE (4ull << 30)
#define CONFINE_EXIT_STATUS           121 /* a worker that could not confine itself exits so */

/* Applies LIMITS to the calling process, a freshly forked worker: RLIMIT_AS,
 * RLIMIT_FSIZE (LIMITS->file_size, normally 0) and no core dumps; and a seccomp
 * filter under which, unless writes are allowed, opening a file for writing,
 * creating, removing or renaming files, and starting processes (fork, vfork, clone
 * without CLONE_THREAD, exec), and, unless the network is allowed, creating a
 * socket (socket(), io_uring_setup()) fail with an error code instead of happening.
 * The program sees a failed call, as on a full or read-only disk or a machine
 * without a network; the worker, the user's files and other machines are safe.
 * Returns 0, or -1 with a message in ERR (the worker then does not run). */
int confine_worker(const confine_limits *limits, char *err, size_t errlen);

#endif

/* harness/wire.h: the messages between the harness and its workers, over pipes. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_WIRE_H
#define FREQSYS_WIRE_H

#include <stddef.h>
#include <signal.h>
#include <stdint.h>

/* Harness -> worker: run trials [start, start + count). count 0: exit. */
typedef struct wire_chunk {
    uint64_t start, count;
} wire_chunk;

/* Worker -> harness, after a chunk: this header, then `nbins` wire_bin records (the
 * per-block histograms of the chunk's completed trials), then `naborted` trial ids
 * that ended in abort(), then `error_len` bytes of an input-error message (the run
 * must stop; error_trial says which trial). A chunk whose histograms grow large is
 * sent in several messages, all but the last marked partial and carrying bins only. */
typedef struct wire_done {
    uint64_t start, count;
    uint64_t partial;  /* 1: more bins of this chunk follow in later messages */
    uint64_t retiring; /* 1: the worker exits after this message (it outgrew its memory) */
    uint64_t nbins, naborted;
    uint64_t error_trial, error_len;
} wire_done;

typedef struct wire_bin {
    uint32_t block, pad;
    uint64_t value, trials;
} wire_bin;
/* wire_bin.pad: 0 for a counter's bin (block: the counter); 1-3 and 7 carry hashed
 * paths (harness/path_tallies.h says how); 4: counter `block` was still running in a
 * trial killed at its timeout (value 0, trials 1); 5: `trials` trials called
 * exit(`block`); 6: a trial crashed in block `block` by signal `value`; 8: counter `block` ran
 * past its limit (count_limits.h) in a run, `value` times at most in the chunk; 9: `trials`
 * trials ended on their own past a cap (`block` 0) or past a proven bound (`block` 1);
 * WIRE_BIN_SCORES and up the sums of sensitivities (harness/score_sums.h). */
#define WIRE_BIN_PATH       1u
#define WIRE_BIN_PATH_COUNT 2u
#define WIRE_BIN_PATH_LOST  3u
#define WIRE_BIN_UNBOUNDED  4u
#define WIRE_BIN_EXIT       5u
#define WIRE_BIN_CRASH_SITE 6u /* a crashed trial's block (UINT32_MAX: not known), signal in value */
#define WIRE_BIN_RUN_PATH   7u /* as WIRE_BIN_PATH, for a replicate's runs one by one */
#define WIRE_BIN_OVER       8u
#define WIRE_BIN_OVER_ENDS  9u
#define WIRE_BIN_SCORES     16u

/* Shared memory one worker writes and the harness reads: which trial runs, so a
 * crash or a timeout can be pinned on exactly one trial. The harness times trials
 * itself (from when it first sees an id), which keeps the clock off the worker's
 * per-trial path. Each slot has cache lines of its own: workers write theirs twice
 * a trial, and slots sharing a line made two workers of short trials stall each
 * other (newton_sqrt: -j 2 at 1.5x of -j 1). */
#define WIRE_CRASH_PCS 8
typedef struct wire_slot {
    _Alignas(128) uint64_t trial; /* WIRE_IDLE between trials */
    /* A trial past its timeout is asked where it is: the worker's handler of
     * WIRE_SAMPLE_SIGNAL writes the interrupted code address and counts up. */
    uint64_t pc, pc_seq, pc_trial; /* pc_trial: the trial that was running then */
    /* A trial that a fatal signal ends leaves where: the faulting address, then
     * return addresses, innermost first (its handler writes them, then dies of it). */
    uint64_t crash_trial, crash_pcs[WIRE_CRASH_PCS];
    uint32_t ncrash_pcs;
} wire_slot;
/* The signal that asks a worker for its code address: a real-time one, which
 * programs seldom use (SIGRTMIN is glibc's first free one). */
#define WIRE_SAMPLE_SIGNAL (SIGRTMIN + 3)
#define WIRE_IDLE          UINT64_MAX
/* In a chunk's list of trials left out: this bit marks a trial that stopped on an
 * input that does not fit its type (the rest called abort()). */
#define WIRE_INPUT_ERROR (1ull << 63)

/* Reads or writes exactly N bytes, retrying on EINTR. Return 0, or -1 on EOF/error. */
int wire_read(int fd, void *buf, size_t n);
int wire_write(int fd, const void *buf, size_t n);

#endif

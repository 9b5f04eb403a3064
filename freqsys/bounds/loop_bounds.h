/* freqsys/bounds/loop_bounds.h: how often each block of a function can run per call, from its loops. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_LOOP_BOUNDS_H
#define FREQSYS_LOOP_BOUNDS_H

#include <stdint.h>
#include <llvm-c/Core.h>

#define LOOP_BOUNDS_UNBOUNDED UINT64_MAX

/* A bound the spec states rather than the code proves (`cap FUNCTION N`, `cap
 * FILE:LINE N`): an assumption the proofs take as given and name where used. */
typedef struct bound_cap {
    const char *function; /* `cap FUNCTION N`: any block of FUNCTION, per call; else NULL */
    const char *file;     /* `cap FILE:LINE N`: the loop whose header is at FILE:LINE, */
    unsigned line;        /* iterations per entry into it; else NULL, 0 */
    uint64_t n;
    const char *name; /* as written after `cap`: "newton.c:9", "parse_line" */
    int used;         /* set once a loop at FILE:LINE, or FUNCTION, is found */
} bound_cap;

struct dist;

/* What the spec says of the inputs a loop can walk (given_walks.c); all zero: nothing. */
typedef struct bound_walks {
    LLVMValueRef entry;                /* function mode: the function whose parameters are drawn; else NULL */
    const double *param_lo, *param_hi; /* [nparams]: a number parameter's least and greatest value
                                        * as C's conversion leaves it (-/+INFINITY: unknown) */
    const double *text_max;            /* [nparams]: a string() parameter's most characters before its
                                        * NUL; -1: not a string, or no bound */
    const double *object_bytes;        /* [nparams]: the most bytes of the buffer the runtime passes a
                                        * pointer parameter (a string's with its NUL, a buffer's, an
                                        * array's); -1: not known */
    const long *length_of;             /* [nparams]: for `len ~ length(s)`, s's index when the runtime
                                        * ends s with a NUL at that length; else -1 */
    struct pointee_facts *pointees;    /* what the runtime writes behind pointer parameters
                                        * (pointee_values.h); NULL: nothing known */
    size_t nparams;
    int others_unreached; /* every call of the entry but the runtime's is in a function no run
                           * reaches (given_walks.c) */
    int stdin_bounded;    /* a `stdin ~` form gives at most stdin_max bytes */
    double stdin_max;
    const struct dist *stdin_count; /* else, when its bytes are at most a draw of this distribution (the
                                     * text's length, the lines' count) times stdin_per_count: the
                                     * tail bounds may hold that draw (tail_bounds.c); else NULL */
    double stdin_per_count;
    double stdin_line_max;  /* lines(): the most bytes of one line, its '\n' counted, when no line
                             * holds another '\n'; -1: unknown */
    double stdin_lines_max; /* ...and then the most lines (the tail bounds hold an unbounded count);
                             * -1: unknown */
    int input_can_end;      /* a read can find the input ended and leave its buffer untouched */
} bound_walks;

/* What the spec tells the proofs: its caps, and per read site (fsabi_site index) the
 * least and greatest value a read there can give (-/+INFINITY: unknown), and the
 * distribution that alone serves the site (NULL: several, or none). */
typedef struct bound_given {
    bound_cap *caps;
    size_t ncaps;
    const double *read_lo, *read_hi;
    const struct dist *const *read_dist;
    size_t nreads;
    bound_walks walks;
    struct global_facts *globals; /* drawn globals the program only reads (global_values.h); NULL: none */
    const struct ptr_map *unsigned_slots; /* the module's variables C declares unsigned (unsigned_slots.h),
                                           * while it is proven; NULL: none known */
} bound_given;

/* Fills PER_CALL[b] (FN's NB blocks, in order) with the most times block b can run in
 * one call of FN, LOOP_BOUNDS_UNBOUNDED where nothing is proven. A block in no cycle
 * runs at most once. A cycle (a strongly connected part of the CFG) is bounded when
 * it is a counted loop as clang -O0 writes one: a single entry block H and an exit
 * test that every way round crosses once (H's, a later block's, the last of an `&&`)
 * on a local variable v plus amounts of known range, against a limit of known range;
 * v kept in an alloca used only by loads and stores, every store to v outside the
 * loop a value of known range and every store inside it v plus a step of one sign
 * and known range, no way round the loop that skips a step, and no sum that could
 * wrap. The test then passes at most K times per entry (K the values v can take
 * between its farthest start and the limit, over the least step), H runs at most
 * K + 1 times, and everything inside at most that often (K where H's own test gave K
 * and leaves at once), times the bounds of inner loops, found the same way with H set
 * aside; or when walk_bounds_trips (a walk of a drawn string, a read of a drawn
 * standard input to EOF) or halving_bounds_trips (binary search) bounds it, the
 * least of them. A cycle entered at several blocks (Duff's device) is bounded at a
 * counted exit test all its cycles cross (counted_loops_cut). Reading v
 * uninitialised is undefined in C and assumed not to happen. A value's range comes
 * from constants, arithmetic that cannot wrap, narrow types, choices, tests that
 * guard it, variables and counters (see loop_bounds_capped). A block no branch can
 * take from the entry (a test of constants) gets 0. A block from which no return and
 * no call can be reached is bounded like any other: a run that reaches it never
 * ends, and such a run is counted too (what it ran before it was stopped), so a
 * cycle it cannot leave stays unbounded.
 * Returns 0, or -1 when memory ran out (all unbounded). */
int loop_bounds(LLVMValueRef fn, unsigned nb, uint64_t *per_call);

/* loop_bounds with what GIVEN (NULL: nothing) tells: a loop's limit or start may be
 * a variable every store to which is a value of known range (a constant, a choice
 * between constants, a read whose declared distribution is bounded), and where a
 * loop's header is at the FILE:LINE of a cap that bounds it more tightly than the
 * code does (or alone), that cap's N is its iterations per entry. CAP_OF[b] (NULL:
 * not wanted) gets the index in GIVEN's caps of the cap block b's bound rests on, -1
 * for none; a cap whose loop is found is marked used. */
int loop_bounds_capped(LLVMValueRef fn, unsigned nb, bound_given *given, uint64_t *per_call, int *cap_of);

/* Whether the debug location of FN's block BB (its first located instruction) is at
 * CAP's FILE:LINE: the same line, and the file as written a suffix of the block's
 * file at a '/' (or the whole). */
int loop_bounds_at(LLVMBasicBlockRef bb, const bound_cap *cap);

#endif

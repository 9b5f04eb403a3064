/* include/freqsys/abi.h: the agreement between the IR transform, the runtime and the harness. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_ABI_H
#define FREQSYS_ABI_H

#include <stdint.h>

/* The transform emits into every instrumented module one global descriptor named
 * FSABI_MODULE_SYMBOL. The harness finds it with dlsym and reaches everything else
 * through it. The layouts below are mirrored field by field in the IR (see
 * freqsys/transform/module_table.c): every field is a pointer or a 32/64-bit integer
 * placed so that no padding arises. Bump FSABI_VERSION on any change. */
#define FSABI_VERSION       21
#define FSABI_MODULE_SYMBOL "freqsys_module"
/* The runtime's table of functions for the executable that loads the module
 * (freqsys/runtime/runtime_table.h). These two are all the module exports. */
#define FSABI_RUNTIME_SYMBOL "freqsys_runtime"

/* Runtime entry points the instrumented code calls. They are defined in the runtime
 * library (libfreqsys_rt.a) that is linked into the module, and bound inside it. */
#define FSABI_READ_INT     "freqsys_rt_read_int"     /* int64_t (uint32_t site) */
#define FSABI_SCANF_RESULT "freqsys_rt_scanf_result" /* int32_t (int32_t assigned): what scanf returns */
#define FSABI_READ_REAL    "freqsys_rt_read_real"    /* double (uint32_t site) */
#define FSABI_READ_TEXT    "freqsys_rt_read_text"    /* void (uint32_t site, char *buf, int64_t cap) */
#define FSABI_READ_LINE    "freqsys_rt_read_line"    /* char *(uint32_t site, char *buf, int32_t cap) */
#define FSABI_GETCHAR      "freqsys_rt_getchar"      /* int32_t (uint32_t site) */
#define FSABI_INPUT_INT    "freqsys_rt_input_int"    /* int64_t (uint32_t site): global, extern, mmio */
#define FSABI_INPUT_REAL   "freqsys_rt_input_real"   /* double (uint32_t site) */
#define FSABI_EXIT         "freqsys_rt_exit"         /* noreturn void (int32_t status): exit() */
#define FSABI_EXIT_NOW     "freqsys_rt_exit_now" /* noreturn void (int32_t): _exit(), _Exit(), quick_exit() */
#define FSABI_ATEXIT       "freqsys_rt_atexit"   /* int32_t (void (*)(void)): atexit() */
#define FSABI_ABORT        "freqsys_rt_abort"    /* noreturn void (void) */
#define FSABI_ASSERT_FAIL  "freqsys_rt_assert_fail" /* noreturn, as glibc's __assert_fail */
/* void (fsabi_path_table *, uint32_t function, uint64_t id, uint64_t weight): a hashed
 * path ended (weight 1), or not (weight 0: a branch-free call site's other case) */
#define FSABI_PATH_COUNT "freqsys_rt_path_count"
/* The C library's hidden inputs, replaced so that a trial depends on (seed, trial)
 * alone: random numbers come from the trial's stream, the clock is virtual. */
#define FSABI_RAND               "freqsys_rt_rand"    /* int32_t (void): rand() */
#define FSABI_RANDOM             "freqsys_rt_random"  /* int64_t (void): random() */
#define FSABI_RAND_R             "freqsys_rt_rand_r"  /* int32_t (uint32_t *seed): rand_r(), seed ignored */
#define FSABI_SRAND              "freqsys_rt_srand"   /* void (uint32_t): srand(), srandom(): no effect */
#define FSABI_DRAND48            "freqsys_rt_drand48" /* double (void *): drand48(), erand48(state): [0, 1) */
#define FSABI_LRAND48            "freqsys_rt_lrand48" /* int64_t (void *): lrand48(), nrand48(state): 0..2^31-1 */
#define FSABI_MRAND48            "freqsys_rt_mrand48" /* int64_t (void *): mrand48(), jrand48(state): -2^31..2^31-1 */
#define FSABI_SEED48             "freqsys_rt_seed48" /* uint16_t *(void *): srand48(), seed48(), lcong48(): no effect */
#define FSABI_ARC4RANDOM         "freqsys_rt_arc4random"         /* uint32_t (void): 32 bits */
#define FSABI_ARC4RANDOM_UNIFORM "freqsys_rt_arc4random_uniform" /* uint32_t (uint32_t n): 0..n-1 */
#define FSABI_TIME               "freqsys_rt_time"               /* int64_t (int64_t *out) */
#define FSABI_CLOCK              "freqsys_rt_clock"              /* int64_t (void) */
#define FSABI_GETTIMEOFDAY       "freqsys_rt_gettimeofday"       /* int32_t (int64_t tv[2], void *tz) */
#define FSABI_CLOCK_GETTIME      "freqsys_rt_clock_gettime"      /* int32_t (int32_t clock, int64_t ts[2]) */
#define FSABI_GETENV             "freqsys_rt_getenv"             /* char *(const char *name): always NULL */
/* The virtual clock: every trial starts it at this Unix time, and each call to
 * any of the clock functions above advances it by one microsecond, so that a
 * program waiting for time to pass still ends. */
#define FSABI_CLOCK_EPOCH 1700000000LL /* 2023-11-14 22:13:20 UTC */

/* How a trial ended: what the runtime's trial function tells the harness. */
typedef enum trial_end {
    TRIAL_RETURNED = 0, /* the entry returned */
    TRIAL_EXITED,       /* exit(), _exit(), _Exit(), quick_exit(): a normal end */
    TRIAL_ABORTED,      /* abort() or a failed assert(): counted as a crash */
    TRIAL_INPUT_ERROR   /* a drawn value did not fit, or a read had no declaration */
} trial_end;

/* The C type an input read stores into; decides range checks and conversion. */
typedef enum fsabi_kind {
    FSABI_KIND_I8 = 1,
    FSABI_KIND_I16,
    FSABI_KIND_I32,
    FSABI_KIND_I64,
    FSABI_KIND_U8,
    FSABI_KIND_U16,
    FSABI_KIND_U32,
    FSABI_KIND_U64,
    FSABI_KIND_F32,
    FSABI_KIND_F64,
    FSABI_KIND_CHAR,    /* %c: one char, the drawn value is its code */
    FSABI_KIND_TEXT,    /* %s, %[: a word; numbers are written in decimal */
    FSABI_KIND_LINE,    /* fgets: a line with its newline */
    FSABI_KIND_GETCHAR, /* getchar/getc/fgetc: a code 0..255, or EOF (-1) */
    FSABI_KIND_BOOL,    /* _Bool: 0 or 1 */
    FSABI_KIND_PTR      /* a pointer parameter (function mode) */
} fsabi_kind;

/* Where a site's values come from. */
/* The values an integer kind holds, as doubles (C converts a value to it by
 * truncation toward zero). Returns 1 for the integer kinds, 0 for the others. */
static inline int fsabi_int_range(uint32_t kind, double *lo, double *hi) {
    switch (kind) {
    case FSABI_KIND_BOOL:
        *lo = 0;
        *hi = 1;
        return 1;
    case FSABI_KIND_I8:
        *lo = -128;
        *hi = 127;
        return 1;
    case FSABI_KIND_I16:
        *lo = -32768;
        *hi = 32767;
        return 1;
    case FSABI_KIND_I32:
        *lo = -2147483648.0;
        *hi = 2147483647.0;
        return 1;
    case FSABI_KIND_I64:
        *lo = -9223372036854775808.0;
        *hi = 9223372036854774784.0;
        return 1;
    case FSABI_KIND_U8:
        *lo = 0;
        *hi = 255;
        return 1;
    case FSABI_KIND_CHAR:
        *lo = -128;
        *hi = 255;
        return 1;
    case FSABI_KIND_U16:
        *lo = 0;
        *hi = 65535;
        return 1;
    case FSABI_KIND_U32:
        *lo = 0;
        *hi = 4294967295.0;
        return 1;
    case FSABI_KIND_U64:
        *lo = 0;
        *hi = 18446744073709549568.0;
        return 1;
    default:
        return 0;
    }
}

typedef enum fsabi_origin {
    FSABI_FROM_READ = 0,   /* a read of standard input: by read index, name or `read *` */
    FSABI_FROM_GLOBAL,     /* `global NAME ~ D`, drawn before each trial */
    FSABI_FROM_EXTERN_FN,  /* `extern f() ~ D`, drawn at every call */
    FSABI_FROM_EXTERN_VAR, /* `extern T name ~ D`, drawn before each trial */
    FSABI_FROM_MMIO        /* `mmio ADDR ~ D`, drawn at every volatile load */
} fsabi_origin;

/* How an `arg` declaration shapes its values (function mode). */
typedef enum fsabi_shape {
    FSABI_SHAPE_VALUE = 0,       /* a scalar parameter */
    FSABI_SHAPE_ARRAY,           /* pointer to LEN elements, each drawn */
    FSABI_SHAPE_STRING,          /* pointer to a drawn NUL-terminated string */
    FSABI_SHAPE_REF,             /* pointer to one drawn element */
    FSABI_SHAPE_FIELD,           /* one field of a struct passed by pointer */
    FSABI_SHAPE_NULL,            /* a null pointer */
    FSABI_SHAPE_PERMUTATION,     /* pointer to LEN integers holding 0 .. LEN-1 in a random order */
    FSABI_SHAPE_TEXT,            /* pointer to drawn bytes, NUL-terminated: text(), lines(), file() */
    FSABI_SHAPE_GENERATOR,       /* pointer to a copy of what `const char *NAME(void)` returned */
    FSABI_SHAPE_GENERATOR_BYTES, /* pointer to the bytes `size_t NAME(unsigned char *, size_t cap)`
                                  * wrote, cap in offset, NUL-terminated after them */
    FSABI_SHAPE_LENGTH,          /* an integer: the drawn length of parameter len_param */
    FSABI_SHAPE_ZEROED,          /* pointer to one zeroed object of the pointee's type */
    FSABI_SHAPE_BUFFER,          /* pointer to offset zeroed bytes */
    FSABI_SHAPE_LENGTH_REF       /* pointer to one integer: the drawn length of parameter len_param */
} fsabi_shape;

/* The spec's generators (`generators "gen.c"`): the module defines, when the spec
 * names any, a table of this name, rows of {name, function}, ended by a NULL name.
 * The runtime finds a generator by its name there: `arg s ~ generator(NAME)` and
 * `stdin ~ generator(NAME)`. The generators' code is linked into the module as it
 * is, never counted or rewritten. */
#define FSABI_GENERATORS_SYMBOL "freqsys_generators"
typedef struct fsabi_generator {
    const char *name;
    void *function;
} fsabi_generator;
/* What <freqsys/gen.h> calls: draws from the running trial's own stream. */
#define FSABI_GEN_INT  "freqsys_rt_gen_int"  /* long long (long long lo, long long hi) */
#define FSABI_GEN_REAL "freqsys_rt_gen_real" /* double (void): [0, 1) */
#define FSABI_GEN_DRAW "freqsys_rt_gen_draw" /* double (const char *name): `draw NAME ~ D` */

/* A block's CFG successors are edges[first_successor .. + nsuccessors) (block
 * indices), and the functions it calls directly are edges[first_callee .. +
 * ncallees) (function indices; a function called twice is listed twice). */
typedef struct fsabi_block {
    const char *function;
    const char *label;      /* IR label; "bbN" when the block had no name */
    const char *file;       /* "" when the block has no debug location */
    const char *bound_from; /* the spec's cap max_runs rests on, as written after `cap`
                             * ("newton.c:9", "parse_line"); "" when the code alone proves it */
    uint32_t line;          /* first source line, 0 when unknown */
    uint32_t function_index;
    uint32_t first_successor, nsuccessors;
    uint32_t first_callee, ncallees;
    uint32_t flags;    /* FSABI_BLOCK_* facts the transform proved */
    uint32_t max_runs; /* proven: it runs at most this often per run of the entry;
                        * FSABI_RUNS_UNBOUNDED when nothing is proven */
    uint32_t reserved; /* 0; keeps the row free of padding */
    double tail_mass;  /* 0, or max_runs holds except in a far tail of the spec's
                        * distributions, and this bounds E[(count - max_runs)^+]:
                        * what that tail can add to the block's mean per run */
} fsabi_block;

#define FSABI_RUNS_UNBOUNDED 0xffffffffu

/* A lower level of a block whose max_runs rests on the spec's tails: max_runs holds
 * except in a tail that adds at most tail_mass to its mean, larger than the block
 * row's. The harness may take one in place of the row's, chosen from epsilon
 * alone (docs/statistics.md, "A level for the run's epsilon"). */
typedef struct fsabi_tail_level {
    uint32_t block;
    uint32_t max_runs;
    double tail_mass;
} fsabi_tail_level;

/* fsabi_block.flags. Both hold for every run of the entry that ends (returns or calls
 * exit); they are proved conservatively, so a block without a flag may still qualify. */
#define FSABI_BLOCK_ONCE         1u /* runs exactly once per run of the entry */
#define FSABI_BLOCK_AT_MOST_ONCE 2u /* runs at most once per run of the entry */

typedef struct fsabi_function {
    const char *name;
    const char *file;     /* where it is defined; "" without debug information */
    uint32_t first_block; /* its blocks are [first_block, first_block + nblocks) */
    uint32_t nblocks;
    uint32_t line; /* the line of its declarator (DISubprogram), 0 unknown */
    uint32_t reserved;
} fsabi_function;

/* One place in the program where an input is read. */
typedef struct fsabi_site {
    const char *variable; /* the variable read into; "" when it has no name */
    const char *file;
    uint32_t line;
    uint32_t kind;   /* fsabi_kind */
    uint32_t origin; /* fsabi_origin */
    uint32_t decl;   /* origins other than READ: the spec input, by index */
} fsabi_site;

/* Function mode: the entry's parameters, from its debug information. */
typedef struct fsabi_param {
    const char *name;
    const char *ctype;     /* as C spells it, for messages */
    uint32_t kind;         /* fsabi_kind; FSABI_KIND_PTR for pointers */
    uint32_t pointee_size; /* pointers: bytes of what they point to (a struct, an element) */
} fsabi_param;

/* Function mode: one `arg` declaration, resolved against the parameters. */
typedef struct fsabi_arg {
    uint32_t decl; /* the spec input, by index */
    uint32_t param;
    uint32_t shape;     /* fsabi_shape */
    uint32_t kind;      /* what one drawn value is stored as */
    uint32_t offset;    /* FIELD: byte offset in the struct; ARRAY, PERMUTATION: a constant
                         * length; BUFFER: its bytes; GENERATOR_BYTES: the capacity */
    uint32_t elem_size; /* ARRAY, STRING, REF, FIELD: bytes per element */
    uint32_t len_param; /* ARRAY with a named length: that parameter; LENGTH: the parameter
                         * whose length it is; else UINT32_MAX */
    uint32_t per_item;  /* elements per item: a row of int (*)[20] holds 20, an array field
                         * int f[8] holds 8; 1 otherwise. ARRAY of structs (no
                         * distribution): 0, the items are zeroed and their fields drawn */
} fsabi_arg;

/* Ball-Larus paths (`run --paths`): one acyclic path of a function, counted in
 * counters[nblocks + nwrites + p] for path p of the table. Its blocks are
 * path_blocks[first_block .. + nblocks) (block indices, in order). */
typedef struct fsabi_path {
    uint32_t function_index;
    uint32_t id; /* its Ball-Larus number within the function */
    uint32_t first_block, nblocks;
    uint32_t max_runs; /* proven, as for blocks: no more than its rarest block's */
    uint32_t back_to;  /* the block a back edge takes it to next; FSABI_PATH_ENDS: none */
} fsabi_path;

#define FSABI_PATH_ENDS 0xffffffffu

/* Per function: how many acyclic paths it has, and whether they are counted. */
typedef struct fsabi_path_function {
    uint64_t total;      /* acyclic paths; UINT64_MAX: more than 64 bits count */
    uint32_t first_path; /* its paths are paths[first_path .. + npaths), id order */
    uint32_t npaths;     /* == total when counted, else 0 */
    uint32_t status;     /* FSABI_PATHS_* */
    uint32_t max_starts; /* proven: its paths start at most this often per run (its entry's
                          * and loop headers' max_runs added up); FSABI_RUNS_UNBOUNDED */
} fsabi_path_function;

#define FSABI_PATHS_COUNTED     0u
#define FSABI_PATHS_TOO_MANY    1u /* total > the limit (--max-paths, or the module's room) */
#define FSABI_PATHS_UNSUPPORTED 2u /* control flow the numbering does not model (setjmp, EH pads) */
#define FSABI_PATHS_HASHED                                                                                   \
    3u /* too many for counters: each path end is counted in the                                             \
        * per-trial path table under its id (the exact Ball-Larus                                            \
        * number when total < UINT64_MAX, else a hash of its edges) */

/* The per-trial table of hashed paths: open addressing over FSABI_PATH_TABLE_SLOTS
 * slots, at most FSABI_PATH_TABLE_LIMIT of them used in one trial (so a probe always
 * finds a free slot). A slot is free when its count is 0. A path that finds the table
 * full is not counted, and its function is marked as having lost counts in this
 * trial: the harness reports that instead of a wrong frequency. */
#define FSABI_PATH_TABLE_SLOTS 8192u
#define FSABI_PATH_TABLE_LIMIT 4096u

typedef struct fsabi_path_slot {
    uint64_t id, count;
    uint32_t function, reserved;
} fsabi_path_slot;

typedef struct fsabi_path_table {
    fsabi_path_slot *slots; /* [FSABI_PATH_TABLE_SLOTS] */
    uint32_t *used;         /* [FSABI_PATH_TABLE_LIMIT] the slots in use, in order of first use */
    uint8_t *lost;          /* [nfunctions] 1: the function lost a count in this trial */
    uint32_t *lost_list;    /* [nfunctions] those functions, in order */
    uint32_t nused, nlost;
} fsabi_path_table;

/* Counts one more run of path ID of FUNCTION in T. */
static inline void fsabi_path_table_count(fsabi_path_table *t, uint32_t function, uint64_t id) {
    uint64_t h = (id ^ ((uint64_t)function << 40) ^ function) * 0x9e3779b97f4a7c15ull;
    uint32_t mask = FSABI_PATH_TABLE_SLOTS - 1, i = (uint32_t)(h >> 40) & mask;
    for (; t->slots[i].count; i = (i + 1) & mask)
        if (t->slots[i].id == id && t->slots[i].function == function) {
            t->slots[i].count++;
            return;
        }
    if (t->nused == FSABI_PATH_TABLE_LIMIT) {
        if (!t->lost[function]) t->lost_list[t->nlost++] = function;
        t->lost[function] = 1;
        return;
    }
    t->slots[i] = (fsabi_path_slot){id, 1, function, 0};
    t->used[t->nused++] = i;
}

/* Empties T, at the cost of what it holds. */
static inline void fsabi_path_table_clear(fsabi_path_table *t) {
    for (uint32_t k = 0; k < t->nused; k++) t->slots[t->used[k]].count = 0;
    for (uint32_t k = 0; k < t->nlost; k++) t->lost[t->lost_list[k]] = 0;
    t->nused = t->nlost = 0;
}

/* Calling contexts (`run --contexts`): a function's context is the chain of the
 * last `context_depth` direct call sites that led to it. One call site of the
 * program: a direct call from function CALLER to function CALLEE at LINE:COLUMN. */
typedef struct fsabi_call_site {
    uint32_t caller, callee; /* function indices */
    uint32_t line, column;   /* source position of the call, 0 unknown */
    uint32_t block;          /* the block that holds the call */
} fsabi_call_site;

/* One context of a function: its chain is context_sites[first_site .. + nsites),
 * outermost call first, the last one a call of FUNCTION_INDEX. */
typedef struct fsabi_context {
    uint32_t function_index;
    uint32_t first_site, nsites;
    uint32_t kind;        /* FSABI_CONTEXT_* */
    uint32_t max_entries; /* proven: the function is entered in this context at most
                           * this often per run (the bound of the block of the last
                           * call site; FSABI_RUNS_UNBOUNDED when nothing is proven) */
    uint32_t reserved;
} fsabi_context;

#define FSABI_CONTEXT_CALLS 0u /* entered through the chain of direct calls */
#define FSABI_CONTEXT_OUTSIDE                                                                                \
    1u                         /* entered from outside the program's direct calls: the                       \
                                * run (the entry, an interrupt), a call through a                            \
                                * pointer, the C library (a qsort comparator) */
#define FSABI_CONTEXT_OTHER 2u /* any chain past the function's room for contexts */

/* Per function: its contexts are contexts[first_context .. + ncontexts), and block j
 * of the function in its k-th context is counted in counters[nblocks + nwrites +
 * npaths + first_counter + k * (the function's nblocks) + j]. A function with one
 * context has no counters of its own (ncounters 0): there, its blocks' counters are
 * the context's. */
typedef struct fsabi_context_function {
    uint32_t first_context, ncontexts;
    uint32_t first_counter; /* from the start of the context counters; never less
                             * than the previous function's */
    uint32_t ncounters;     /* ncontexts * nblocks, or 0 for a function of one context */
} fsabi_context_function;

typedef struct fsabi_module {
    uint64_t abi_version; /* FSABI_VERSION */
    uint64_t nblocks, nfunctions, nsites;
    /* Per-trial state, written by the instrumented code and cleared by the harness.
     * A function appends its index to touched_list the first time it runs in a
     * trial, so the harness reads only the counters of functions that ran. */
    uint64_t *counters;     /* [nblocks] executions in the current trial */
    uint8_t *fn_touched;    /* [nfunctions] 1 once the function ran */
    uint32_t *touched_list; /* [nfunctions + 1] */
    uint32_t *touched_count;
    const fsabi_block *blocks;       /* [nblocks] */
    const fsabi_function *functions; /* [nfunctions] */
    const fsabi_site *sites;         /* [nsites] */
    const uint32_t *edges;           /* successor and callee lists, see fsabi_block */
    void (*reset_globals)(void);     /* restores every global, then draws the inputs held in globals */
    void *entry;                     /* main, or the isolated function */
    /* function mode (nparams == 0 and entry_kind == 0 for main) */
    uint64_t function_mode;
    uint64_t nparams, nargs;
    const fsabi_param *params;
    const fsabi_arg *args;
    uint64_t return_kind; /* fsabi_kind of the result; 0 for void */
    /* Volatile stores to declared MMIO addresses are dropped and counted: their
     * counters follow the blocks' (counters[nblocks + k]), and the last function of
     * the table, named "(mmio writes)", spans them. */
    uint64_t nwrites;
    const uint64_t *write_addresses; /* [nwrites] */
    /* Calls the entry with parameter i read from *args[i], as the entry's own type
     * (main: int argc, char **argv, char **envp, as many as it takes): C allows a
     * call only through the callee's exact type, and this one's is fixed. */
    void (*call_entry)(void *const *args);
    /* Paths, with `run --paths` (npaths == 0 and path_functions NULL without). */
    uint64_t npaths;
    uint64_t max_paths;      /* the limit a function's paths were held to */
    const fsabi_path *paths; /* [npaths] */
    const uint32_t *path_blocks;
    const fsabi_path_function *path_functions; /* [nfunctions] or NULL */
    /* Function mode: the interrupt handlers of the spec's `interrupt` lines, in their
     * order, each `void NAME(void)`; the runtime runs them between calls. */
    uint64_t ninterrupts;
    void (*const *interrupts)(void); /* [ninterrupts] */
    /* Paths of FSABI_PATHS_HASHED functions, counted per trial (NULL when none). */
    fsabi_path_table *path_table;
    /* Contexts, with `run --contexts` (all 0 and NULL without). */
    uint64_t context_depth;     /* the longest chain of call sites kept */
    uint64_t ncontext_counters; /* counters after the paths' */
    uint64_t ncontexts, ncall_sites;
    const fsabi_context *contexts;                   /* [ncontexts], by function */
    const fsabi_context_function *context_functions; /* [nfunctions] or NULL */
    const fsabi_call_site *call_sites;               /* [ncall_sites] */
    const uint32_t *context_sites;                   /* the chains, as call-site indices */
    /* [nblocks]: proven, the most times each block runs in one call of its function
     * (FSABI_RUNS_UNBOUNDED: nothing proven). A block runs in a context at most
     * min(its max_runs, the context's max_entries times this). */
    const uint32_t *block_per_call;
    /* Function mode: 1 when the transform proved that a call of the entry reaches
     * only the module's own functions and LLVM intrinsics (no exit, abort, longjmp,
     * input read, draw or unknown code): it ends by returning or by a signal, so the
     * runtime may call it without a setjmp and draw its arguments ahead. */
    uint64_t entry_closed;
    /* Lower tail levels, by block and then max_runs rising (tail_mass falling). */
    uint64_t ntail_levels;
    const fsabi_tail_level *tail_levels; /* [ntail_levels] */
    /* Marks over the counters, so that the harness reads of a big function only the
     * counters near those that ran, not all of them (see fsabi_marked_groups):
     * marks[j / FSABI_MARK_GROUP] is set to 1 by every counted block j of a function
     * of at least FSABI_MARK_MIN_BLOCKS blocks whose group of FSABI_MARK_GROUP
     * counters lies wholly inside the function. Cleared by the harness. */
    uint8_t *marks; /* [fsabi_nmarks] */
} fsabi_module;

/* Eight 8-byte counters: one cache line of counters[] (aligned to 64) per mark. */
#define FSABI_MARK_GROUP 8u
/* Below this a function's counters are few enough to read them all: it sets no
 * mark, and its blocks run one store fewer. */
#define FSABI_MARK_MIN_BLOCKS 64u

/* The groups of counters [FIRST, FIRST + N) (a function's blocks) that carry marks:
 * [*G0, *G1), those wholly inside the span; none (*G0 == *G1) for a span too short.
 * The counters before group *G0 and from group *G1 on are read in full. */
static inline void fsabi_marked_groups(uint64_t first, uint64_t n, uint64_t *g0, uint64_t *g1) {
    *g0 = *g1 = 0;
    if (n < FSABI_MARK_MIN_BLOCKS) return;
    *g0 = (first + FSABI_MARK_GROUP - 1) / FSABI_MARK_GROUP;
    *g1 = (first + n) / FSABI_MARK_GROUP;
}

/* Every per-trial counter: the blocks', the MMIO writes', the paths', the contexts'. */
static inline uint64_t fsabi_ncounters(const fsabi_module *m) {
    return m->nblocks + m->nwrites + m->npaths + m->ncontext_counters;
}

/* The marks cover the blocks' and the MMIO writes' counters (a group each). */
static inline uint64_t fsabi_nmarks(const fsabi_module *m) {
    return (m->nblocks + m->nwrites) / FSABI_MARK_GROUP + 1;
}

/* Where each kind starts in counters[]: the blocks at 0, then these. */
static inline uint64_t fsabi_write_base(const fsabi_module *m) {
    return m->nblocks;
}
static inline uint64_t fsabi_path_base(const fsabi_module *m) {
    return m->nblocks + m->nwrites;
}
static inline uint64_t fsabi_context_base(const fsabi_module *m) {
    return m->nblocks + m->nwrites + m->npaths;
}

/* The block that context counter K (from the start of the context counters) counts,
 * and in *CONTEXT (may be NULL) the context. first_counter never decreases from one
 * function to the next, so the owner is the last function starting at or before K. */
static inline uint32_t fsabi_context_block(const fsabi_module *m, uint64_t k, uint32_t *context) {
    uint64_t lo = 0, hi = m->nfunctions;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (m->context_functions[mid].first_counter <= k)
            lo = mid;
        else
            hi = mid;
    }
    const fsabi_context_function *cf = &m->context_functions[lo];
    uint32_t nb = m->functions[lo].nblocks, within = (uint32_t)(k - cf->first_counter);
    if (context) *context = cf->first_context + within / nb;
    return m->functions[lo].first_block + within % nb;
}

#endif

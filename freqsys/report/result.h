/* freqsys/report/result.h: the result of a run, as written to and read from JSON. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RESULT_H
#define FREQSYS_RESULT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* An entry's estimate of its expected executions per run (program mode) or per call
 * (function mode), as the stopping rule judged it; the same for blocks, paths and
 * blocks in a context. Each entry embeds it as
 *     union { struct { RESULT_ESTIMATE_FIELDS }; result_estimate estimate; };
 * so that its fields read as the entry's own (b->mean) and the whole as b->estimate:
 * the anonymous struct and result_estimate list the same members in the same order,
 * which C11 (6.5.2.3) lets either view read. */
#define RESULT_ESTIMATE_FIELDS                                                                               \
    double mean, stddev, half_width;                                                                         \
    uint64_t min, max;                                                                                       \
    uint64_t hits;      /* trials in which the entry ran at least once */                                    \
    char *status;       /* "converged" | "constant" | "rare" | "not_converged" | "exact" |                   \
                         * "unbounded" */                                                                    \
    char *method;       /* "clt" | "observed" | "binomial" | "exact" | "bernstein" */                        \
    char *basis;        /* what the bound rests on: "proven" | "cap" | "plug_in" |                           \
                         * "paper" | "none" (no valid bound: half_width is not finite);                      \
                         * NULL unknown (a block of a result written before it) */                           \
    double p_upper;     /* binomial bounds: upper bound on P(reached), or on P(a trial                       \
                         * differs) for an entry seen the same in every trial; else 0 */                     \
    double range;       /* the largest count per run the bound assumed or proved; NAN: none */               \
    double max_runs;    /* proven: at most this many executions per run; NAN: unbounded */                   \
    uint64_t unbounded; /* trials killed at their timeout while it still ran (status                         \
                         * "unbounded": no finite mean is claimed); 0 in most results */                     \
    int cap_exceeded;   /* its bound rests on a cap that a trial exceeded (result.exceeded):                 \
                         * "not_converged", whatever its interval; 0 in most results */

typedef struct result_estimate {
    RESULT_ESTIMATE_FIELDS
} result_estimate;

/* result_estimate.c: frees the estimate's strings (not E itself) and sets them to NULL. */
void result_estimate_free(result_estimate *e);

/* One basic block's estimate. "mean" is expected executions per run (program mode)
 * or per call (function mode). */
typedef struct result_block {
    char *function;
    char *block; /* IR label, e.g. "while.body" */
    char *file;  /* source file of the block's first located instruction, or "" */
    int line;    /* first source line, 0 when unknown */
    union {
        struct {
            RESULT_ESTIMATE_FIELDS
        };
        result_estimate estimate;
    };
    char *cap;             /* with basis "cap": the spec's cap the bound rests on, as written
                            * after `cap` ("newton.c:9", "parse_line"); NULL: the global cap */
    double tail_mass;      /* > 0: max_runs holds but in a tail of the inputs' distributions,
                            * which adds at most this to the mean (in the half-width); else 0 */
    int proven_once;       /* the transform proved it runs once in every run, ended or endless,
                            * not cut short before it (a crash); it is "exact" only when
                            * every trial did */
    double variance_ratio; /* variance reduction: plain sampling's variance of the mean over
                            * this method's at the same number of runs, estimated from the
                            * same run; 0 or NAN when not measured (plain, enumerated) */
    uint32_t *successors;  /* CFG successors: indices into result.blocks */
    size_t nsuccessors;
    char **callees; /* functions this block calls directly, once per call site */
    size_t ncallees;
} result_block;

/* A function of the program: where it is declared (sample profiles count lines
 * from there). */
typedef struct result_function {
    char *name;
    char *file;
    int line; /* the declarator's line, 0 when unknown */
} result_function;

/* A memory-mapped register the program wrote to: the writes are dropped and counted.
 * mean is writes per run (program mode) or per call (function mode). */
typedef struct result_mmio_write {
    uint64_t address;
    double mean, stddev, half_width;
    uint64_t min, max;
} result_mmio_write;

/* One acyclic path of a function (Ball-Larus numbering, `run --paths`): its
 * expected executions per run (or per call), judged by the same rule as a block. A
 * path starts at the function's entry or at a loop header just after a back edge,
 * and ends at a return (or a block that ends the run) or just before a back edge. */
typedef struct result_path {
    char *function;
    uint64_t id;   /* its number within the function */
    char **blocks; /* the labels of its blocks, in order */
    size_t nblocks;
    char *back_to; /* the loop header a back edge takes it to next; NULL: it ends there */
    union {
        struct {
            RESULT_ESTIMATE_FIELDS
        };
        result_estimate estimate;
    };
    int hashed; /* counted through the per-trial path table (a function past --max-paths) */
    char *key;  /* hashed: its 64-bit id in hexadecimal ("0x..."); id is then its
                 * Ball-Larus number, or when that is no number (past 2^64 paths,
                 * or 2^63 and more) its place among the function's paths seen */
    char *note; /* hashed: what is not known of it (blocks not decoded, counts lost) */
    char *cap;  /* the spec's cap its bound (its rarest block's) rests on; NULL: none */
} result_path;

/* Per function: how many acyclic paths it has, and whether they were counted. */
typedef struct result_path_function {
    char *function;
    uint64_t paths; /* UINT64_MAX: unknown, or more than 64 bits count */
    int counted;
    char *note;           /* why not counted, e.g. "5000 paths > limit 4096"; NULL when counted */
    int hashed;           /* its paths went to the per-trial path table: those seen are listed */
    uint64_t seen;        /* hashed: distinct paths seen */
    uint64_t trials;      /* hashed: the trials they were seen in (valid trials) */
    uint64_t lost_trials; /* hashed: trials in which the table was full and counts were lost */
    double unseen_bound;  /* hashed: an upper bound on the total mean of the paths never seen
                           * (at block_confidence); NAN when none can be given */
} result_path_function;

/* `run --sensitivity`: d E[count] / d theta of one block for one parameter of a
 * declared distribution, by the score-function estimator (docs/statistics.md,
 * "Sensitivities"). The interval is asymptotic (CLT), not a proven bound. */
typedef struct result_sensitivity {
    size_t block;      /* index into result.blocks */
    char *input;       /* the declaration: "n", "read 3", "arg len", "interrupt tick" */
    char *parameter;   /* as the spec writes it: "l" of poisson(l), "mu", "sigma" */
    double value;      /* the parameter's value in the spec */
    double derivative; /* d mean / d parameter (per run, or per call) */
    double half_width; /* CLT half-width at the run's confidence; NAN: none */
} result_sensitivity;

/* `run --quantiles`: one block's count per run (per call in function mode) at one
 * level, with an interval from order statistics (docs/statistics.md, "Quantiles"). */
typedef struct result_quantile {
    size_t block;   /* index into result.blocks */
    double level;   /* p in (0, 1) */
    uint64_t value; /* the trials' own p-quantile */
    uint64_t low;   /* the interval, which holds the true quantile at the run's confidence */
    double high;    /* +infinity (null in the JSON): no upper end yet */
    char *status;   /* "converged" | "not_converged" | "no_histogram" (too many distinct counts) */
} result_quantile;

/* A parameter with no sensitivity: no score (a bound of a support, an integer) or
 * drawn where draws are not followed (a drawn standard input's bytes). */
typedef struct result_sensitivity_skip {
    char *input;
    char *parameter;
} result_sensitivity_skip;

/* Calling contexts (`run --contexts`). One direct call in a context's chain: in
 * FUNCTION, at LINE:COLUMN, from its block BLOCK. */
typedef struct result_call_site {
    char *function;
    int line, column; /* 0 when unknown */
    char *block;
} result_call_site;

/* One block of a function in one of its contexts: its expected executions per run
 * (or per call) when entered there, judged by the same rule as a block. */
typedef struct result_context_block {
    char *block;
    union {
        struct {
            RESULT_ESTIMATE_FIELDS
        };
        result_estimate estimate;
    };
    char *cap; /* the spec's cap its bound rests on, as for a block; NULL: none */
} result_context_block;

/* One context of a function: the chain of the last call sites that led to it,
 * outermost first, and its blocks in the function's order (entry first, so that
 * blocks[0].mean is how often the function is entered in this context). */
typedef struct result_context {
    char *function;
    uint64_t index; /* among the function's contexts */
    char *kind;     /* "calls" | "outside" (the run, a pointer, the C library) |
                     * "other" (past the function's room for contexts) */
    result_call_site *calls;
    size_t ncalls;
    result_context_block *blocks;
    size_t nblocks;
} result_context;

/* One way trials ended, with how many did and the share's exact (Clopper-Pearson)
 * interval at the run's confidence. NAME is "returned", "exit N" (exit(N) called),
 * "abort" (abort() or a failed assert()), a signal's name ("SIGSEGV": a crash),
 * "timeout" or "input_error". */
typedef struct result_outcome {
    char *name;
    uint64_t trials;
    double share, low, high;
} result_outcome;

/* A stated cap, or a proven bound, that a trial's count contradicted: what it is, the
 * block whose count showed it most, that count and the most the bound allowed (per
 * run; per trial of `calls` counted calls). */
typedef struct result_exceeded {
    char *bound; /* the cap as stated: "cap parse.c:42 100", "cap handler 50", "cap 100",
                  * "--cap 100"; or "proven": a bound the transform proved (a defect) */
    char *function, *block, *file;
    int line;
    uint64_t max;   /* the most one run executed the block */
    uint64_t limit; /* the most the bound allowed it */
} result_exceeded;

/* Where crashed trials stopped: the block (its function, label and place; all ""
 * and line 0 when not known), the signal, how many trials, the first to replay. */
typedef struct result_crash_site {
    char *function, *block, *file;
    int line;
    int signal;
    uint64_t trials, first_trial;
} result_crash_site;

/* A trial that crashed or timed out, kept so the user can replay it. */
typedef struct result_failure {
    uint64_t trial;
    char *kind; /* "crash" | "timeout" | "input" (a drawn value that did not fit) */
    int signal; /* crash: the signal number */
} result_failure;

/* A file the run read, and the SHA-256 of its bytes then (lower-case hexadecimal, as
 * sha256sum prints it). */
typedef struct result_file_digest {
    char *file; /* as the spec resolves it: relative to the spec's folder when inside it */
    char *sha256;
} result_file_digest;

typedef struct result {
    char *spec;                  /* the spec file as given */
    int spec_relative_to_result; /* as written to a file: spec is relative to its folder */
    char *mode;                  /* "program" | "function" */
    char *entry;                 /* "main" or the function's name */
    double epsilon;
    int relative;
    double epsilon_floor; /* relative: the absolute floor added to epsilon mean (0: none) */
    double confidence;
    uint64_t seed;
    uint64_t trials; /* trials run and used for the decision (0..trials-1) */
    uint64_t crashes, timeouts;
    uint64_t input_errors; /* trials whose drawn value did not fit its C type (left out) */
    int converged;         /* every block settled */
    int interrupted;       /* stopped by a signal before the rule decided */
    int gave_up;           /* ended early: the open blocks can only be settled by a bound */
    size_t paced_by;       /* converged: 1 + the index in blocks of the last block to settle, whose
                            * need set the trials the run took; 0 none */
    int time_limited;      /* ended by --time-limit / time_limit */
    double elapsed_s;      /* timing fields: may differ between identical runs */
    double trials_per_s;
    int jobs;
    result_block *blocks;
    size_t nblocks;
    result_failure *failures; /* the first few */
    size_t nfailures;
    result_outcome *outcomes; /* how the trials ended; none in results written before */
    size_t noutcomes;
    result_crash_site *crash_sites; /* by first trial */
    size_t ncrash_sites;
    result_exceeded *exceeded; /* caps and proofs the trials contradicted: none in most results;
                                * any of them keeps the run from converging */
    size_t nexceeded;
    int all_failed;         /* no trial ended well: every one crashed, timed out or failed on its input */
    double timeout_s;       /* the per-trial limit used (CPU time); 0: not recorded */
    int timeout_calibrated; /* 1: chosen from the first trials' times, not given */
    result_function *functions;
    size_t nfunctions;
    result_mmio_write *mmio_writes;
    size_t nmmio_writes;
    /* What the confidence means (NULL when the result does not say, as in results
     * written before these fields existed): */
    char *guarantee;         /* "per_block" | "simultaneous_bonferroni" | "simultaneous_sidak" */
    char *stop_method;       /* "clt" | "anytime" */
    double block_confidence; /* each block's own confidence (gamma, or its share) */
    /* What the transform noticed that changes what the numbers mean: inputs the spec
     * does not model (the clock, the environment, files), an unused `read *`. One
     * line each, "FILE:LINE: message"; none in most results. */
    char **warnings;
    size_t nwarnings;
    /* What each input declaration draws, as `freqsys check` prints it ("arg s ~
     * choice(\"A\", \"B\")  (a string)"), in the spec's order; none in older results. */
    char **inputs;
    size_t ninputs;
    /* Paths (`run --paths`); max_paths 0 and no paths without it. */
    uint64_t max_paths;
    result_path *paths; /* by function, then id */
    size_t npaths;
    result_path_function *path_functions;
    size_t npath_functions;
    /* Calling contexts (`run --contexts`); context_depth 0 and none without it. */
    uint64_t context_depth;
    result_context *contexts; /* by function, then index */
    size_t ncontexts;
    /* Call sequences (`calls N`, `warmup K`): each trial called the entry CALLS times
     * and counted the last CALLS - WARMUP; means, half-widths, ranges and bounds are
     * per counted call, min and max a trial's totals over them. 1 and 0 otherwise. */
    uint64_t calls, warmup;
    /* How the inputs were sampled (NULL in results written before it was recorded:
     * plain): "plain", "enumerated" (every combination once: exact means),
     * "antithetic", "stratified", "qmc" (trials are replicates of runs_per_trial runs). */
    char *sampling;
    uint64_t runs_per_trial; /* program runs in one trial (one i.i.d. observation); 1 plain */
    uint64_t runs;           /* program runs made in all */
    uint64_t draws_per_run;  /* enumerated: the draws each run made */
    char *sampling_note;     /* why a method asked for was not used, or NULL */
    /* `run --sensitivity` (has_sensitivities 1): per block and scored parameter, in
     * block order, then parameter order; and the parameters left out. */
    int has_sensitivities;
    result_sensitivity *sensitivities;
    size_t nsensitivities;
    result_sensitivity_skip *sensitivity_skipped;
    size_t nsensitivity_skipped;
    /* `run --quantiles` (nquantile_levels > 0): per block, then level in the order asked. */
    double *quantile_levels;
    size_t nquantile_levels;
    result_quantile *quantiles;
    size_t nquantiles;
    /* `run --rare` (rare_block not NULL): importance sampling for that block, "function:
     * label". Every block's mean is of its weighted count: unbiased under the declared
     * laws; only the target was waited for. */
    char *rare_block;
    double rare_mixture;      /* alpha of q = (1 - alpha) p + alpha p_tilt */
    uint64_t rare_max_tilted; /* tilted draws a run at most */
    uint64_t rare_pilot_runs; /* the cross-entropy pilot's runs, besides `runs` */
    char **rare_tilts;        /* "x: normal(0, 1) -> normal(3.96, 1)", one per tilted input */
    size_t nrare_tilts;
    /* What the run read, so that plan and the exports that compile the program again
     * can tell that it changed since: the spec's digest and each source's, in the
     * spec's order (result/run_files.c). NULL and none in results written before. */
    char *spec_sha256;
    result_file_digest *sources_sha256;
    size_t nsources_sha256;
} result;

/* result_outcomes_text.c: the text report's line on how the trials ended (nothing
 * when every trial returned). Returns 0. */
int result_write_outcomes_text(const result *r, FILE *out);

/* result_outcomes_text.c: the text report's lines on the caps and proofs the trials
 * contradicted, each as "cap parse.c:42 100 was exceeded: ..." after PREFIX (nothing
 * without them). Returns 0. */
int result_write_exceeded_text(const result *r, const char *prefix, FILE *out);

/* result_outcomes_text.c: for an entry a trial killed at its timeout was still
 * running, what is known of it into BUF; returns 1, or 0 (BUF untouched) for any
 * other entry. */
int result_unbounded_note(char *buf, size_t n, const result_estimate *e, const result *r);

/* result_rare_text.c: the text report's lines on importance sampling (nothing
 * without it). Returns 0. */
int result_write_rare_text(const result *r, FILE *out);

/* result_quantiles_text.c: the text report's section on quantiles (nothing without
 * them). Returns 0, or -1 when writing failed. */
int result_write_quantiles_text(const result *r, FILE *out);

/* result_sensitivity_text.c: the text report's section on sensitivities (nothing
 * without them): per block, the inputs that drive its count, ranked by
 * |derivative x parameter|. Returns 0, or -1 when writing failed. */
int result_write_sensitivity_text(const result *r, FILE *out);

/* function_blocks.c: the blocks of FUNCTION in R, which the result keeps together in
 * the function's order, as [*FIRST, *END); returns 0 (*FIRST SIZE_MAX) when R has
 * none of them. */
int result_function_blocks(const result *r, const char *function, size_t *first, size_t *end);

/* path_rank.c: the counted paths of FUNCTION, hottest first (ties by id), as indices
 * into R->paths in ORDER (room for R->npaths); returns how many, with the sum of
 * their means in *TOTAL (the function's path executions per run). Can't fail. */
size_t result_path_rank(const result *r, const char *function, size_t *order, double *total);

/* How many of the first N paths of ORDER carry SHARE (0.9) of TOTAL. */
size_t result_path_cover(const result *r, const size_t *order, size_t n, double total, double share);

/* result_paths_text.c: the text report's section on paths (nothing without them):
 * per function its TOP hottest paths with their shares, every path not settled, and
 * how many paths carry 90% of the executions. Returns 0, or -1 out of memory. */
int result_write_paths_text(const result *r, FILE *out, size_t top);

/* result_contexts_text.c: the text report's section on calling contexts (nothing
 * without them): per function, each context with its share of the function's entries.
 * Returns 0, or -1 out of memory. */
int result_write_contexts_text(const result *r, FILE *out);

/* A context's label: "main:12:9 > f", each call FUNCTION:LINE:COLUMN, the outermost
 * first; "(outside) f" or "(other) f" for those kinds. Writes at most SIZE bytes into
 * BUF; returns BUF. */
char *result_context_label(const result_context *c, char *buf, size_t size);

/* Frees everything the result owns, and the result itself; NULL is fine. */
void result_free(result *r);

/* Writers. Each returns 0, or -1 with errno set when writing failed. */
int result_write_json(const result *r, FILE *out);
int result_write_text(const result *r, FILE *out); /* aligned table with a header */
int result_write_csv(const result *r, FILE *out);  /* RFC 4180, one row per block */

/* How reading a result failed: result_read_json returns RESULT_OK (0) or one of
 * these, with the whole message in the caller's buffer ERR. */
typedef enum result_status {
    RESULT_OK = 0,
    RESULT_ENOMEM = -1,  /* memory ran out */
    RESULT_EIO = -2,     /* the file cannot be opened or read (missing, a folder) */
    RESULT_ESYNTAX = -3, /* not JSON: malformed or cut short, at PATH:LINE:COLUMN */
    RESULT_EFORMAT = -4  /* JSON, but not a freqsys result: a field missing or of the wrong kind */
} result_status;

/* Reads a result JSON file into *OUT (NULL on failure). Returns RESULT_OK, or a status
 * above with a message naming PATH (and the line and column for malformed JSON,
 * "PATH:LINE:COLUMN: error: reason", COLUMN counting characters from 1) in ERR
 * (which may be NULL when ERRLEN is 0). */
int result_read_json(const char *path, result **out, char *err, size_t errlen);

/* result_spec_path.c: SPEC_PATH as a result written to RESULT_PATH keeps it: relative
 * to that file's folder, so `report`, `plan` and `--resume` find it from anywhere;
 * absolute when RESULT_PATH is NULL (standard output) or has no folder in common.
 * NULL when memory ran out. */
char *result_spec_for_file(const char *spec_path, const char *result_path);

/* A result's spec SPEC as read from RESULT_PATH: joined with that file's folder when
 * relative. NULL when memory ran out. */
char *result_spec_from_file(const char *spec, const char *result_path);

/* Finishes a writer's output: flushes OUT and checks its error flag. Returns 0, or
 * -1 with errno set (EIO when the stream did not say) and, when ERR is not NULL, a
 * message in ERR. */
int result_flush(FILE *out, char *err, size_t errlen);

/* Picks a writer by name: "text", "json", "csv", or an export ("dot", "lcov", "sample",
 * "html") with its default options. Returns -1 and sets errno to EINVAL for an unknown
 * format. */
int result_write(const result *r, const char *format, FILE *out);

/* ---- exports for other tools (docs/exports.md) ---- */

/* One place in the code of a block, as a compiler's line table names it: a line of the
 * function's own file, with the discriminator that clang gives the block's code there
 * (its AddDiscriminators pass, on the code as clang's front end emits it; GCC 12's
 * AutoFDO reads lines alone). CALLEE: a direct call there, or NULL. */
typedef struct block_position {
    uint32_t block; /* index into result.blocks */
    int line;
    unsigned clang_discriminator;
    char *callee;
    int gcc_statement; /* code GCC would have a statement for is here: not a jump alone (GCC
                        * keeps no statement for a goto, and AutoFDO reads statements) */
} block_position;

/* Every block's places, by block. */
typedef struct block_lines {
    block_position *v;
    size_t n;
} block_lines;

/* What the exports need besides the result. A zeroed struct gives the defaults. */
typedef struct result_export {
    const char *source_dir;       /* where the program's sources are; NULL: the spec's folder */
    const char *trace;            /* html: a convergence trace CSV (trials,block,mean,half_width) */
    double scale;                 /* lcov, sample: a count is mean x scale, rounded; 0: 1000 */
    int over_runs;                /* lcov, gcov: counts are totals over the result's runs (the scale is
                                   * its number of runs), as a coverage build run on them would count */
    FILE *warnings;               /* where a missing source file is reported; NULL: nowhere */
    const block_lines *positions; /* sample, afdo: every block's lines and discriminators;
                                   * NULL: per line, from the blocks' first lines */
    const char *function;         /* dot: draw this function alone; NULL: all of them */
    const char *result_path;      /* html: the result's file, for the commands the page suggests */
    double dot_timeout_s;         /* html: each dot child is killed after this long, and all of them
                                   * together get 4 times as long; 0: 5 s */
} result_export;

/* The writers of the exports. Each returns 0, or -1 with errno set and, when ERR is not
 * NULL, a message in ERR (a malformed trace names its line; a failed write says so). */

/* report_dot.c: a Graphviz digraph, one cluster per function, nodes coloured by
 * frequency, edges labelled with their derived counts, dashed edges for calls. */
int report_dot_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen);
/* report_gcov.c: gcov's text form, every source one after another as `gcov -t` prints
 * them: "COUNT:LINE:SOURCE", "-" where no block starts, "#####" where blocks start
 * that never ran. */
int report_gcov_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen);
/* The same, one FILE.gcov per source in folder DIR. */
int report_gcov_write_dir(const result *r, const result_export *opt, const char *dir, char *err,
                          size_t errlen);
/* report_lcov.c: an lcov tracefile of scaled counts, for genhtml. */
int report_lcov_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen);
/* report_sample.c: an LLVM sample profile in its text form, for clang
 * -fprofile-sample-use, marked pre-inlined (its last entry's "!Attributes: 2") so that
 * clang infers the counts it lacks by flow. */
int report_sample_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen);
/* The same entries without the mark, unflushed: the number of functions written, or -1
 * (ENOMEM) with a message in ERR. */
long report_sample_functions_write(const result *r, const result_export *opt, FILE *out, char *err,
                                   size_t errlen);
/* report_sample_contexts.c: the calling contexts (`run --contexts`) as an LLVM
 * context-sensitive sample profile in its text form: one entry per context, named by
 * its chain of call sites ("[main:3 @ f]"). Fails (EINVAL) for a result without
 * contexts. */
int report_sample_contexts_write(const result *r, const result_export *opt, FILE *out, char *err,
                                 size_t errlen);
/* report_afdo.c: the same lines and counts as GCC's AutoFDO profile (gcov format), for
 * gcc -fauto-profile. Binary. */
int report_afdo_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen);
/* report_llvm_json.c: the JSON layout of `llvm-cov export -format=text` (version
 * 2.0.1): per file its line segments and summary, per function its calls and regions,
 * counts scaled as lcov's. */
int report_llvm_json_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen);
/* report_html.c: one self-contained page: summary, sortable table, CFG drawings,
 * convergence plots and the source with per-line heat. */
int report_html_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen);

/* Picks any writer by name: "text", "json", "csv", "dot", "lcov", "sample", "html".
 * OPT may be NULL (the defaults); ERR may be NULL. Returns what the writer returns, or
 * -1 with errno EINVAL (and a message) for an unknown format. */
int result_write_export(const result *r, const char *format, const result_export *opt, FILE *out, char *err,
                        size_t errlen);

#endif

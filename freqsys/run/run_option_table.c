/* freqsys/run/run_option_table.c: the one table of `freqsys run`'s options, from which the parser, the help,
 * the manual page, the completions and the conflict checks are made. */
/* SPDX-License-Identifier: MIT */
#include "run_option_table.h"

#include <getopt.h>
#include <string.h>

/* The replicate sampling methods: each trial is a replicate of several runs. */
#define REPLICATE "antithetic|stratified|qmc"

/* In the order the help lists them; the help adds to each what it cannot go with or
 * without (run_help.c), so the prose never restates a rule. The conflict rules are the columns `when`,
 * `conflicts` and `needs`: a pair that may now combine is a one-term edit of one
 * line; an option that joins a rule is a term added to it. Every pair is refused
 * with both options named (run_conflicts.c). */
const run_option run_option_table[] = {
    {"epsilon", 'e', 'e', required_argument, "EPS", "0.1",
     "precision, absolute (0.3) or relative to each mean (2%), with an absolute floor ('2%+0.001': 2% of the "
     "mean "
     "+ 0.001)",
     NULL, NULL, NULL, NULL},
    {"confidence", 'g', 'g', required_argument, "GAMMA", "0.95",
     "confidence, e.g. 0.95 or 95% (default: the spec's line, else 0.95)", NULL, NULL, NULL, NULL},
    {"seed", 's', 's', required_argument, "SEED", "7", "the same seed gives the same result for any -j", NULL,
     NULL, NULL, NULL},
    {"jobs", 'j', 'j', required_argument, "JOBS", "2", "workers (default: all cores)", NULL, NULL, NULL,
     NULL},
    {"max-trials", 'n', 'n', required_argument, "N", "1000", "budget of trials", NULL, NULL, NULL, NULL},
    {"output", 'o', 'o', required_argument, "FILE", "result.json",
     "write the result to FILE (format from its ending: .json, .csv, else text) instead of standard output; "
     "a "
     "JSON result names its spec from its own folder, so report and plan find it from anywhere",
     NULL, NULL, NULL, NULL},
    {"format", 'f', 'f', required_argument, "FMT", "json", "text (default), json or csv", NULL, NULL, NULL,
     NULL},
    {"quiet", 'q', 'q', no_argument, NULL, NULL,
     "no progress line nor closing summary on stderr (the summary, one line with the verdict, trials, time "
     "and the "
     "result's file, is printed unless the text result goes to standard output)",
     NULL, NULL, NULL, NULL},
    {"keep", 'k', 'k', no_argument, NULL, NULL, "keep the build folder (printed on stderr)", NULL, NULL, NULL,
     NULL},
    {"trace", 0, 'T', required_argument, "FILE", "trace.csv",
     "write each block's estimate and half-width at every check point to FILE (CSV: "
     "trials,block,mean,half_width)",
     NULL, NULL, NULL, NULL},
    {"replay", 0, 'R', required_argument, "TRIAL", "3",
     "rerun one trial in the foreground (for gdb), print its draws, and exit; trial ids are in the result's "
     "failures",
     NULL, NULL, NULL, NULL},
    {"allow-writes", 0, 'W', no_argument, NULL, NULL,
     "let the program write files (by default its workers cannot create, change or remove files, nor start "
     "processes)",
     NULL, NULL, NULL, NULL},
    {"allow-network", 0, 'N', no_argument, NULL, NULL,
     "let the program create sockets (by default socket() fails in its workers; the spec's `network allow` "
     "does "
     "the same)",
     NULL, NULL, NULL, NULL},
    {"checkpoint", 0, 'P', required_argument, "FILE", "run.checkpoint",
     "where Ctrl-C or SIGTERM leaves the run's state (default: RESULT.checkpoint with -o, else SPEC's name "
     ".checkpoint)",
     NULL, NULL, NULL, NULL},
    {"resume", 0, 'C', required_argument, "FILE", "run.checkpoint",
     "continue an interrupted run from its checkpoint (SPEC may be left out); it ends exactly as an "
     "uninterrupted "
     "run",
     NULL, NULL, NULL, NULL},
    {"simultaneous", 0, 'S', optional_argument, "bonferroni|sidak", "sidak",
     "every block within EPS at once with probability GAMMA (default bonferroni; sidak assumes normal "
     "intervals)",
     NULL, NULL, NULL, NULL},
    {"method", 0, 'M', required_argument, "clt|anytime|paper", "anytime",
     "clt (default): intervals for a fixed number of trials; anytime: empirical Bernstein intervals that "
     "stay "
     "valid however often the rule looks (needs more trials); paper: the FreqSys paper's rule, u s/sqrt(n) "
     "<= EPS "
     "and Berry-Esseen <= (1-GAMMA)/10 (needs ~15,000 trials)",
     NULL, NULL, NULL, NULL},
    {"cap", 0, 'K', required_argument, "N", "100",
     "the most times one run can run a block, where the transform proves no bound: an assumption (named in "
     "the "
     "result) without which such blocks never settle, however their trials look (an asymptotic interval is "
     "shown) and the run exits 1; overrides the spec's cap N (the spec's cap FUNCTION N and cap FILE:LINE N "
     "bound "
     "one function or one loop instead)",
     NULL, NULL, NULL, NULL},
    {"checkpoint-every", 0, 'E', required_argument, "S", "5",
     "during long runs, refresh the checkpoint every S seconds (default 10; removed when the run ends "
     "normally)",
     NULL, NULL, NULL, NULL},
    {"time-limit", 0, 'L', required_argument, "T", "10m",
     "stop after T (90s, 10m, 2h) with what the trials give by then, and write the result (the spec's "
     "time_limit)",
     NULL, NULL, NULL, NULL},
    {"timeout", 0, 'V', required_argument, "T", "2s",
     "a trial's limit of CPU time (50ms, 2s; the spec's timeout); without either, 20 times the slowest of "
     "the "
     "first 100 trials (at least 50ms). A trial past it is killed: its outcome is timeout, and the loop it "
     "was "
     "stuck in is unbounded",
     NULL, NULL, NULL, NULL},
    {"stop-after", 0, 'A', required_argument, "N", "1000",
     "pause at the first check point past N trials, writing the result so far and a checkpoint, as an "
     "interrupt "
     "would",
     NULL, NULL, NULL, NULL},
    {"optimize", 0, 'O', required_argument, "LEVEL", "quick",
     "full: LLVM's O2 after instrumenting; quick: inlining and scalar clean-up only (a big module builds "
     "~10x "
     "faster); auto (default): full up to 10,000 blocks, else quick; none: unoptimised (slow; for reading "
     "the "
     "IR). Results do not depend on it, only trials per second",
     NULL, NULL, NULL, NULL},
    {"paths", 0, 'H', no_argument, NULL, NULL,
     "also count every acyclic path of each function (Ball-Larus: a path starts at the entry or a loop "
     "header, "
     "ends at a return, an exit or a back edge) and estimate each path's executions per run like a block's; "
     "the "
     "run waits for the paths too. The report lists each function's hottest paths, their shares and the "
     "paths "
     "carrying 90% (docs/paths.md)",
     NULL, NULL, NULL, &run_feature_paths},
    {"max-paths", 0, 'X', required_argument, "N", "6",
     "--paths, a counter per path only in functions with at most N paths (default 4096, at most 4294967296); "
     "the "
     "others are hashed: the paths their trials take are counted in a per-trial table and reported, marked "
     "hashed (docs/paths.md)",
     NULL, NULL, NULL, NULL},
    {"contexts", 0, 'G', no_argument, NULL, NULL,
     "also estimate every block per calling context of its function: the chain of the last direct call sites "
     "that led to it; the run waits for these too. The report lists each function's contexts and their "
     "shares; "
     "report --format sample --contexts writes them as a context-sensitive profile (docs/contexts.md)",
     NULL, NULL, NULL, &run_feature_contexts},
    {"context-depth", 0, 'D', required_argument, "D", "2",
     "--contexts, keeping the last D call sites (1 to 8, default 2)", NULL, NULL, NULL, NULL},
    {"sampling", 0, 'Z', required_argument, "METHOD", "plain",
     "how inputs are drawn. auto (default): enumerate when every input has a finite support of at most "
     "--enumerate-limit combinations; else a pilot, not counted, picks the method that needs the fewest "
     "runs, and says which; plain where no replicate method can run or a path is hashed. enumerate: run "
     "every combination once, weighted by its "
     "probability: exact means (status exact); a program whose runs draw differently, crash or call rand() "
     "is "
     "sampled plainly instead, saying why. plain: each trial one run. antithetic, stratified, qmc: each "
     "trial is "
     "an independent replicate of K runs (a mirrored pair; a Latin hypercube; digitally shifted Sobol "
     "points, 40 "
     "dimensions, later draws plain) judged as one observation; means are per run, and each block reports "
     "its "
     "variance ratio against plain sampling. Paths, contexts and call sequences (a whole sequence is one "
     "run) "
     "are enumerated and replicated as blocks are, paths hashed past --max-paths too",
     REPLICATE, "resume replay method=paper", NULL, &run_feature_sampling},
    {"points", 0, 'Q', required_argument, "K", "8",
     "runs per replicate for stratified (default 8) and qmc (16)", NULL, NULL, "sampling=stratified|qmc",
     NULL},
    {"enumerate-limit", 0, 'U', required_argument, "N", "1000",
     "the most combinations enumerated (default 1,000,000; 0: never)", NULL, NULL, NULL, NULL},
    {"sensitivity", 0, 'Y', no_argument, NULL, NULL,
     "also estimate, from the same trials, how each block's mean moves with each parameter of the inputs' "
     "distributions (d mean / d l of n ~ poisson(l)), by the score function, with an asymptotic (CLT) "
     "half-width "
     "at GAMMA: not a proven bound. Parameters without a score (bounds of uniform and uniform_int, "
     "binomial's n) "
     "are listed as skipped. Plain sampling only (never enumerated: the scores weight independent draws); an "
     "interrupted run cannot be continued",
     NULL, "sampling=enumerate|" REPLICATE " resume method=paper", NULL, &run_feature_sensitivity},
    {"rare", 0, 'B', required_argument, "BLOCK", "main:if.then",
     "importance sampling for a block reached rarely (function:label as the report names it): a "
     "cross-entropy "
     "pilot fits a tilt of the normal, lognormal, poisson, exponential, bernoulli, binomial and geometric "
     "inputs, "
     "each run draws them from the mixture (p + p_tilt) / 2 (its first 8 such draws) and every count is "
     "weighted "
     "by p / q, so the means stay those of the declared laws and the bounds hold with ranges 256 times "
     "wider; the "
     "run waits for BLOCK alone (give a relative epsilon, e.g. -e 10%). Plain sampling only",
     NULL,
     "sampling=enumerate|" REPLICATE
     " sensitivity resume method=paper paths max-paths contexts context-depth",
     NULL, &run_feature_rare},
    {"quantiles", 0, 'I', required_argument, "LEVELS", "0.5,0.99",
     "also estimate each block's count per run at these levels (0.5,0.99,0.999 or 50%,99%), each with an "
     "interval from the trials' order statistics that holds for any law, at the block's share of the error "
     "spent over the check points; the run waits for each to be within epsilon, as for the means. Takes "
     "over the spec's `quantiles` line. Plain sampling, one counted call per trial (never enumerated)",
     NULL, "sampling=enumerate|" REPLICATE " rare method=paper", NULL, &run_feature_quantiles},
    {"help", 'h', 'h', no_argument, NULL, NULL, "this help", NULL, NULL, NULL, NULL},
};
const size_t run_option_count = sizeof run_option_table / sizeof run_option_table[0];

const run_option *run_option_by_key(int key) {
    for (size_t i = 0; i < run_option_count; i++)
        if (run_option_table[i].key == key) return &run_option_table[i];
    return NULL;
}

const run_option *run_option_by_name(const char *name, size_t len) {
    for (size_t i = 0; i < run_option_count; i++)
        if (strlen(run_option_table[i].name) == len && !strncmp(run_option_table[i].name, name, len))
            return &run_option_table[i];
    return NULL;
}

/* freqsys/main.c: the command line: dispatches to one subcommand, and prints help. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include "commands.h"
#include "suggest.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
    const char *help;
} command;

static const command commands[] = {
    {"run", cli_run,
     "freqsys run SPEC [-e EPS] [-g GAMMA] [-s SEED] [-j JOBS] [-n MAX_TRIALS]\n"
     "                 [-o RESULT] [--format text|json|csv] [-q] [--keep] [--trace FILE]\n"
     "                 [--replay TRIAL] [--allow-writes] [--checkpoint FILE] [--resume FILE]\n"
     "                 [--simultaneous[=bonferroni|sidak]] [--method clt|anytime|paper] [--cap N]\n"
     "                 [--checkpoint-every S] [--stop-after N] [--time-limit T] [--timeout T]\n"
     "                 [--optimize auto|full|quick|none]\n"
     "                 [--paths] [--max-paths N] [--contexts] [--context-depth D]\n"
     "                 [--sampling auto|enumerate|plain|antithetic|stratified|qmc] [--points K]\n"
     "                 [--enumerate-limit N] [--sensitivity] [--rare BLOCK]",
     "Builds the program of SPEC with every input read replaced by a draw from its\n"
     "declared distribution, runs it again and again in forked workers, and stops when\n"
     "every basic block's expected executions per run is known to precision EPS at\n"
     "confidence GAMMA, or when MAX_TRIALS ran out. Each block's interval is the normal\n"
     "one widened by its Berry-Esseen bound, an exact binomial one for blocks run at\n"
     "most once per run, or exact for blocks proven to run once per run.\n\n"
     "  -e, --epsilon EPS       precision, absolute (0.3) or relative to each mean (2%),\n"
     "                          with an absolute floor ('2%+0.001': 2% of the mean + 0.001)\n"
     "  -g, --confidence GAMMA  confidence, e.g. 0.95 or 95%\n"
     "  -s, --seed SEED         the same seed gives the same result for any -j\n"
     "  -j, --jobs JOBS         workers (default: all cores)\n"
     "  -n, --max-trials N      budget of trials\n"
     "  -o, --output FILE       write the result to FILE (format from its ending:\n"
     "                          .json, .csv, else text) instead of standard output\n"
     "  -f, --format FMT        text (default), json or csv\n"
     "  -q, --quiet             no progress line nor closing summary on stderr (the summary,\n"
     "                          one line with the verdict, trials, time and the result's file,\n"
     "                          is printed unless the text result goes to standard output)\n"
     "      --keep              keep the build folder (printed on stderr)\n"
     "      --trace FILE        write each block's estimate and half-width at every\n"
     "                          check point to FILE (CSV: trials,block,mean,half_width)\n"
     "      --replay TRIAL      rerun one trial in the foreground (for gdb), print its\n"
     "                          draws, and exit; trial ids are in the result's failures\n"
     "      --allow-writes      let the program write files (by default its workers\n"
     "                          cannot create, change or remove files, nor start processes)\n"
     "      --checkpoint FILE   where Ctrl-C or SIGTERM leaves the run's state (default:\n"
     "                          RESULT.checkpoint with -o, else SPEC's name .checkpoint)\n"
     "      --resume FILE       continue an interrupted run from its checkpoint (SPEC may\n"
     "                          be left out); it ends exactly as an uninterrupted run\n"
     "      --simultaneous[=bonferroni|sidak]\n"
     "                          every block within EPS at once with probability GAMMA\n"
     "                          (default bonferroni; sidak assumes normal intervals)\n"
     "      --method clt|anytime|paper\n"
     "                          clt (default): intervals for a fixed number of trials;\n"
     "                          anytime: empirical Bernstein intervals that stay valid\n"
     "                          however often the rule looks (needs more trials);\n"
     "                          paper: the FreqSys paper's rule, u s/sqrt(n) <= EPS and\n"
     "                          Berry-Esseen <= (1-GAMMA)/10 (needs ~15,000 trials)\n"
     "      --cap N             the most times one run can run a block, where the transform\n"
     "                          proves no bound: an assumption (named in the result)\n"
     "                          without which such blocks never settle, however their\n"
     "                          trials look (an asymptotic interval is shown) and the run\n"
     "                          exits 1; overrides the spec's cap N\n"
     "      --checkpoint-every S  during long runs, refresh the checkpoint every S seconds\n"
     "                          (default 10; removed when the run ends normally)\n"
     "      --time-limit T      stop after T (90s, 10m, 2h) with what the trials give by\n"
     "                          then, and write the result (the spec's time_limit)\n"
     "      --timeout T         a trial's limit of CPU time (50ms, 2s; the spec's timeout);\n"
     "                          without either, 20 times the slowest of the first 100 trials\n"
     "                          (at least 50ms). A trial past it is killed: its outcome is\n"
     "                          timeout, and the loop it was stuck in is unbounded\n"
     "      --stop-after N      pause at the first check point past N trials, writing the\n"
     "                          result so far and a checkpoint, as an interrupt would\n"
     "      --optimize LEVEL    full: LLVM's O2 after instrumenting; quick: inlining and\n"
     "                          scalar clean-up only (a big module builds ~10x faster);\n"
     "                          auto (default): full up to 10,000 blocks, else quick;\n"
     "                          none: unoptimised (slow; for reading the IR).\n"
     "                          Results do not depend on it, only trials per second\n"
     "      --paths             also count every acyclic path of each function (Ball-Larus:\n"
     "                          a path starts at the entry or a loop header, ends at a return,\n"
     "                          an exit or a back edge) and estimate each path's executions\n"
     "                          per run like a block's; the run waits for the paths too. The\n"
     "                          report lists each function's hottest paths, their shares and\n"
     "                          the paths carrying 90% (docs/paths.md)\n"
     "      --max-paths N       --paths, a counter per path only in functions with at most N\n"
     "                          paths (default 4096, at most 4294967296); the others are hashed:\n"
     "                          the paths their trials take are counted in a per-trial table\n"
     "                          and reported, marked hashed (docs/paths.md)\n"
     "      --contexts          also estimate every block per calling context of its function:\n"
     "                          the chain of the last direct call sites that led to it; the\n"
     "                          run waits for these too. The report lists each function's\n"
     "                          contexts and their shares; report --format sample --contexts\n"
     "                          writes them as a context-sensitive profile (docs/contexts.md)\n"
     "      --context-depth D   --contexts, keeping the last D call sites (1 to 8, default 2)\n"
     "      --sampling METHOD   how inputs are drawn. auto (default): enumerate when every\n"
     "                          input has a finite support of at most --enumerate-limit\n"
     "                          combinations, else plain. enumerate: run every combination\n"
     "                          once, weighted by its probability: exact means (status\n"
     "                          exact); a program whose runs draw differently, crash or call\n"
     "                          rand() is sampled plainly instead, saying why. plain: each\n"
     "                          trial one run. antithetic, stratified, qmc: each trial is an\n"
     "                          independent replicate of K runs (a mirrored pair; a Latin\n"
     "                          hypercube; digitally shifted Sobol points, 40 dimensions,\n"
     "                          later draws plain) judged as one observation; means are per\n"
     "                          run, and each block reports its variance ratio against\n"
     "                          plain sampling. Paths, contexts and call sequences (a whole\n"
     "                          sequence is a run) go with every method; not with --resume,\n"
     "                          --replay, --method paper, or paths hashed past --max-paths\n"
     "      --points K          runs per replicate for stratified (default 8) and qmc (16)\n"
     "      --enumerate-limit N the most combinations enumerated (default 1,000,000; 0: never)\n"
     "      --sensitivity       also estimate, from the same trials, how each block's mean\n"
     "                          moves with each parameter of the inputs' distributions\n"
     "                          (d mean / d l of n ~ poisson(l)), by the score function, with\n"
     "                          an asymptotic (CLT) half-width at GAMMA: not a proven bound.\n"
     "                          Parameters without a score (bounds of uniform and uniform_int,\n"
     "                          binomial's n) are listed as skipped. Plain sampling only (never\n"
     "                          enumerated); not with --resume or --method paper, and an\n"
     "                          interrupted run cannot be continued\n"
     "      --rare BLOCK        importance sampling for a block reached rarely (function:label\n"
     "                          as the report names it): a cross-entropy pilot fits a tilt of\n"
     "                          the normal, lognormal, poisson, exponential, bernoulli, binomial\n"
     "                          and geometric inputs, each run draws them from the mixture\n"
     "                          (p + p_tilt) / 2 (its first 8 such draws) and every count is\n"
     "                          weighted by p / q, so the means stay those of the declared laws\n"
     "                          and the bounds hold with ranges 256 times wider; the run waits\n"
     "                          for BLOCK alone (give a relative epsilon, e.g. -e 10%). Plain\n"
     "                          sampling only; not with --sensitivity, --paths, --resume or\n"
     "                          --method paper\n\n"
     "Under mpirun (Open MPI) the ranks share the trials; the result equals a run in one\n"
     "process with the same seed (docs/scale-out.md).\n\n"
     "Options override the spec's lines. Exit status: 0 every block settled, 1 the\n"
     "budget ran out first or the run was interrupted (the result is still written),\n"
     "2 a usage or spec error (or a spec that cannot be read), 3 the program could not\n"
     "be built (or the runtime library libfreqsys_rt.a, linked into it, is missing)."},
    {"check", cli_check, "freqsys check SPEC",
     "Parses SPEC, compiles its program and matches every input read of the program\n"
     "with a declaration, without running anything. Prints a one-line summary, then a\n"
     "warning for each input the spec does not model (the clock, the environment, a\n"
     "file read; docs/spec-language.md). Exit status: 0 ok, 2 a spec error (main reading\n"
     "argc/argv with no 'argv' line is one), 3 the program could not be built."},
    {"draw", cli_draw, "freqsys draw SPEC -o DIR [-n COUNT] [-s SEED] [--first TRIAL]",
     "Writes the standard input that each of trials FIRST .. FIRST+COUNT-1 of a run gets\n"
     "(a spec with 'stdin ~ ...') as DIR/input-NNNNNN.txt, drawn exactly as the run draws\n"
     "it: the same seed and trial give the same bytes. For training and timing the real\n"
     "program on inputs of the declared distributions (bench/pgo).\n\n"
     "  -o, --output DIR  the folder, made when missing\n"
     "  -n, --count N     how many inputs (default 1)\n"
     "  -s, --seed SEED   the seed (default: the spec's)\n"
     "      --first T     the first trial (default 0)\n\n"
     "Exit status: 0 ok, 2 a usage or spec error, or a draw that failed, 3 the runtime\n"
     "library libfreqsys_rt.a, whose draws these are, is missing or does not link."},
    {"instrument", cli_instrument, "freqsys instrument SPEC -o OUT.ll|OUT.bc [--optimize auto|full|quick|none]",
     "Writes the instrumented, optimised module: textual IR for .ll, bitcode for .bc.\n\n"
     "  --optimize LEVEL  full: LLVM's O2; quick: inlining and scalar clean-up only, for\n"
     "                    big modules; auto (default): full up to 10,000 blocks, else quick;\n"
     "                    none: the transform's own output, unoptimised (to read, or to FileCheck)"},
    {"report", cli_report,
     "freqsys report RESULT.json [--format FORMAT] [-o FILE] [--source-dir DIR] [--scale N]\n"
     "                      [--trace TRACE.csv] [--spec SPEC] [--contexts] [--gcc-flags FLAGS]\n"
     "                      [--no-discriminators]",
     "Reads a result written by 'freqsys run -o RESULT.json' and writes it in another\n"
     "format.\n\n"
     "  --format text|json|csv|dot|lcov|gcov|sample|instr|afdo|gcda|html   the output format (default text)\n"
     "  -o FILE           write to FILE; nothing is written if the export fails; gcov: a\n"
     "                    folder gets one SOURCE.gcov per source; gcda: the folder the .gcda\n"
     "                    files go to\n"
     "  --source-dir DIR  where the sources are (default: the spec's folder)\n"
     "  --scale N|runs    counts are expected executions x N; runs: totals over the trials'\n"
     "                    runs, as a coverage build run on their inputs counts (default for\n"
     "                    lcov and gcov; 1000 for sample, instr, afdo, gcda)\n"
     "  --spec SPEC       instr, gcda: the spec of the run, if not where the result says\n"
     "  --gcc-flags FLAGS gcda: the flags gcc will compile with -fprofile-use (default -O2)\n"
     "  --no-discriminators  sample, afdo: one count per line, the largest of the blocks\n"
     "                    starting there (without it, the spec's program is compiled again\n"
     "                    to give each block's places their own counts)\n"
     "  --trace FILE      html: draw the convergence plot from 'freqsys run --trace FILE'\n"
     "  --contexts        sample: a context-sensitive profile, one entry per calling context\n"
     "                    (from 'freqsys run --contexts'; also --format sample-contexts)\n\n"
     "dot renders with Graphviz (dot -Tsvg), lcov with genhtml, gcov is gcov's annotated\n"
     "source, sample feeds\n"
     "clang -fprofile-sample-use, instr (clang's own counters, found by compiling the\n"
     "spec's program again) feeds llvm-profdata merge and clang -fprofile-instr-use,\n"
     "afdo feeds gcc -fauto-profile, gcda (GCC's own counters, from its instrumented\n"
     "build run on the trials' drawn standard input) gcc -fprofile-use;\n"
     "see docs/exports.md. Exit status: 0 ok, 2 a usage error, or a result file that\n"
     "cannot be read, is cut short, or is not a freqsys result."},
    {"plan", cli_plan,
     "freqsys plan RESULT.json --budget BYTES [--target TARGET] [--cpu CPU] [--flash-wait N]\n"
     "                    [--format text|json|ld|header|order] [--order] [-o FILE] [--spec SPEC]\n"
     "       freqsys plan RESULT.json --compact [--max-slowdown 5%] [--format text|json|header]",
     "Turns an estimate into a code-placement plan for an embedded target: compiles the\n"
     "program for TARGET (a profile: cortex-m0plus, cortex-m4 (default), cortex-m7,\n"
     "rv32imc; or an LLVM triple) at -Os with the bare-metal C library's headers (newlib,\n"
     "picolibc) and the estimate as a profile, so that cold regions are outlined into\n"
     "parts of their own, one section per part, weighs each part by bytes fetched per run\n"
     "(expected executions x size), and picks what goes to fast memory (ITCM, RAM) within\n"
     "BUDGET bytes as an exact 0/1 knapsack. Parts that never ran are marked for\n"
     "compression. Cycles are llvm-mca's for the CPU plus the flash wait states.\n\n"
     "  --budget BYTES   fast-memory size: 4096, 4K, 64KiB\n"
     "  --format FMT     text (ranked table and coverage curve), json, ld (a GNU ld /\n"
     "                   ld.lld script fragment), header (section attribute markers),\n"
     "                   order (the function order below)\n"
     "  --order          a function order by call affinity (C3), as *(.text.NAME) lines\n"
     "                   for the linker script\n"
     "  --compact        per function -Oz or -O2: the least flash while the estimated\n"
     "                   cycles stay within --max-slowdown (default 5%) of all -O2\n"
     "  --flash-wait N   wait states of a 32-bit fetch from flash (default: the\n"
     "                   profile's, 5 for cortex-m4)\n"
     "  --spec SPEC      the spec, when the path stored in RESULT does not lead to it\n"
     "See docs/planning.md."},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* The overview: every command's usage. */
static void overview(FILE *out) {
    fprintf(out, "usage: freqsys COMMAND [ARGS]\n\n"
                 "Estimates how often each basic block of a C program runs, given the\n"
                 "distributions of its inputs declared in a spec file.\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++) fprintf(out, "  %s\n", commands[i].usage);
    fprintf(out, "\n'freqsys help COMMAND' tells more. The spec language: docs/spec-language.md.\n");
}

static const command *find_command(const char *name) {
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

void cli_help(const char *name, FILE *out) {
    const command *c = name ? find_command(name) : NULL;
    if (c) fprintf(out, "usage: %s\n\n%s\n", c->usage, c->help);
    else overview(out);
}

/* Says that NAME is no command, naming the nearest one (WHERE: "" or "help "); the
 * exit status of a usage error. */
static int unknown_command(const char *name, const char *where) {
    const char *names[NCOMMANDS + 2];
    for (size_t i = 0; i < NCOMMANDS; i++) names[i] = commands[i].name;
    names[NCOMMANDS] = *where ? NULL : "help";   /* 'help help' is no topic */
    names[NCOMMANDS + 1] = NULL;
    const char *near = suggest_closest_typed(name, names);
    fprintf(stderr, "freqsys: %sunknown command '%s'", where, name);
    if (near) fprintf(stderr, "; did you mean '%s'?", near);
    fprintf(stderr, "\n(the commands: ");
    for (size_t i = 0; i < NCOMMANDS; i++) fprintf(stderr, "%s%s", i ? ", " : "", commands[i].name);
    fprintf(stderr, "; 'freqsys --help' shows their usage)\n");
    return EXIT_USAGE;
}

int main(int argc, char **argv) {
    /* GSL's default handler aborts; a sampler's failure must become a clear input error. */
    gsl_set_error_handler_off();
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        cli_help(NULL, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("freqsys %s\n", FREQSYS_VERSION);
        return EXIT_OK;
    }
    if (!strcmp(argv[1], "help")) {
        if (argc > 3) {
            fprintf(stderr, "freqsys help: takes one COMMAND at most\n");
            return EXIT_USAGE;
        }
        if (argc == 3 && !find_command(argv[2])) return unknown_command(argv[2], "help: ");
        cli_help(argc > 2 ? argv[2] : NULL, stdout);
        return EXIT_OK;
    }
    const command *c = find_command(argv[1]);
    if (c) return c->run(argc - 1, argv + 1);
    if (argv[1][0] == '-') {
        static const char *const top[] = {"help", "version", NULL};
        return cli_unknown_option("", argv[1], top);
    }
    return unknown_command(argv[1], "");
}

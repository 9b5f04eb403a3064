/* freqsys/main.c: the command line: dispatches to one subcommand, and prints help. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include "commands.h"
#include "run_help.h"
#include "run_options.h"
#include "suggest.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
    const char *help;
    void (*print_usage)(FILE *out); /* instead of usage and help, made from a table */
    void (*print_help)(FILE *out);
} command;

static const command commands[] = {
    {"run", cli_run, NULL, NULL, run_help_usage, run_help_text}, /* from its option table */
    {"check", cli_check, "freqsys check SPEC [--unbounded]",
     "Parses SPEC, compiles its program and matches every input read of the program\n"
     "with a declaration, without running anything. Prints a one-line summary, then a\n"
     "warning for each input the spec does not model (the clock, the environment, a\n"
     "file read; docs/spec-language.md).\n\n"
     "  --unbounded  also list every function and loop that no rule bounds per run, and\n"
     "               why: a recursive function, one that calls setjmp, one called from a\n"
     "               block without a bound or through a pointer; a loop whose iterations\n"
     "               no rule proves (the cap line that would state them)\n\n"
     "Exit status: 0 ok, 2 a spec error (main reading argc/argv with no 'argv' line is\n"
     "one), 3 the program could not be built.",
     NULL, NULL},
    {"draw", cli_draw, "freqsys draw SPEC -o DIR [-n COUNT] [-s SEED] [--first TRIAL] [-q]",
     "Writes the standard input that each of trials FIRST .. FIRST+COUNT-1 of a run gets\n"
     "(a spec with 'stdin ~ ...') as DIR/input-NNNNNN.txt, drawn exactly as the run draws\n"
     "it: the same seed and trial give the same bytes. For training and timing the real\n"
     "program on inputs of the declared distributions (bench/pgo).\n"
     "In function mode (a 'function' line) it writes each call's arguments instead:\n"
     "DIR/trial-NNNNNN-call-CCC.txt lists every parameter's value, and each pointer's\n"
     "bytes go to DIR/trial-NNNNNN-call-CCC.NAME; DIR/entry.txt gives each parameter's\n"
     "kind, for a native program that makes the calls. The function runs, as in the run (what\n"
     "it draws itself comes between one call's arguments and the next's); its output is\n"
     "dropped, and a trial that crashes or passes the spec's timeout keeps its calls.\n\n"
     "  -o, --output DIR  the folder, made when missing\n"
     "  -n, --count N     how many inputs (default 1)\n"
     "  -s, --seed SEED   the seed (default: the spec's)\n"
     "      --first T     the first trial (default 0)\n"
     "  -q, --quiet       function mode: no note for a trial that crashed or hung\n\n"
     "Exit status: 0 ok, 2 a usage or spec error, or a draw that failed, 3 the runtime\n"
     "library libfreqsys_rt.a, whose draws these are, is missing or does not link.",
     NULL, NULL},
    {"instrument", cli_instrument,
     "freqsys instrument SPEC -o OUT.ll|OUT.bc [--optimize auto|full|quick|none]",
     "Writes the instrumented, optimised module: textual IR for .ll, bitcode for .bc.\n\n"
     "  --optimize LEVEL  full: LLVM's O2; quick: inlining and scalar clean-up only, for\n"
     "                    big modules; auto (default): full up to 10,000 blocks, else quick;\n"
     "                    none: the transform's own output, unoptimised (to read, or to FileCheck)",
     NULL, NULL},
    {"report", cli_report,
     "freqsys report RESULT.json [--format FORMAT] [-o FILE] [--source-dir DIR] [--scale N]\n"
     "                      [--trace TRACE.csv] [--spec SPEC] [--contexts] [--gcc-flags FLAGS]\n"
     "                      [--no-discriminators] [--function NAME] [--dot-timeout SECONDS]\n"
     "                      [--allow-changed] [--object SOURCE=OBJECT ...] [--trials N]",
     "Reads a result written by 'freqsys run -o RESULT.json' and writes it in another\n"
     "format.\n\n"
     "  --format FORMAT   text (default), json, csv, dot, lcov, gcov, sample, sample-probes,\n"
     "                    instr, afdo, gcda, html, llvm-json or worst-case (the most block\n"
     "                    executions one run can take by the proofs)\n"
     "  -o FILE           write to FILE; nothing is written if the export fails; gcov: a\n"
     "                    folder gets one SOURCE.gcov per source; gcda: the folder the .gcda\n"
     "                    files go to\n"
     "  --source-dir DIR  where the sources are (default: the spec's folder)\n"
     "  --scale N|runs    counts are expected executions x N; runs: totals over the trials'\n"
     "                    runs, as a coverage build run on their inputs counts (default for\n"
     "                    lcov, gcov and llvm-json; 1000 for sample, instr, afdo, gcda)\n"
     "  --spec SPEC       instr, sample-probes, gcda: the spec of the run, if not where the\n"
     "                    result says\n"
     "  --gcc-flags FLAGS gcda: the flags gcc will compile with -fprofile-use (default -O2)\n"
     "  --object SOURCE=OBJECT  gcda: the object the build's `gcc -c SOURCE -o OBJECT` writes\n"
     "                    (GCC keys the profile on it; default: the compile_commands entry's,\n"
     "                    else STEM.o)\n"
     "  --trials N        gcda: run gcc's build on the first N trials only (default: all), and\n"
     "                    say the counts' largest standard error\n"
     "  --no-discriminators  sample, afdo: one count per line, the largest of the blocks\n"
     "                    starting there (without it, the spec's program is compiled again:\n"
     "                    sample gives each block's places their own counts, afdo chooses\n"
     "                    each line's count from the blocks on it, as GCC 12 reads lines)\n"
     "  --trace FILE      html: draw the convergence plot from 'freqsys run --trace FILE'\n"
     "  --dot-timeout S   html: stop each Graphviz dot child after S seconds (default 5), and\n"
     "                    all of them after 4 x S; the page names the graphs left out\n"
     "  --function NAME   dot: the graph of function NAME alone\n"
     "  --allow-changed   instr, sample-probes, gcda, and sample and afdo with their\n"
     "                    places: export even when the spec or a source changed since the\n"
     "                    run (the result records their SHA-256); without it, that is an\n"
     "                    error naming the file, as the export would not be of the program\n"
     "                    the run measured\n"
     "  --contexts        sample: a context-sensitive profile, one entry per calling context\n"
     "                    (from 'freqsys run --contexts'; also --format sample-contexts)\n\n"
     "dot renders with Graphviz (dot -Tsvg), lcov with genhtml, gcov is gcov's annotated\n"
     "source, llvm-json is the layout of llvm-cov export, sample feeds\n"
     "clang -fprofile-sample-use, sample-probes (a count per block, keyed by the\n"
     "spec's program's pseudo-probes) clang -fpseudo-probe-for-profiling\n"
     "-fno-unique-internal-linkage-names -fprofile-sample-use, instr (clang's own counters, found by "
     "compiling the\n"
     "spec's program again) feeds llvm-profdata merge and clang -fprofile-instr-use,\n"
     "afdo feeds gcc -fauto-profile, gcda (GCC's own counters, from its instrumented\n"
     "build run on the trials' drawn standard input) gcc -fprofile-use;\n"
     "see docs/exports.md. Exit status: 0 ok, 2 a usage error, or a result file that\n"
     "cannot be read, is cut short, or is not a freqsys result.",
     NULL, NULL},
    {"plan", cli_plan,
     "freqsys plan RESULT.json --budget BYTES [--target TARGET] [--cpu CPU] [--flash-wait N]\n"
     "                    [--format text|json|ld|header|order|html] [--order] [-o FILE] [--spec SPEC]\n"
     "                    [--allow-changed]\n"
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
     "                   order (the function order below), html (one page: the parts,\n"
     "                   fast memory, the budget curve, the linker fragment)\n"
     "  --order          a function order by call affinity (C3), as *(.text.NAME) lines\n"
     "                   for the linker script\n"
     "  --compact        per function -Oz or -O2: the least flash while the estimated\n"
     "                   cycles stay within --max-slowdown (default 5%) of all -O2\n"
     "  --flash-wait N   wait states of a 32-bit fetch from flash (default: the\n"
     "                   profile's, 5 for cortex-m4)\n"
     "  --spec SPEC      the spec, when the path stored in RESULT does not lead to it\n"
     "  --allow-changed  plan even when the spec or a source changed since the run (the\n"
     "                   result records their SHA-256); without it, that is an error\n"
     "                   naming the file, as the plan would not be of the program the run\n"
     "                   measured\n"
     "See docs/planning.md.",
     NULL, NULL},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void print_usage(const command *c, FILE *out) {
    if (c->print_usage)
        c->print_usage(out);
    else
        fputs(c->usage, out);
}

/* The overview: every command's usage. */
static void overview(FILE *out) {
    fprintf(out, "usage: freqsys COMMAND [ARGS]\n\n"
                 "Estimates how often each basic block of a C program runs, given the\n"
                 "distributions of its inputs declared in a spec file.\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++) {
        fputs("  ", out);
        print_usage(&commands[i], out);
        fputc('\n', out);
    }
    fprintf(out, "\n'freqsys help COMMAND' tells more. The spec language: docs/spec-language.md.\n");
}

static const command *find_command(const char *name) {
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

void cli_help(const char *name, FILE *out) {
    const command *c = name ? find_command(name) : NULL;
    if (!c) {
        overview(out);
        return;
    }
    fputs("usage: ", out);
    print_usage(c, out);
    fputs("\n\n", out);
    if (c->print_help)
        c->print_help(out);
    else
        fputs(c->help, out);
    fputc('\n', out);
}

/* COMMAND's long options, "--name" one a line: run's from its table, the others'
 * as their help names them (what the shell completions offer). */
static void print_options(const command *c, FILE *out) {
    if (c->print_usage == run_help_usage) {
        run_help_options(out);
        return;
    }
    const char *names[128];
    size_t lens[128], n = 0;
    const char *texts[] = {c->usage, c->help};
    for (size_t t = 0; t < 2; t++) {
        for (const char *at = strstr(texts[t], "--"); at && n < 128; at = strstr(at + 2, "--")) {
            size_t len = 2 + strspn(at + 2, "abcdefghijklmnopqrstuvwxyz-");
            if ((at > texts[t] && at[-1] != ' ' && at[-1] != '[' && at[-1] != '\n') || len == 2 ||
                at[2] == '-')
                continue;
            size_t k = 0;
            while (k < n && (lens[k] != len || strncmp(names[k], at, len))) k++;
            if (k < n) continue;
            names[n] = at;
            lens[n++] = len;
            fprintf(out, "%.*s\n", (int)len, at);
        }
    }
}

/* Says that NAME is no command, naming the nearest one (WHERE: "" or "help "); the
 * exit status of a usage error. */
static int unknown_command(const char *name, const char *where) {
    const char *names[NCOMMANDS + 2];
    for (size_t i = 0; i < NCOMMANDS; i++) names[i] = commands[i].name;
    names[NCOMMANDS] = *where ? NULL : "help"; /* 'help help' is no topic */
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
        /* Not in the help: what the build and the completions read from the tables. */
        if (argc == 3 && !strcmp(argv[2], "--man")) {
            run_help_man(stdout);
            return EXIT_OK;
        }
        if (argc == 3 && !strcmp(argv[2], "--conflicts")) {
            run_conflicts_list(stdout);
            return EXIT_OK;
        }
        if (argc == 4 && !strcmp(argv[2], "--options")) {
            if (!find_command(argv[3])) return unknown_command(argv[3], "help: ");
            print_options(find_command(argv[3]), stdout);
            return EXIT_OK;
        }
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

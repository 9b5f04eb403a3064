/* freqsys/cli_report.c: `freqsys report`: a saved result in another format. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "commands.h"
#include "export.h"
#include "block_lines.h"
#include "gcda_profile.h"
#include "instr_profile.h"
#include "probe_profile.h"
#include "result.h"
#include "result_spec.h"
#include "run_files.h"

static const char usage[] =
    "usage: freqsys report RESULT.json [--format "
    "text|json|csv|dot|lcov|gcov|sample|sample-probes|instr|afdo|gcda|html|\n"
    "         llvm-json|worst-case] [--contexts] [-o FILE]\n"
    "         [--source-dir DIR] [--scale N] [--trace TRACE.csv] [--spec SPEC] [--gcc-flags FLAGS]\n"
    "         [--no-discriminators] [--function NAME] [--dot-timeout SECONDS] [--allow-changed]\n"
    "         [--object SOURCE=OBJECT ...] [--trials N]\n";

static const char *const formats[] = {
    "text",          "json",  "csv",  "dot",  "lcov", "gcov",      "sample",     "sample-contexts",
    "sample-probes", "instr", "afdo", "gcda", "html", "llvm-json", "worst-case", NULL};

/* Whether argv[*i] is option NAME with its value, "NAME VALUE" or "NAME=VALUE"; if so,
 * the value goes to *OUT and *I to the option's last word. */
static int value(int argc, char **argv, int *i, const char *name, const char *alias, const char **out) {
    size_t n = strlen(name);
    if (!strncmp(argv[*i], name, n) && argv[*i][n] == '=') {
        *out = argv[*i] + n + 1;
        return 1;
    }
    if ((!strcmp(argv[*i], name) || (alias && !strcmp(argv[*i], alias))) && *i + 1 < argc) {
        *out = argv[++*i];
        return 1;
    }
    return 0;
}

/* Writes the whole output only once the writer has succeeded, so a failure (a bad trace
 * file, say) leaves no half-written file behind. */
static int emit(const result *r, const char *format, const result_export *opt, const char *spec_path,
                const char *out_path, int discriminators) {
    char err[1024] = "", *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) {
        fprintf(stderr, "freqsys: error: %s\n", strerror(errno));
        return EXIT_USAGE;
    }
    /* The line profiles need each block's places in the program's code: clang's sample
     * profile tells a line's blocks apart by discriminators, and the afdo export chooses
     * each line's count from its blocks (GCC 12 reads lines alone). Without the code,
     * one count per line, the largest of the blocks starting there. */
    block_lines places = {0};
    result_export with_places = *opt;
    if (discriminators &&
        (!strcmp(format, "sample") || !strcmp(format, "sample-contexts") || !strcmp(format, "afdo"))) {
        char why[1024] = "";
        if (block_lines_compute(r, spec_path ? spec_path : r->spec, &places, why, sizeof why) == 0)
            with_places.positions = &places;
        else if (opt->warnings)
            fprintf(opt->warnings,
                    "freqsys report: warning: no places of the blocks (%s): each line gets the largest "
                    "count of its blocks (pass --spec SPEC; docs/exports.md)\n",
                    why);
        opt = &with_places;
    }
    /* clang's own counters need the program compiled again: not the result model's job. */
    const char *spec = spec_path ? spec_path : r->spec;
    int rc = !strcmp(format, "instr") ? instr_profile_write(r, spec, number_scale(opt), mem, err, sizeof err)
             : !strcmp(format, "sample-probes")
                 ? probe_profile_write(r, spec, number_scale(opt), mem, err, sizeof err)
                 : result_write_export(r, format, opt, mem, err, sizeof err);
    block_lines_free(&places);
    if (fclose(mem) != 0 && rc == 0) {
        rc = -1;
        snprintf(err, sizeof err, "%s", strerror(errno));
    }
    if (rc != 0) {
        fprintf(stderr, "freqsys report: error: %s\n", err[0] ? err : strerror(errno));
        free(buf);
        return EXIT_USAGE;
    }
    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) {
        fprintf(stderr, "freqsys: error: cannot write %s: %s\n", out_path, strerror(errno));
        free(buf);
        return EXIT_USAGE;
    }
    int bad = fwrite(buf, 1, len, out) != len || fflush(out) != 0;
    if (out_path && fclose(out) != 0) /* opened above; stdout stays open */
        bad = 1;
    free(buf);
    if (bad) {
        fprintf(stderr, "freqsys: error: writing %s failed: %s\n", out_path ? out_path : "the output",
                strerror(errno));
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* Whether FORMAT compiles the result's program again from its spec: clang's and GCC's
 * counters, the probes, and the line profiles unless told to do without the places. */
static int rebuilds(const char *format, int discriminators) {
    static const char *const always[] = {"instr", "sample-probes", "gcda"};
    static const char *const places[] = {"sample", "sample-contexts", "afdo"};
    for (size_t i = 0; i < 3; i++)
        if (!strcmp(format, always[i]) || (discriminators && !strcmp(format, places[i]))) return 1;
    return 0;
}

/* Before an export that compiles the program again: the spec and sources must be
 * those the run read (run_files.h). Returns 0 to go on. */
static int same_files(const result *r, const char *path, const char *spec_path, int allow_changed) {
    spec *s;
    char err[16384];
    if (result_spec_parse(spec_path, &s, err, sizeof err) != 0) return 0; /* the export says why */
    int rc = run_files_check(r, path, spec_path, s, allow_changed, "report", "exporting", stderr);
    spec_free(s);
    return rc;
}

int cli_report(int argc, char **argv) {
    const char *path = NULL, *out_path = NULL, *format = "text", *scale = NULL, *spec_path = NULL,
               *gcc_flags = NULL, *dot_timeout = NULL, *object = NULL, *objects[256], *trials = NULL;
    size_t nobjects = 0;
    result_export opt = {.warnings = stderr};
    int contexts = 0, discriminators = 1, allow_changed = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            cli_help("report", stdout);
            return EXIT_OK;
        } else if (!strcmp(argv[i], "--contexts")) {
            contexts = 1;
        } else if (!strcmp(argv[i], "--no-discriminators")) {
            discriminators = 0;
        } else if (!strcmp(argv[i], "--allow-changed")) {
            allow_changed = 1;
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out_path = argv[++i];
        } else if (value(argc, argv, &i, "--format", "-f", &format) ||
                   value(argc, argv, &i, "--source-dir", NULL, &opt.source_dir) ||
                   value(argc, argv, &i, "--trace", NULL, &opt.trace) ||
                   value(argc, argv, &i, "--spec", NULL, &spec_path) ||
                   value(argc, argv, &i, "--scale", NULL, &scale) ||
                   value(argc, argv, &i, "--gcc-flags", NULL, &gcc_flags) ||
                   value(argc, argv, &i, "--function", NULL, &opt.function) ||
                   value(argc, argv, &i, "--dot-timeout", NULL, &dot_timeout)) {
            continue; /* value() stored it */
        } else if (value(argc, argv, &i, "--trials", NULL, &trials)) {
            continue; /* checked below */
        } else if (value(argc, argv, &i, "--object", NULL, &object)) {
            if (nobjects == sizeof objects / sizeof objects[0]) {
                fprintf(stderr, "freqsys report: more than %zu --object options\n", nobjects);
                return EXIT_USAGE;
            }
            objects[nobjects++] = object;
        } else if (argv[i][0] == '-') {
            static const char *const names[] = {"format",   "source-dir",  "trace",
                                                "spec",     "scale",       "contexts",
                                                "output",   "gcc-flags",   "no-discriminators",
                                                "function", "dot-timeout", "allow-changed",
                                                "object",   "trials",      "help",
                                                NULL};
            return cli_unknown_option("report", argv[i], names);
        } else if (!path) {
            path = argv[i];
        } else {
            fprintf(stderr, "freqsys report: more than one RESULT given\n%s", usage);
            return EXIT_USAGE;
        }
    }
    if (!path) {
        fprintf(stderr, "freqsys report: no RESULT given\n%s", usage);
        return EXIT_USAGE;
    }
    if (contexts && strcmp(format, "sample") != 0 && strcmp(format, "sample-contexts") != 0) {
        fprintf(
            stderr,
            "freqsys report: --contexts goes with --format sample (a context-sensitive sample profile)\n");
        return EXIT_USAGE;
    }
    if (contexts) format = "sample-contexts";
    int known = 0;
    for (const char *const *f = formats; *f; f++) known |= !strcmp(format, *f);
    if (!known) {
        fprintf(stderr,
                "freqsys report: unknown format '%s' (this version writes text, json, "
                "csv, dot, lcov, gcov, sample, sample-contexts, sample-probes, instr, afdo, gcda, html, "
                "llvm-json, worst-case)\n",
                format);
        return EXIT_USAGE;
    }
    /* coverage tools count totals over runs: so do their exports, unless told otherwise */
    opt.over_runs =
        (!scale && (!strcmp(format, "lcov") || !strcmp(format, "gcov") || !strcmp(format, "llvm-json"))) ||
        (scale && !strcmp(scale, "runs"));
    if (scale && !opt.over_runs) {
        char *end;
        errno = 0;
        long long n = strtoll(scale, &end, 10);
        if (errno || end == scale || *end || n < 1 || n > 1000000000) {
            fprintf(stderr,
                    "freqsys report: --scale must be a whole number from 1 to "
                    "1000000000, or runs, not '%s'\n",
                    scale);
            return EXIT_USAGE;
        }
        opt.scale = (double)n;
    }
    if (!strcmp(format, "gcda") && !out_path) {
        fprintf(stderr,
                "freqsys report: --format gcda writes a folder of .gcda files: give it with -o DIR\n");
        return EXIT_USAGE;
    }
    if (gcc_flags && strcmp(format, "gcda") != 0)
        fprintf(stderr, "freqsys report: warning: --gcc-flags is used by --format gcda only\n");
    if (nobjects && strcmp(format, "gcda") != 0)
        fprintf(stderr, "freqsys report: warning: --object is used by --format gcda only\n");
    unsigned long long gcda_trials = 0;
    if (trials) {
        char *end;
        errno = 0;
        gcda_trials = strtoull(trials, &end, 10);
        if (errno || end == trials || *end || trials[0] == '-' || gcda_trials == 0) {
            fprintf(stderr, "freqsys report: --trials must be a whole number above 0, not '%s'\n", trials);
            return EXIT_USAGE;
        }
        if (strcmp(format, "gcda") != 0)
            fprintf(stderr, "freqsys report: warning: --trials is used by --format gcda only\n");
    }
    if (opt.function && strcmp(format, "dot") != 0)
        fprintf(stderr, "freqsys report: warning: --function is used by --format dot only\n");
    if (dot_timeout) {
        char *end;
        opt.dot_timeout_s = strtod(dot_timeout, &end);
        if (end == dot_timeout || *end || !(opt.dot_timeout_s > 0 && opt.dot_timeout_s <= 3600)) {
            fprintf(stderr,
                    "freqsys report: --dot-timeout must be a number of seconds above 0 and at most "
                    "3600, not '%s'\n",
                    dot_timeout);
            return EXIT_USAGE;
        }
        if (strcmp(format, "html") != 0)
            fprintf(stderr, "freqsys report: warning: --dot-timeout is used by --format html only\n");
    }
    opt.result_path = path;
    if (opt.trace && strcmp(format, "html") != 0)
        fprintf(stderr, "freqsys report: warning: --trace is used by --format html only\n");
    char err[1024];
    result *r;
    int status = result_read_json(path, &r, err, sizeof err);
    if (status != RESULT_OK) {
        fprintf(stderr, "%s\n", err);
        return exit_status_result(status);
    }
    if (rebuilds(format, discriminators) &&
        same_files(r, path, spec_path ? spec_path : r->spec, allow_changed) != 0) {
        result_free(r);
        return EXIT_USAGE;
    }
    struct stat st;
    int rc;
    if (!strcmp(format, "gcda")) {
        /* a folder of files, written by GCC's build and runs: no single output to hold back */
        gcda_options gopt = {gcc_flags, number_scale(&opt), objects, nobjects, gcda_trials};
        rc = gcda_profile_write(r, spec_path ? spec_path : r->spec, &gopt, out_path, stderr, err,
                                sizeof err) == 0
                 ? EXIT_OK
                 : EXIT_USAGE;
        if (rc != EXIT_OK) fprintf(stderr, "freqsys report: error: %s\n", err);
    } else if (!strcmp(format, "gcov") && out_path && stat(out_path, &st) == 0 && S_ISDIR(st.st_mode)) {
        rc = report_gcov_write_dir(r, &opt, out_path, err, sizeof err) == 0 ? EXIT_OK : EXIT_USAGE;
        if (rc != EXIT_OK) fprintf(stderr, "freqsys report: error: %s\n", err);
    } else {
        rc = emit(r, format, &opt, spec_path, out_path, discriminators);
    }
    result_free(r);
    return rc;
}

/* freqsys/cli_plan.c: `freqsys plan`: from a result to a fast-memory placement for an embedded target. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "compact_estimate.h"
#include "instr_profile.h"
#include "plan.h"
#include "run_files.h"
#include "transform.h"

/* Profile counts are expected runs x this: fine enough that a block run once in a
 * million runs still counts. */
#define PROFILE_SCALE 1e6

/* The result as an indexed clang profile (llvm-profdata-19 merge over the text form
 * instr_profile.c writes) in PROFDATA (a buffer of SIZE bytes). Returns 0, or -1 with
 * the reason in ERR and PROFDATA empty. */
static int profile_write(const result *r, const char *spec_path, char *profdata, size_t size, char *err,
                         size_t errlen) {
    char text[4096];
    int ft =
        compile_temp_path(text, sizeof text, "freqsys-plan-XXXXXX.proftext") == 0 ? mkstemps(text, 9) : -1;
    int fd =
        compile_temp_path(profdata, size, "freqsys-plan-XXXXXX.profdata") == 0 ? mkstemps(profdata, 9) : -1;
    FILE *f = ft >= 0 ? fdopen(ft, "w") : NULL;
    int rc = -1;
    if (!f || fd < 0)
        snprintf(err, errlen, "cannot create a temporary file for the profile");
    else if (instr_profile_write(r, spec_path, PROFILE_SCALE, f, err, errlen) == 0 && fflush(f) == 0) {
        char *argv[] = {"llvm-profdata-19", "merge", "-o", profdata, text, NULL};
        rc = compile_run_tool(argv, err, errlen) == 0 ? 0 : -1;
    }
    if (f)
        fclose(f);
    else if (ft >= 0)
        close(ft);
    if (ft >= 0) unlink(text);
    if (fd >= 0) close(fd);
    if (rc != 0 && fd >= 0) unlink(profdata);
    if (rc != 0) profdata[0] = '\0';
    return rc;
}

/* Sizes measured with the result's profile, so that the items are the parts the
 * profile-guided build keeps; without a profile (the program's counters do not
 * match the result), whole functions, which is noted. */
static int measure(const result *r, const char *spec_path, const spec *s, const code_target *where,
                   const char *level, int no_inline, code_sizes *sizes, char *err, size_t errlen) {
    char profdata[4096], why[1024];
    if (profile_write(r, spec_path, profdata, sizeof profdata, why, sizeof why) != 0)
        fprintf(stderr,
                "freqsys: note: whole functions are planned, with no profile for the target build: %s\n",
                why);
    int rc = code_size_measure(s, where, level, no_inline, profdata[0] ? profdata : NULL, PROFILE_SCALE,
                               sizes, err, errlen);
    if (profdata[0]) unlink(profdata);
    return rc;
}

/* "4096", "4K", "64KiB", "1M": bytes. Returns -1 on anything else. */
static int parse_bytes(const char *text, unsigned long long *out) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || text[0] == '-') return -1;
    if (!strcmp(end, "") || !strcmp(end, "B"))
        *out = v;
    else if (!strcmp(end, "K") || !strcmp(end, "KiB") || !strcmp(end, "k"))
        *out = v << 10;
    else if (!strcmp(end, "M") || !strcmp(end, "MiB"))
        *out = v << 20;
    else
        return -1;
    return 0;
}

/* "5%" or "0.05": a share, >= 0. Returns -1 on anything else. */
static int parse_share(const char *text, double *out) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text) return -1;
    if (!strcmp(end, "%"))
        v /= 100;
    else if (*end)
        return -1;
    if (!(v >= 0 && v < 1e6)) return -1;
    *out = v;
    return 0;
}

static int usage(const char *what);

/* plan --compact: sizes at -Oz and -O2 without inlining, the choice, the output. */
static int compact(const result *r, const char *spec_path, const spec *s, const code_target *where,
                   double slowdown, const char *format, const char *out_path) {
    char err[4096];
    code_sizes oz, o2;
    if (measure(r, spec_path, s, where, "-Oz", 1, &oz, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        return EXIT_BUILD;
    }
    if (measure(r, spec_path, s, where, "-O2", 1, &o2, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        code_size_free(&oz);
        return EXIT_BUILD;
    }
    if (o2.retargeted) fprintf(stderr, "freqsys: note: sizes from a retargeted host build: %s\n", o2.note);
    compact_plan p;
    int rc = EXIT_OK;
    if (compact_estimate(r, &oz, &o2, where->name, where->flash_wait, slowdown, &p, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        rc = EXIT_USAGE;
    } else {
        FILE *out = out_path ? fopen(out_path, "w") : stdout;
        if (!out) {
            fprintf(stderr, "freqsys: error: cannot write %s: %s\n", out_path, strerror(errno));
            rc = EXIT_USAGE;
        } else {
            int w = !strcmp(format, "json")     ? compact_write_json(&p, out)
                    : !strcmp(format, "header") ? compact_write_header(&p, out)
                                                : compact_write_text(&p, out);
            if ((out != stdout && fclose(out) != 0) || w != 0) {
                fprintf(stderr, "freqsys: error: writing the plan failed\n");
                rc = EXIT_USAGE;
            }
        }
    }
    compact_free(&p);
    code_size_free(&oz);
    code_size_free(&o2);
    return rc;
}

static int usage(const char *what) {
    fprintf(stderr, "freqsys plan: %s\n(see 'freqsys help plan')\n", what);
    return EXIT_USAGE;
}

/* The placement plan: sizes measured for WHERE, the knapsack within BUDGET bytes,
 * written in FORMAT to OUT_PATH (NULL: stdout). Returns the exit status. */
static int placement(result *r, const char *spec_path, const spec *s, const code_target *where,
                     unsigned long long budget, const char *format, const char *out_path) {
    char err[4096];
    code_sizes sizes;
    plan p = {0};
    int rc = EXIT_OK;
    if (measure(r, spec_path, s, where, "-Os", 0, &sizes, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        rc = EXIT_BUILD;
    } else if (plan_build(r, &sizes, where->name, budget, where->flash_wait, &p, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        rc = EXIT_USAGE;
    } else {
        if (p.note[0]) fprintf(stderr, "freqsys: note: %s\n", p.note);
        FILE *out = out_path ? fopen(out_path, "w") : stdout;
        if (!out) {
            fprintf(stderr, "freqsys: error: cannot write %s: %s\n", out_path, strerror(errno));
            rc = EXIT_USAGE;
        } else {
            int w = !strcmp(format, "json")     ? plan_write_json(&p, out)
                    : !strcmp(format, "ld")     ? plan_write_ld(&p, out)
                    : !strcmp(format, "header") ? plan_write_header(&p, out)
                    : !strcmp(format, "order")  ? plan_write_order(&p, out)
                    : !strcmp(format, "html")   ? plan_write_html(&p, out)
                                                : plan_write_text(&p, out);
            if ((out != stdout && fclose(out) != 0) || w != 0) {
                fprintf(stderr, "freqsys: error: writing the plan failed\n");
                rc = EXIT_USAGE;
            }
        }
    }
    if (rc != EXIT_BUILD) code_size_free(&sizes);
    plan_free(&p);
    return rc;
}

int cli_plan(int argc, char **argv) {
    const char *path = NULL, *out_path = NULL, *format = "text", *target = "cortex-m4";
    const char *cpu = NULL, *spec_path = NULL;
    unsigned long long budget = 0, flash_wait = 0;
    int has_wait = 0;
    int has_budget = 0, compaction = 0, allow_changed = 0;
    double slowdown = 0.05;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_help("plan", stdout);
            return EXIT_OK;
        } else if (!strcmp(a, "--budget") && more) {
            if (parse_bytes(argv[++i], &budget)) return usage("--budget takes bytes, e.g. 4096, 4K or 64KiB");
            has_budget = 1;
        } else if (!strcmp(a, "--target") && more)
            target = argv[++i];
        else if (!strcmp(a, "--order"))
            format = "order";
        else if (!strcmp(a, "--compact"))
            compaction = 1;
        else if (!strcmp(a, "--allow-changed"))
            allow_changed = 1;
        else if (!strcmp(a, "--max-slowdown") && more) {
            if (parse_share(argv[++i], &slowdown))
                return usage("--max-slowdown takes a share, e.g. 5% or 0.05");
        } else if (!strcmp(a, "--cpu") && more)
            cpu = argv[++i];
        else if (!strcmp(a, "--flash-wait") && more) {
            char *end;
            const char *v = argv[++i];
            errno = 0;
            flash_wait = strtoull(v, &end, 10);
            if (errno || end == v || *end || v[0] == '-' || flash_wait > 1000)
                return usage("--flash-wait takes the wait states of a fetch from flash, 0 to 1000");
            has_wait = 1;
        } else if (!strcmp(a, "--spec") && more)
            spec_path = argv[++i];
        else if ((!strcmp(a, "--format") || !strcmp(a, "-f")) && more)
            format = argv[++i];
        else if (!strcmp(a, "-o") && more)
            out_path = argv[++i];
        else if (a[0] == '-') {
            static const char *const names[] = {
                "budget", "target",        "order",  "compact", "max-slowdown", "cpu", "flash-wait",
                "spec",   "allow-changed", "format", "output",  "help",         NULL};
            return cli_unknown_option("plan", a, names);
        } else if (!path)
            path = a;
        else
            return usage("more than one RESULT given");
    }
    if (!path || (!has_budget && !compaction))
        return usage("usage: freqsys plan RESULT.json --budget BYTES [--target TARGET], or --compact "
                     "[--max-slowdown 5%]");
    if (compaction && strcmp(format, "text") && strcmp(format, "json") && strcmp(format, "header"))
        return usage("--compact writes text, json or header");
    if (strcmp(format, "text") && strcmp(format, "json") && strcmp(format, "ld") &&
        strcmp(format, "header") && strcmp(format, "order") && strcmp(format, "html"))
        return usage("--format takes text, json, ld, header, order or html");
    char err[4096];
    code_target where;
    if (code_target_resolve(target, cpu, &where, err, sizeof err) != 0) return usage(err);
    if (has_wait) where.flash_wait = (unsigned)flash_wait;
    result *r;
    int status = result_read_json(path, &r, err, sizeof err);
    if (status != RESULT_OK) {
        fprintf(stderr, "%s\n", err);
        return exit_status_result(status);
    }
    if (!spec_path) spec_path = r->spec;
    spec *s;
    /* the program, not the precision: a run made with -e needs no epsilon line */
    if ((status = spec_parse_file_given(spec_path, SPEC_GIVEN_EPSILON | SPEC_GIVEN_CONFIDENCE, &s, err,
                                        sizeof err)) != SPEC_OK) {
        fprintf(stderr,
                "%s\nfreqsys plan: the program is found through the spec the result names; "
                "give it with --spec SPEC\n",
                err);
        result_free(r);
        return exit_status_spec(status);
    }
    /* the plan builds the program again: it must be the one the run measured */
    if (run_files_check(r, path, spec_path, s, allow_changed, "plan", "planning", stderr) != 0) {
        spec_free(s);
        result_free(r);
        return EXIT_USAGE;
    }
    if (compaction) {
        int code = compact(r, spec_path, s, &where, slowdown, format, out_path);
        spec_free(s);
        result_free(r);
        return code;
    }
    int rc = placement(r, spec_path, s, &where, budget, format, out_path);
    spec_free(s);
    result_free(r);
    return rc;
}

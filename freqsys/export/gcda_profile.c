/* freqsys/export/gcda_profile.c: the result's trials as GCC's own profile (.gcda files for gcc
 * -fprofile-use). */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "gcda_profile.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gcda_driver.h"
#include "gcda_spread.h"
#include "gcda_names.h"
#include "gcov_file.h"
#include "native_runs.h"
#include "spec.h"
#include "result_spec.h"

/* GCC 12 instruments a function after its early optimisations: inlining of small and
 * `extern inline` functions (glibc's getchar, say), jump threading, if-to-switch
 * conversion, the removal of diamonds into selects. Its arcs are therefore not the
 * blocks of the -O0 code freqsys counts: one block of freqsys's may be two of GCC's,
 * with counts that only the inputs decide. So the counts are taken where they are
 * exact: GCC's own instrumented build runs on the standard input of every trial of the
 * result, drawn again from the same seed (as `freqsys draw` does), and each arc
 * counter's total over the trials becomes its mean per trial, the same estimator over
 * the same inputs as the result's means; a GCC block that is one of freqsys's blocks
 * gets exactly the result's count. The file is then written as GCC 12 reads it, with
 * the arc counters only, scaled like the instr export: runs = SCALE, each counter
 * round(mean x SCALE). */

/* Inputs drawn by one `freqsys draw` (each start costs a few tenths of a second), and
 * runs between two readings of the counters (the chunks of the batch means). */
#define DRAW_CHUNK 4096
#define RUN_CHUNK  256

static char *quote(const char *s) {
    size_t n = 3;
    for (const char *p = s; *p; p++) n += *p == '\'' ? 4 : 1;
    char *q = malloc(n), *o = q;
    if (!q) return NULL;
    *o++ = '\'';
    for (const char *p = s; *p; p++) {
        if (*p == '\'') {
            memcpy(o, "'\\''", 4);
            o += 4;
        } else {
            *o++ = *p;
        }
    }
    *o++ = '\'';
    *o = 0;
    return q;
}

/* Appends " 'WORD'" to the command *CMD. Returns 0, or -1 when memory ran out. */
static int append(char **cmd, const char *word) {
    char *q = quote(word), *next = NULL;
    if (!q || asprintf(&next, "%s %s", *cmd, q) < 0) {
        free(q);
        return -1;
    }
    free(q);
    free(*cmd);
    *cmd = next;
    return 0;
}

/* Whether a clang flag of the spec says what the program is, for gcc as well:
 * definitions, include paths, the language standard. Code generation flags are
 * clang's own (or the export's own GCC flags say them). TAKES_NEXT: its value is
 * the next word. */
static int portable_flag(const char *f, int *takes_next) {
    static const char *const spaced[] = {"-include", "-isystem", "-iquote", "-idirafter", NULL};
    *takes_next = 0;
    for (const char *const *p = spaced; *p; p++)
        if (!strcmp(f, *p)) return *takes_next = 1;
    if (!strcmp(f, "-D") || !strcmp(f, "-U") || !strcmp(f, "-I")) return *takes_next = 1;
    return !strncmp(f, "-D", 2) || !strncmp(f, "-U", 2) || !strncmp(f, "-I", 2) || !strncmp(f, "-std=", 5);
}

static int append_flags(char **cmd, char *const *flags, size_t n) {
    for (size_t k = 0; k < n; k++) {
        int next;
        if (!portable_flag(flags[k], &next)) continue;
        if (append(cmd, flags[k]) != 0) return -1;
        if (next && k + 1 < n) {
            k++;
            if (append(cmd, flags[k]) != 0) return -1;
        }
    }
    return 0;
}

/* Splits GCC_FLAGS at blanks onto *CMD. */
static int append_words(char **cmd, const char *words) {
    char *copy = strdup(words), *save = NULL;
    int rc = copy ? 0 : -1;
    for (char *w = copy ? strtok_r(copy, " \t", &save) : NULL; w && rc == 0; w = strtok_r(NULL, " \t", &save))
        rc = append(cmd, w);
    free(copy);
    return rc;
}

/* Runs CMD through the shell; on failure, ERR says WHAT failed and CMD. */
static int sh(const char *cmd, const char *what, char *err, size_t errlen) {
    int st = system(cmd);
    if (st != 0) {
        snprintf(err, errlen, "%s failed (status %d): %s", what, st, cmd);
        return -1;
    }
    return 0;
}

/* GCC's name in DIR for the data file of an object named by a relative path, whose
 * name without ".o" joined with the current folder is BASE: every '/' becomes '#'. */
static char *mangled(const char *dir, const char *base) {
    char *m = strdup(base), *path = NULL;
    if (!m) return NULL;
    for (char *p = m; *p; p++)
        if (*p == '/') *p = '#';
    if (asprintf(&path, "%s/%s.gcda", dir, m) < 0) path = NULL;
    free(m);
    return path;
}

/* Function mode: what a native call cannot get is anything but the arguments. */
static int check_function_spec(const result *r, const spec *s, char *err, size_t errlen) {
    for (size_t k = 0; k < s->ninputs; k++)
        if (s->inputs[k].target != SPEC_ARG && s->inputs[k].target != SPEC_DRAW) {
            snprintf(err, errlen,
                     "%s:%d:%d: --format gcda calls the function natively with the arguments the trials "
                     "drew, and it cannot get this draw: only 'arg' lines can be given to it",
                     s->path, s->inputs[k].loc.line, s->inputs[k].loc.column);
            return -1;
        }
    if (s->ninterrupts) {
        snprintf(err, errlen, "%s:%d:%d: --format gcda calls the function natively, with no interrupts",
                 s->path, s->interrupts[0].loc.line, s->interrupts[0].loc.column);
        return -1;
    }
    if (r->warmup) {
        snprintf(err, errlen,
                 "--format gcda counts every call GCC's build makes, and this result leaves out %llu "
                 "warm-up calls a trial: run it with warmup 0",
                 (unsigned long long)r->warmup);
        return -1;
    }
    return 0;
}

/* Program mode: what a real run of the program cannot get is anything but the
 * drawn standard input. */
static int check_program_spec(const spec *s, char *err, size_t errlen) {
    if (!spec_find_stdin(s)) {
        snprintf(err, errlen,
                 "--format gcda runs the program on its trials' standard input: %s declares "
                 "no 'stdin ~ ...'",
                 s->path);
        return -1;
    }
    for (size_t k = 0; k < s->ninputs; k++)
        if (&s->inputs[k] != spec_find_stdin(s)) {
            snprintf(err, errlen,
                     "%s:%d:%d: --format gcda runs the real program, which cannot get this "
                     "draw: only a drawn standard input can be given to it",
                     s->path, s->inputs[k].loc.line, s->inputs[k].loc.column);
            return -1;
        }
    if (s->argv) {
        snprintf(err, errlen,
                 "%s:%d:%d: --format gcda gives the program its standard input only, not "
                 "drawn arguments",
                 s->path, s->argv_loc.line, s->argv_loc.column);
        return -1;
    }
    return 0;
}

/* Whether the export can rerun R's trials natively: ERR says why not. */
static int check_spec(const result *r, const spec *s, char *err, size_t errlen) {
    if (s->function && strcmp(r->mode, "program") != 0) {
        if (check_function_spec(r, s, err, errlen) != 0) return -1;
    } else if (s->function || strcmp(r->mode, "program") != 0) {
        snprintf(err, errlen, "%s is not the spec this result was made with (its mode differs)", s->path);
        return -1;
    } else if (check_program_spec(s, err, errlen) != 0) {
        return -1;
    }
    if ((r->sampling && strcmp(r->sampling, "plain") != 0) || r->runs_per_trial > 1 || r->rare_block) {
        snprintf(err, errlen,
                 "--format gcda needs a result of plain sampling, one run per trial "
                 "(this one: %s)",
                 r->sampling ? r->sampling : "--rare");
        return -1;
    }
    if (r->trials == 0) {
        snprintf(err, errlen, "the result has no trials");
        return -1;
    }
    return 0;
}

/* Function mode: the entry made global in OBJECT (a static one is reachable then),
 * and the program's own main renamed, so that WORK/driver.c's main calls the entry. */
static int expose_entry(const char *work, const char *object, const char *entry, char *err, size_t errlen) {
    char *cmd = NULL, *cd = quote(work), *obj = quote(object), *sym = NULL, *qsym = NULL;
    int rc = -1;
    if (cd && obj && asprintf(&sym, "--globalize-symbol=%s", entry) >= 0 && (qsym = quote(sym)) &&
        asprintf(&cmd, "cd %s && objcopy --redefine-sym main=freqsys_program_main %s %s", cd, qsym, obj) >= 0)
        rc = sh(cmd, "renaming the program's main in gcc's build", err, errlen);
    else
        snprintf(err, errlen, "out of memory");
    free(cmd);
    free(cd);
    free(obj);
    free(sym);
    free(qsym);
    return rc;
}

/* Builds each source with GCC's counters in WORK, with the words of its unit U[i]
 * (`gcc GCC_FLAGS -c SOURCE -o OBJECT`), and links WORK/prog, whose data files go to
 * WORK/data. In function mode (ENTRY not NULL), WORK/driver.c, compiled without
 * counters, is the program's main. */
static int build(const spec *s, const gcc_unit *u, const char *gcc, const char *gcc_flags, const char *work,
                 const char *entry, char *err, size_t errlen) {
    char *link = NULL, *data = NULL, *cd = quote(work);
    if (!cd || asprintf(&link, "cd %s && %s", cd, gcc) < 0 ||
        asprintf(&data, "-fprofile-generate=%s/data", work) < 0) {
        free(link);
        free(cd);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = append_words(&link, gcc_flags) | append(&link, data);
    for (size_t i = 0; i < s->nsources && rc == 0; i++) {
        char *cmd = NULL, *dir = strdup(u[i].source), *iquote = NULL;
        char *slash = dir ? strrchr(dir, '/') : NULL;
        if (slash) *slash = 0;
        /* quoted includes are looked for beside the source as named: in WORK, a link */
        if (!dir || asprintf(&cmd, "cd %s && %s", cd, gcc) < 0 ||
            asprintf(&iquote, "-iquote%s%s%s", slash && dir[0] == '/' ? "" : u[i].dir, slash ? "/" : "",
                     slash ? dir : "") < 0) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        }
        if (rc == 0) rc = gcda_mirror(u[i].source, u[i].dir, work, err, errlen);
        if (rc == 0) rc = gcda_object_dirs(work, u[i].object, err, errlen);
        if (rc == 0)
            rc = append_words(&cmd, gcc_flags) | append(&cmd, iquote) |
                 append_flags(&cmd, s->cflags, s->ncflags) |
                 (s->units ? append_flags(&cmd, s->units[i].flags, s->units[i].nflags) : 0) |
                 append(&cmd, data) | append(&cmd, "-ftest-coverage") | append(&cmd, "-c") |
                 append(&cmd, u[i].source) | append(&cmd, "-o") | append(&cmd, u[i].object) |
                 append(&link, u[i].object);
        if (rc == 0) rc = sh(cmd, "compiling with gcc's counters", err, errlen);
        if (rc == 0 && entry) rc = expose_entry(work, u[i].object, entry, err, errlen);
        free(cmd);
        free(dir);
        free(iquote);
    }
    if (rc == 0 && entry) {
        char *cmd = NULL;
        rc = asprintf(&cmd, "cd %s && %s", cd, gcc) < 0 ? -1 : 0;
        if (rc == 0)
            rc = append_words(&cmd, gcc_flags) | append(&cmd, "-c") | append(&cmd, "driver.c") |
                 append(&cmd, "-o") | append(&cmd, "driver.o") | append(&link, "driver.o");
        if (rc == 0) rc = sh(cmd, "compiling the calls' driver", err, errlen);
        free(cmd);
    }
    if (rc == 0) {
        rc = append(&link, "-o") | append(&link, "prog") | append(&link, "-lm");
        /* linked statically where the C library allows: a run then starts in about half
         * the time (no dynamic loading), and the runs are most of the export's time; the
         * objects, and so GCC's arcs, are the same either way */
        char *quiet = NULL;
        if (rc == 0 && asprintf(&quiet, "%s -static >/dev/null 2>&1", link) >= 0 && system(quiet) == 0) {
            free(quiet);
        } else {
            free(quiet);
            if (rc == 0) rc = sh(link, "linking gcc's instrumented build", err, errlen);
        }
    }
    free(link);
    free(data);
    free(cd);
    return rc;
}

/* The arc counters of every unit after each chunk of trials, for their spread. */
typedef struct chunk_sink {
    size_t nunits;
    gcov_file *notes; /* [nunits] each unit's notes, the data read into them */
    char **trained;   /* [nunits] each unit's data file in WORK */
    uint64_t *totals; /* every unit's counters, in order */
    gcda_spread spread;
} chunk_sink;

static void sink_close(chunk_sink *sink) {
    for (size_t i = 0; i < sink->nunits; i++) {
        if (sink->notes) gcov_file_free(&sink->notes[i]);
        if (sink->trained) free(sink->trained[i]);
    }
    free(sink->notes);
    free(sink->trained);
    free(sink->totals);
    gcda_spread_free(&sink->spread);
    memset(sink, 0, sizeof *sink);
}

/* Reads the notes GCC's build wrote for each of the N units U in WORK, and where its
 * runs will write their data, into SINK. */
static int sink_open(const gcc_unit *u, size_t n, const char *work, chunk_sink *sink, char *err,
                     size_t errlen) {
    memset(sink, 0, sizeof *sink);
    sink->nunits = n;
    sink->notes = calloc(n + 1, sizeof *sink->notes);
    sink->trained = calloc(n + 1, sizeof *sink->trained);
    char *data_dir = NULL;
    int rc = sink->notes && sink->trained && asprintf(&data_dir, "%s/data", work) >= 0 ? 0 : -1;
    size_t counters = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        char *gcno = NULL, *base = NULL;
        if (asprintf(&gcno, "%s/%s.gcno", work, u[i].data_base) < 0 ||
            asprintf(&base, "%s/%s", work, u[i].data_base) < 0 ||
            !(sink->trained[i] = mangled(data_dir, base)))
            rc = -1;
        else if (gcov_read_notes(gcno, &sink->notes[i], err, errlen) != 0)
            rc = -2;
        for (size_t k = 0; rc == 0 && k < sink->notes[i].nfunctions; k++)
            counters += sink->notes[i].functions[k].ncounted;
        free(gcno);
        free(base);
    }
    free(data_dir);
    if (rc == 0 && (!(sink->totals = calloc(counters + 1, sizeof *sink->totals)) ||
                    gcda_spread_init(&sink->spread, counters) != 0))
        rc = -1;
    if (rc == -1) snprintf(err, errlen, "out of memory");
    if (rc != 0) sink_close(sink);
    return rc == 0 ? 0 : -1;
}

/* Says on NOTES how far the counts of a sampled export (TRIALS of the result's ALL)
 * may be from those of all the trials: the largest standard error, by batch means
 * over the chunks, relative to its arc's mean, among the arcs of at least 1% of the
 * hottest. */
static void say_spread(const chunk_sink *sink, uint64_t trials, uint64_t all, FILE *notes) {
    if (!notes || trials >= all) return;
    size_t at = 0;
    double worst = gcda_spread_worst(&sink->spread, 0.01, &at);
    if (isnan(worst))
        fprintf(notes,
                "freqsys report: the counts are means over %llu of the result's %llu trials, too few chunks "
                "of %d for a standard error\n",
                (unsigned long long)trials, (unsigned long long)all, RUN_CHUNK);
    else
        fprintf(notes,
                "freqsys report: the counts are means over %llu of the result's %llu trials; the largest "
                "standard error of an arc's mean (batch means over %zu chunks, arcs of at least 1%% of the "
                "hottest) is %.2g%% of it\n",
                (unsigned long long)trials, (unsigned long long)all, sink->spread.chunks, 100 * worst);
}

/* Reads the units' data files after a chunk of COUNT trials into SINK's sums. A unit
 * with no data file yet (none of its functions ran) counts 0. */
static int gather(chunk_sink *sink, uint64_t count, char *err, size_t errlen) {
    size_t at = 0;
    for (size_t i = 0; i < sink->nunits; i++) {
        gcov_file *f = &sink->notes[i];
        if (access(sink->trained[i], F_OK) == 0 && gcov_read_data(sink->trained[i], f, err, errlen) != 0)
            return -1;
        for (size_t k = 0; k < f->nfunctions; k++)
            for (size_t a = 0; a < f->functions[k].ncounted; a++)
                sink->totals[at++] = f->functions[k].counts ? f->functions[k].counts[a] : 0;
    }
    gcda_spread_add(&sink->spread, sink->totals, count);
    return 0;
}

/* Runs WORK/prog on the standard input of each trial of R, drawn DRAW_CHUNK at a time,
 * saying how far it got on NOTES: a line that counts on a terminal, else a line at
 * each tenth. */
/* This executable's path, into SELF (SIZE bytes). */
static int self_path(char *self, size_t size, char *err, size_t errlen) {
    ssize_t n = readlink("/proc/self/exe", self, size - 1);
    if (n <= 0) {
        snprintf(err, errlen, "freqsys's own path is unknown (/proc/self/exe: %s)", strerror(errno));
        return -1;
    }
    self[n] = 0;
    return 0;
}

/* Function mode: `freqsys draw` of no trial writes the entry's signature in
 * WORK/calls, from which WORK/driver.c is made; its name goes to ENTRY. */
static int make_driver(const char *spec_path, const char *work, char *entry, size_t entrylen, char *err,
                       size_t errlen) {
    char self[4096], signature[4200], driver[4200];
    if (self_path(self, sizeof self, err, errlen) != 0) return -1;
    char *qself = quote(self), *qspec = quote(spec_path), *qwork = quote(work), *cmd = NULL;
    int rc = qself && qspec && qwork &&
                     asprintf(&cmd, "%s draw %s -q -o %s/calls -n 0 >/dev/null", qself, qspec, qwork) >= 0
                 ? sh(cmd, "drawing the function's signature", err, errlen)
                 : -1;
    free(cmd);
    free(qself);
    free(qspec);
    free(qwork);
    snprintf(signature, sizeof signature, "%s/calls/entry.txt", work);
    snprintf(driver, sizeof driver, "%s/driver.c", work);
    return rc == 0 ? gcda_driver_write(signature, driver, entry, entrylen, err, errlen) : -1;
}

/* Function mode: WORK/in/N for each trial FIRST .. FIRST + COUNT - 1, holding the
 * stem of its calls in WORK/calls, which the driver reads on its standard input. */
static int write_stems(const char *work, uint64_t first, uint64_t count, char *err, size_t errlen) {
    char path[4200];
    for (uint64_t t = first; t < first + count; t++) {
        snprintf(path, sizeof path, "%s/in/%012llu", work, (unsigned long long)t);
        FILE *f = fopen(path, "w");
        if (!f || fprintf(f, "%s/calls/trial-%06llu\n", work, (unsigned long long)t) < 0 || fclose(f) != 0) {
            snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* The command that draws trials FIRST .. FIRST + COUNT - 1's inputs into WORK: their
 * standard inputs in WORK/in, or (FUNCTION_MODE) their calls in WORK/calls. */
static char *draw_command(const char *qself, const char *qspec, const char *qwork, int function_mode,
                          uint64_t seed, uint64_t first, uint64_t count) {
    char *cmd = NULL;
    int n =
        function_mode
            ? asprintf(&cmd,
                       "rm -rf %s/in %s/calls && mkdir %s/in && %s draw %s -q -o %s/calls -s %llu "
                       "-n %llu --first %llu >/dev/null",
                       qwork, qwork, qwork, qself, qspec, qwork, (unsigned long long)seed,
                       (unsigned long long)count, (unsigned long long)first)
            : asprintf(&cmd, "rm -rf %s/in && %s draw %s -o %s/in -s %llu -n %llu --first %llu >/dev/null",
                       qwork, qself, qspec, qwork, (unsigned long long)seed, (unsigned long long)count,
                       (unsigned long long)first);
    return n < 0 ? NULL : cmd;
}

/* Whether the calls' driver could not replay a call (it ends that run, whose counts
 * would then be missing from the trials they are divided by): ERR says which. */
static int replay_fault(const char *faults, char *err, size_t errlen) {
    FILE *f = fopen(faults, "r");
    if (!f) return 0;
    char line[1024];
    int any = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    if (any)
        snprintf(err, errlen,
                 "the calls' driver could not replay a call: %.*s (a defect of freqsys; please report it)",
                 (int)strcspn(line, "\n"), line);
    return any;
}

static int train(const result *r, uint64_t trials, const char *spec_path, int function_mode, const char *work,
                 chunk_sink *sink, FILE *notes, char *err, size_t errlen) {
    char self[4096];
    if (self_path(self, sizeof self, err, errlen) != 0) return -1;
    char *qself = quote(self), *qspec = quote(spec_path), *qwork = quote(work), prog[4096 + 8],
         in_dir[4096 + 8];
    /* WORK is at most 4,095 characters: the suffixes always fit */
    snprintf(prog, sizeof prog, "%s/prog", work);
    snprintf(in_dir, sizeof in_dir, "%s/in", work);
    int rc = qself && qspec && qwork ? 0 : -1;
    /* function mode's driver says here which call it could not replay (gcda_driver.c) */
    char faults[4096 + 16];
    snprintf(faults, sizeof faults, "%s/faults", work);
    if (function_mode && rc == 0 &&
        ((unlink(faults) != 0 && errno != ENOENT) || setenv("FREQSYS_REPLAY_FAULTS", faults, 1) != 0)) {
        snprintf(err, errlen, "cannot prepare %s: %s", faults, strerror(errno));
        rc = -1;
    }
    /* a run that hangs is killed, as the trial was: well past the trials' own limit
     * (their CPU time; this is wall-clock time on a machine that may be busy) */
    double limit = ceil(10 * (r->timeout_s > 0 ? r->timeout_s : 10));
    int tty = notes && isatty(fileno(notes));
    unsigned tenth = 0;
    if (notes)
        fprintf(notes, "freqsys report: running gcc's instrumented build on the inputs of %llu trials%s\n",
                (unsigned long long)trials, trials < r->trials ? ", the first of the result's" : "");
    for (uint64_t first = 0; first < trials && rc == 0; first += DRAW_CHUNK) {
        uint64_t count = trials - first < DRAW_CHUNK ? trials - first : DRAW_CHUNK;
        /* each run's output and exit status are the program's business, not the profile's;
         * a draw that fails, or draws too few, fails the export (the counters are divided
         * by the trials) */
        char *cmd = draw_command(qself, qspec, qwork, function_mode, r->seed, first, count);
        if (!cmd) {
            rc = -1;
            break;
        }
        rc = sh(cmd, "drawing the trials' inputs", err, errlen);
        free(cmd);
        if (rc == 0 && function_mode) rc = write_stems(work, first, count, err, errlen);
        /* one native run per input, started directly: a shell and a timeout process a
         * run cost several times the run itself */
        for (uint64_t part = 0; rc == 0 && part < count; part += RUN_CHUNK) {
            uint64_t runs = count - part < RUN_CHUNK ? count - part : RUN_CHUNK;
            long ran = native_runs(prog, in_dir, (size_t)part, (size_t)runs, limit, err, errlen);
            if (ran >= 0 && (uint64_t)ran != runs) {
                snprintf(err, errlen, "freqsys draw made too few inputs: %ld runs of %llu", ran,
                         (unsigned long long)runs);
                ran = -1;
            }
            if (ran >= 0 && function_mode && replay_fault(faults, err, errlen)) ran = -1;
            rc = ran < 0 ? -1 : gather(sink, runs, err, errlen);
            uint64_t done = first + part + runs;
            if (rc == 0 && tty) {
                fprintf(notes, "\rfreqsys report: %llu of %llu trials run%s", (unsigned long long)done,
                        (unsigned long long)trials, done == trials ? "\n" : "");
            } else if (rc == 0 && notes && (unsigned)(done * 10 / trials) > tenth) {
                tenth = (unsigned)(done * 10 / trials);
                fprintf(notes, "freqsys report: %llu of %llu trials run (%u%%)\n", (unsigned long long)done,
                        (unsigned long long)trials, tenth * 10);
            }
            if (notes) fflush(notes);
        }
    }
    free(qself);
    free(qspec);
    free(qwork);
    return rc;
}

/* Turns the totals in F (over TRIALS trials) into SCALE times their means. */
static void scale_counts(gcov_file *f, uint64_t trials, double scale) {
    f->sum_max = 0;
    for (size_t k = 0; k < f->nfunctions; k++)
        for (size_t a = 0; f->functions[k].counts && a < f->functions[k].ncounted; a++) {
            uint64_t *c = &f->functions[k].counts[a];
            *c = (uint64_t)llround((double)*c / (double)trials * scale);
            f->sum_max = *c > f->sum_max ? *c : f->sum_max;
        }
    f->runs = (uint32_t)scale;
}

/* The absolute form of PATH, which need not exist yet: itself, or joined to the
 * current folder. */
static char *absolute(const char *path) {
    char *cwd = path[0] == '/' ? NULL : gcda_current_dir(), *out = NULL;
    if (path[0] == '/') return strdup(path);
    if (cwd && asprintf(&out, "%s/%s", cwd, path) < 0) out = NULL;
    free(cwd);
    return out;
}

/* The data file of unit U (source I of S): read from WORK, scaled, written to OUT_DIR
 * under the name the user's `cd DIR && gcc -fprofile-use=OUT_DIR -c SOURCE -o OBJECT`
 * looks for. */
static int export_unit(uint64_t trials, const spec *s, size_t i, const gcc_unit *u, const char *work,
                       double scale, const char *out_dir, FILE *notes, char *err, size_t errlen) {
    char *gcno = NULL, *base = NULL, *target = NULL, *trained = NULL, *data_dir = NULL, *abs_out = NULL;
    int rc = -1;
    gcov_file f = {0};
    if (asprintf(&gcno, "%s/%s.gcno", work, u->data_base) < 0 ||
        asprintf(&base, "%s/%s", work, u->data_base) < 0 || asprintf(&data_dir, "%s/data", work) < 0 ||
        !(trained = mangled(data_dir, base))) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    free(base);
    base = NULL;
    if (asprintf(&base, "%s/%s", u->dir, u->data_base) < 0 || !(target = mangled(out_dir, base)) ||
        !(abs_out = absolute(out_dir))) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    if (gcov_read_notes(gcno, &f, err, errlen) != 0) goto out;
    /* no data file: no function of the source ran in any trial; the counters are 0 */
    if (access(trained, F_OK) == 0 && gcov_read_data(trained, &f, err, errlen) != 0) goto out;
    scale_counts(&f, trials, scale);
    if (gcov_write_data(target, &f, err, errlen) != 0) goto out;
    if (notes) {
        char *cwd = gcda_current_dir();
        int here = cwd && !strcmp(cwd, u->dir);
        if (here)
            fprintf(notes, "freqsys report: %s: %s (for gcc -fprofile-use=%s -c %s -o %s, here)\n",
                    s->sources[i], target, out_dir, u->source, u->object);
        else
            fprintf(notes, "freqsys report: %s: %s (for gcc -fprofile-use=%s -c %s -o %s, in %s)\n",
                    s->sources[i], target, abs_out, u->source, u->object, u->dir);
        free(cwd);
    }
    rc = 0;
out:
    gcov_file_free(&f);
    free(gcno);
    free(base);
    free(target);
    free(trained);
    free(data_dir);
    free(abs_out);
    return rc;
}

int gcda_profile_write(const result *r, const char *spec_path, const gcda_options *opt, const char *out_dir,
                       FILE *notes, char *err, size_t errlen) {
    spec *s;
    if (result_spec_parse(spec_path, &s, err, errlen) != 0) return -1;
    gcc_unit *units = NULL;
    if (check_spec(r, s, err, errlen) != 0 ||
        !(units = gcda_units_resolve(s, opt->objects, opt->nobjects, err, errlen))) {
        spec_free(s);
        return -1;
    }
    if (mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot make the folder %s: %s", out_dir, strerror(errno));
        gcda_units_free(units, s->nsources);
        spec_free(s);
        return -1;
    }
    const char *tmp = getenv("TMPDIR");
    char work[4096];
    snprintf(work, sizeof work, "%s/freqsys-gcda.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(work)) {
        snprintf(err, errlen, "cannot make a working folder in %s: %s", tmp && *tmp ? tmp : "/tmp",
                 strerror(errno));
        gcda_units_free(units, s->nsources);
        spec_free(s);
        return -1;
    }
    const char *gcc = getenv("FREQSYS_GCC");
    char entry[256] = "";
    int function_mode = s->function != NULL;
    int rc = function_mode ? make_driver(spec_path, work, entry, sizeof entry, err, errlen) : 0;
    if (rc == 0)
        rc = build(s, units, gcc && *gcc ? gcc : "gcc", opt->gcc_flags ? opt->gcc_flags : "-O2", work,
                   function_mode ? entry : NULL, err, errlen);
    uint64_t trials = opt->trials && opt->trials < r->trials ? opt->trials : r->trials;
    chunk_sink sink = {0};
    if (rc == 0) rc = sink_open(units, s->nsources, work, &sink, err, errlen);
    if (rc == 0) rc = train(r, trials, spec_path, function_mode, work, &sink, notes, err, errlen);
    /* a function's counts are per call, as the result's means are */
    uint64_t runs = function_mode && r->calls > 1 ? trials * r->calls : trials;
    for (size_t i = 0; i < s->nsources && rc == 0; i++)
        rc = export_unit(runs, s, i, &units[i], work, opt->scale, out_dir, notes, err, errlen);
    if (rc == 0) say_spread(&sink, trials, r->trials, notes);
    sink_close(&sink);
    char *cmd = NULL, *q = quote(work);
    if (q && asprintf(&cmd, "rm -rf %s", q) >= 0 && system(cmd) != 0 && notes)
        fprintf(notes, "freqsys report: warning: could not remove %s\n", work);
    free(cmd);
    free(q);
    gcda_units_free(units, s->nsources);
    spec_free(s);
    return rc;
}

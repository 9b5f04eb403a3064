/* freqsys/cli_run.c: `freqsys run`: build the instrumented program, estimate, write the result. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gsl/gsl_cdf.h>
#include "commands.h"
#include "result.h"
#include "run_rare.h"
#include "checkpoint.h"
#include "draw_scores.h"
#include "enumerate.h"
#include "module_load.h"
#include "path_hashed.h"
#include "result_estimate_fill.h"
#include "run_outcomes.h"
#include "run_summary.h"
#include "code_place.h"
#include "timeout_calibrate.h"
#include "runner.h"
#include "sampling_choice.h"
#include "score_sums.h"
#include "stdin_text.h"
#include "transform.h"

typedef struct run_options {
    const char *spec_path, *out_path, *format, *trace_path, *resume_path, *checkpoint_path;
    double epsilon, confidence;
    int epsilon_relative, has_epsilon, has_confidence;
    double epsilon_floor;      /* -e '2%+0.001': the floor; taken over the spec's when -e is given */
    int has_floor;
    unsigned long long seed, max_trials;
    int has_seed, has_max_trials;
    int jobs, has_jobs, quiet, keep, allow_writes;
    long long replay;          /* -1, or the trial to rerun in the foreground */
    unsigned long long stop_after;
    double time_limit_s;       /* --time-limit, 0 when not given */
    double timeout_s;          /* --timeout, 0 when not given */
    double checkpoint_every;
    stop_family family;        /* --simultaneous */
    stop_method method;        /* --method */
    double cap;                /* --cap, 0 when not given */
    optimize_level optimize;
    unsigned long long max_paths;   /* --paths / --max-paths: 0 counts no paths */
    unsigned long long context_depth;   /* --contexts / --context-depth: 0 counts no contexts */
    const char *sampling;      /* --sampling; NULL: auto (enumerate when it applies, else the pilot's choice) */
    unsigned long long enumerate_limit;   /* --enumerate-limit; 0: the default */
    int has_enumerate_limit;
    unsigned long long points;  /* --points: runs per replicate; 0: the method's default */
    int sensitivity;           /* --sensitivity: d mean / d parameter for every block */
    const char *rare;          /* --rare BLOCK: importance sampling for that block; NULL: none */
} run_options;

#define DEFAULT_MAX_PATHS 4096
#define DEFAULT_CONTEXT_DEPTH 2

/* "0.3", "2%", or "2% + 0.001" (spaces optional): a relative epsilon's absolute floor
 * F >= 0 into *FLOOR (0 when none). Returns 0, or -1. */
static int parse_epsilon(const char *text, double *eps, int *relative, double *floor) {
    char *end;
    errno = 0;
    double v = strtod(text, &end), f = 0;
    *relative = *end == '%';
    if (*relative) { v /= 100; end++; }
    if (errno || end == text || !(v > 0)) return -1;
    end += strspn(end, " ");
    if (*relative && *end == '+') {
        const char *at = end + 1 + strspn(end + 1, " ");
        f = strtod(at, &end);
        if (errno || end == at || *at == '-' || !(f >= 0) || isinf(f)) return -1;
        end += strspn(end, " ");
    }
    if (*end) return -1;
    *eps = v;
    *floor = f;
    return 0;
}

static int parse_count(const char *text, unsigned long long *out) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-') return -1;
    *out = v;
    return 0;
}

static int usage_error(const char *fmt, const char *arg) {
    fprintf(stderr, "freqsys run: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(see 'freqsys help run')\n");
    return EXIT_USAGE;
}

/* "90", "90s", "1.5m", "2h", "500ms" into seconds > 0. Returns 0, or -1. */
static int parse_duration(const char *text, double *out) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    double scale = !*end || !strcmp(end, "s") ? 1 : !strcmp(end, "ms") ? 0.001 : !strcmp(end, "m") ? 60
                 : !strcmp(end, "h") ? 3600 : 0;
    if (errno || end == text || scale == 0 || !(v > 0) || isinf(v)) return -1;
    *out = v * scale;
    return 0;
}

/* One option that shapes the verdicts (-e, -g, --simultaneous, --method, --cap) into O.
 * Returns 0, -1 when C is none of them, or a usage error's exit status. */
static int statistics_option(int c, run_options *o) {
    switch (c) {
    case 'e':
        if (parse_epsilon(optarg, &o->epsilon, &o->epsilon_relative, &o->epsilon_floor))
            return usage_error("-e takes a positive number, a percentage, or a percentage plus a floor "
                               "('2%%+0.001'), got '%s'", optarg);
        o->has_epsilon = 1;
        o->has_floor = 1;
        break;
    case 'g': {
        char *end;
        o->confidence = strtod(optarg, &end);
        if (*end == '%') { o->confidence /= 100; end++; }
        if (end == optarg || *end || !(o->confidence > 0 && o->confidence < 1))
            return usage_error("-g takes a confidence in (0, 1), got '%s'", optarg);
        o->has_confidence = 1;
        break;
    }
    case 'S':
        if (!optarg || !strcmp(optarg, "bonferroni")) o->family = STOP_BONFERRONI;
        else if (!strcmp(optarg, "sidak")) o->family = STOP_SIDAK;
        else return usage_error("--simultaneous takes bonferroni or sidak, got '%s'", optarg);
        break;
    case 'M':
        if (!strcmp(optarg, "clt")) o->method = STOP_METHOD_CLT;
        else if (!strcmp(optarg, "anytime")) o->method = STOP_METHOD_ANYTIME;
        else if (!strcmp(optarg, "paper")) o->method = STOP_METHOD_PAPER;
        else return usage_error("--method takes clt, anytime or paper, got '%s'", optarg);
        break;
    case 'K': {
        char *end;
        errno = 0;
        o->cap = strtod(optarg, &end);
        if (errno || end == optarg || *end || !(o->cap >= 1) || isinf(o->cap))
            return usage_error("--cap takes the largest count one trial can give (>= 1), got '%s'", optarg);
        break;
    }
    default: return -1;
    }
    return 0;
}

/* One option that shapes how inputs are drawn and what is counted (--sampling,
 * --points, --enumerate-limit, --paths, --max-paths, --contexts, --context-depth)
 * into O. Returns as
 * statistics_option. */
static int sampling_option(int c, run_options *o) {
    unsigned long long v;
    switch (c) {
    case 'Z': {
        sampling_method m;
        if (strcmp(optarg, "auto") && strcmp(optarg, "enumerate") && sampling_method_parse(optarg, &m))
            return usage_error("--sampling takes auto, enumerate, plain, antithetic, stratified or qmc, got '%s'",
                               optarg);
        o->sampling = strcmp(optarg, "auto") ? optarg : NULL;
        break;
    }
    case 'Q':
        if (parse_count(optarg, &o->points) || o->points < 2 || o->points > 65536)
            return usage_error("--points takes the runs per replicate, 2 to 65536, got '%s'", optarg);
        break;
    case 'U':
        if (parse_count(optarg, &o->enumerate_limit))
            return usage_error("--enumerate-limit takes a number of combinations (0: never enumerate), got '%s'",
                               optarg);
        o->has_enumerate_limit = 1;
        break;
    case 'H':
        if (!o->max_paths) o->max_paths = DEFAULT_MAX_PATHS;
        break;
    case 'Y': o->sensitivity = 1; break;
    case 'B': o->rare = optarg; break;
    case 'X':
        if (parse_count(optarg, &v) || v < 1 || v > INSTRUMENT_MAX_PATHS_LIMIT)
            return usage_error("--max-paths takes a number of paths from 1 to 4294967296, got '%s'", optarg);
        o->max_paths = v;
        break;
    case 'G':
        if (!o->context_depth) o->context_depth = DEFAULT_CONTEXT_DEPTH;
        break;
    case 'D':
        if (parse_count(optarg, &v) || v < 1 || v > INSTRUMENT_MAX_CONTEXT_DEPTH)
            return usage_error("--context-depth takes a number of call sites from 1 to 8, got '%s'", optarg);
        _Static_assert(INSTRUMENT_MAX_CONTEXT_DEPTH == 8, "the message above names the limit");
        o->context_depth = v;
        break;
    default: return -1;
    }
    return 0;
}

/* run's long options; the letters are getopt_long's names for them. */
static const struct option run_longs[] = {
    {"epsilon", required_argument, 0, 'e'}, {"confidence", required_argument, 0, 'g'},
    {"seed", required_argument, 0, 's'}, {"jobs", required_argument, 0, 'j'},
    {"max-trials", required_argument, 0, 'n'}, {"output", required_argument, 0, 'o'},
    {"format", required_argument, 0, 'f'}, {"quiet", no_argument, 0, 'q'},
    {"keep", no_argument, 0, 'k'}, {"trace", required_argument, 0, 'T'},
    {"allow-writes", no_argument, 0, 'W'}, {"replay", required_argument, 0, 'R'},
    {"resume", required_argument, 0, 'C'}, {"checkpoint", required_argument, 0, 'P'},
    {"stop-after", required_argument, 0, 'A'}, {"checkpoint-every", required_argument, 0, 'E'},
    {"simultaneous", optional_argument, 0, 'S'}, {"method", required_argument, 0, 'M'},
    {"cap", required_argument, 0, 'K'}, {"optimize", required_argument, 0, 'O'},
    {"time-limit", required_argument, 0, 'L'}, {"sampling", required_argument, 0, 'Z'},
    {"timeout", required_argument, 0, 'V'},
    {"enumerate-limit", required_argument, 0, 'U'}, {"points", required_argument, 0, 'Q'},
    {"paths", no_argument, 0, 'H'}, {"max-paths", required_argument, 0, 'X'},
    {"sensitivity", no_argument, 0, 'Y'}, {"rare", required_argument, 0, 'B'},
    {"contexts", no_argument, 0, 'G'}, {"context-depth", required_argument, 0, 'D'},
    {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};

/* --sampling, --points and --sensitivity with what they cannot go with: a usage
 * error's exit status, or 0. */
static int sampling_usage(const run_options *o) {
    sampling_method method = SAMPLING_PLAIN;
    if (o->sampling) sampling_method_parse(o->sampling, &method);
    if (o->points && method != SAMPLING_STRATIFIED && method != SAMPLING_QMC)
        return usage_error("%s", "--points goes with --sampling stratified or qmc");
    if (method != SAMPLING_PLAIN && (o->resume_path || o->method == STOP_METHOD_PAPER || o->replay >= 0))
        return usage_error("--sampling %s cannot be combined with --resume, --replay or --method paper", o->sampling);
    if (o->sensitivity && (method != SAMPLING_PLAIN || (o->sampling && !strcmp(o->sampling, "enumerate"))))
        return usage_error("--sensitivity needs plain sampling (the scores weight independent draws), "
                           "not --sampling %s", o->sampling);
    if (o->sensitivity && (o->resume_path || o->method == STOP_METHOD_PAPER))
        return usage_error("%s", "--sensitivity cannot be combined with --resume or --method paper");
    if (o->rare && (method != SAMPLING_PLAIN || (o->sampling && !strcmp(o->sampling, "enumerate")) ||
                    o->sensitivity || o->resume_path || o->method == STOP_METHOD_PAPER || o->max_paths ||
                    o->context_depth))
        return usage_error("--rare %s needs plain sampling and cannot be combined with --sensitivity, --resume, "
                           "--method paper, --paths or --contexts", o->rare);
    return 0;
}

static int parse_options(int argc, char **argv, run_options *o) {
    o->replay = -1;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    o->jobs = n > 0 ? (int)n : 1;
    int c;
    optind = 1;
    opterr = 0;   /* cli_getopt_error says what went wrong, with the nearest option */
    while ((c = getopt_long(argc, argv, ":e:g:s:j:n:o:f:qkh", run_longs, NULL)) != -1) {
        unsigned long long v;
        switch (c) {
        case 's':
            if (parse_count(optarg, &o->seed)) return usage_error("-s takes a non-negative integer, got '%s'", optarg);
            o->has_seed = 1;
            break;
        case 'j':
            if (parse_count(optarg, &v) || v < 1 || v > 1024)
                return usage_error("-j takes a number of workers from 1 to 1024, got '%s'", optarg);
            o->jobs = (int)v;
            o->has_jobs = 1;
            break;
        case 'n':
            if (parse_count(optarg, &o->max_trials) || o->max_trials < 1)
                return usage_error("-n takes a positive number of trials, got '%s'", optarg);
            o->has_max_trials = 1;
            break;
        case 'o': o->out_path = optarg; break;
        case 'O':
            if (optimize_level_parse(optarg, &o->optimize))
                return usage_error("--optimize takes auto, full, quick or none, got '%s'", optarg);
            break;
        case 'f':
            if (strcmp(optarg, "text") && strcmp(optarg, "json") && strcmp(optarg, "csv"))
                return usage_error("--format takes text, json or csv, got '%s'", optarg);
            o->format = optarg;
            break;
        case 'q': o->quiet = 1; break;
        case 'k': o->keep = 1; break;
        case 'T': o->trace_path = optarg; break;
        case 'W': o->allow_writes = 1; break;
        case 'C': o->resume_path = optarg; break;
        case 'P': o->checkpoint_path = optarg; break;
        case 'V':
            if (parse_duration(optarg, &o->timeout_s) != 0)
                return usage_error("--timeout takes a duration such as 50ms, 2s or 1m, got '%s'", optarg);
            break;
        case 'L':
            if (parse_duration(optarg, &o->time_limit_s) != 0)
                return usage_error("--time-limit takes a duration such as 90s, 10m or 2h, got '%s'", optarg);
            break;
        case 'A':
            if (parse_count(optarg, &o->stop_after) || o->stop_after < 1)
                return usage_error("--stop-after takes a positive number of trials, got '%s'", optarg);
            break;
        case 'E': {
            char *end;
            o->checkpoint_every = strtod(optarg, &end);
            if (end == optarg || *end || !(o->checkpoint_every > 0))
                return usage_error("--checkpoint-every takes seconds, got '%s'", optarg);
            break;
        }
        case 'R':
            if (parse_count(optarg, &v)) return usage_error("--replay takes a trial number, got '%s'", optarg);
            o->replay = (long long)v;
            break;
        case 'h': cli_help("run", stdout); exit(EXIT_OK);
        case '?':
        case ':': return cli_getopt_error("run", c, argc, argv, run_longs);
        default: {
            int rc = statistics_option(c, o);
            if (rc < 0) rc = sampling_option(c, o);
            if (rc < 0) return usage_error("%s", "unknown option");
            if (rc > 0) return rc;
        }
        }
    }
    if (sampling_usage(o) != 0) return EXIT_USAGE;
    if (o->resume_path && optind == argc) return 0;   /* the spec comes from the checkpoint */
    if (optind != argc - 1) return usage_error("%s", "needs exactly one SPEC file");
    o->spec_path = argv[optind];
    return 0;
}

/* File names relative to the spec's folder read better and do not depend on where
 * the checkout lives, so identical runs give identical JSON on any machine. */
static char *relative_file(const spec *s, const char *file);

/* relative_file as run_crash_sites_fill asks for it. */
static char *file_as_written(const char *file, void *s) { return relative_file(s, file); }

static char *relative_file(const spec *s, const char *file) {
    char *real_dir = realpath(s->dir, NULL);
    const char *f = file;
    if (real_dir) {
        size_t n = strlen(real_dir);
        if (strncmp(file, real_dir, n) == 0 && file[n] == '/') f = file + n + 1;
    }
    char *out = strdup(f);
    free(real_dir);
    return out;
}

/* An entry's estimate E (filled per call, PER calls a run) when the rule judged
 * replicate totals M of RUNS runs: the mean, half-width and range are a run's, those
 * divided by RUNS; the spread, extremes and hits those of the runs themselves (RUN). */
static void estimate_per_run(result_estimate *e, const tally_moments *m, const tally_moments *run, uint32_t runs,
                             double per) {
    double k = (double)runs;
    e->mean = m->mean / (k * per);
    e->half_width /= k;
    e->range /= k;
    e->stddev = run->stddev / per;
    e->min = run->min;
    e->max = run->max;
    e->hits = run->hits;
}

/* The paths' estimates and each function's path count, with --paths; per call
 * (divided by PER, the counted calls of a trial) as the blocks'. */
/* Names on an entry the spec's cap its bound BOUND rests on, when block B's bound is
 * BOUND and rests on one: its CAP, and basis "cap" where the verdict used the bound.
 * Returns 0, or -1 out of memory. */
static int name_cap(const fsabi_block *b, double bound, const block_verdict *v, result_estimate *e, char **cap) {
    if (!b || !b->bound_from || !b->bound_from[0] || b->tail_mass > 0 || runner_block_max_runs(b) != bound) return 0;
    if (!(*cap = strdup(b->bound_from))) return -1;
    if (v->basis == BASIS_PROVEN && isfinite(v->range)) {
        free(e->basis);
        if (!(e->basis = strdup("cap"))) return -1;
    }
    return 0;
}

/* The block of path FP whose bound is the path's: its rarest. */
static const fsabi_block *rarest_block(const fsabi_module *mod, const fsabi_path *fp) {
    const fsabi_block *rarest = NULL;
    for (uint32_t k = 0; k < fp->nblocks; k++) {
        const fsabi_block *b = &mod->blocks[mod->path_blocks[fp->first_block + k]];
        if (!rarest || runner_block_max_runs(b) < runner_block_max_runs(rarest)) rarest = b;
    }
    return rarest;
}

static int make_paths(result *r, const fsabi_module *mod, const runner_result *rr, double per, uint32_t runs) {
    if (!mod->path_functions) return 0;
    r->max_paths = mod->max_paths;
    r->paths = calloc(mod->npaths + 1, sizeof *r->paths);
    r->path_functions = calloc(mod->nfunctions + 1, sizeof *r->path_functions);
    if (!r->paths || !r->path_functions) return -1;
    for (uint64_t p = 0; p < mod->npaths; p++) {
        const fsabi_path *fp = &mod->paths[p];
        uint64_t j = fsabi_path_base(mod) + p;
        const tally_moments *m = &rr->moments[j];
        const block_verdict *v = &rr->verdicts[j];
        result_path *out = &r->paths[r->npaths++];
        out->function = strdup(mod->functions[fp->function_index].name);
        out->id = fp->id;
        out->blocks = calloc(fp->nblocks + 1, sizeof *out->blocks);
        if (!out->function || !out->blocks) return -1;
        for (uint32_t k = 0; k < fp->nblocks; k++)
            if (!(out->blocks[out->nblocks++] = strdup(mod->blocks[mod->path_blocks[fp->first_block + k]].label))) return -1;
        if (fp->back_to != FSABI_PATH_ENDS && !(out->back_to = strdup(mod->blocks[fp->back_to].label))) return -1;
        if (result_estimate_fill(&out->estimate, m, v, runner_path_max_runs(fp), per) != 0 ||
            name_cap(rarest_block(mod, fp), runner_path_max_runs(fp), v, &out->estimate, &out->cap) != 0)
            return -1;
        if (rr->run_moments) estimate_per_run(&out->estimate, m, &rr->run_moments[j], runs, per);
    }
    for (uint64_t f = 0; f < mod->nfunctions; f++) {
        const fsabi_path_function *pf = &mod->path_functions[f];
        if (mod->functions[f].name[0] == '(') continue;   /* "(mmio writes)" is no function */
        result_path_function *out = &r->path_functions[r->npath_functions++];
        out->function = strdup(mod->functions[f].name);
        out->paths = pf->status == FSABI_PATHS_UNSUPPORTED ? UINT64_MAX : pf->total;
        out->counted = pf->status == FSABI_PATHS_COUNTED;
        char note[160] = "";
        if (pf->status == FSABI_PATHS_TOO_MANY && pf->total == UINT64_MAX)
            snprintf(note, sizeof note, "not counted: more than 2^64 paths > limit %llu", (unsigned long long)mod->max_paths);
        else if (pf->status == FSABI_PATHS_TOO_MANY && pf->total > mod->max_paths)
            snprintf(note, sizeof note, "not counted: %llu paths > limit %llu", (unsigned long long)pf->total,
                     (unsigned long long)mod->max_paths);
        else if (pf->status == FSABI_PATHS_TOO_MANY)
            snprintf(note, sizeof note, "not counted: %llu paths, past the module's room for path counters",
                     (unsigned long long)pf->total);
        else if (pf->status == FSABI_PATHS_UNSUPPORTED)
            snprintf(note, sizeof note, "not counted: control flow the numbering does not follow (setjmp, exception pads)");
        if (!out->function || (note[0] && !(out->note = strdup(note)))) return -1;
    }
    return 0;
}

/* `--sensitivity`: every block's derivative for every scored parameter (per call:
 * divided by PER as the means are), and the parameters without one. Returns 0, or
 * -1 when memory ran out. */
static int make_sensitivities(result *r, const runtime_table *rt, const runner_config *cfg,
                              const runner_result *rr, double per) {
    size_t nparams, nscored;
    const draw_score_param *params = rt->scores_params(&nparams, &nscored);
    r->has_sensitivities = 1;
    r->sensitivities = calloc(r->nblocks * nscored + 1, sizeof *r->sensitivities);
    r->sensitivity_skipped = calloc(nparams - nscored + 1, sizeof *r->sensitivity_skipped);
    if (!r->sensitivities || !r->sensitivity_skipped) return -1;
    double z = gsl_cdf_ugaussian_Pinv(1 - (1 - cfg->stop.confidence) / 2);
    uint64_t valid = rr->trials - runner_hashed_lost(rr);   /* scores are lost with the worker too */
    for (size_t j = 0; j < r->nblocks && rr->scores; j++)
        for (size_t p = 0; p < nscored; p++) {
            result_sensitivity *out = &r->sensitivities[r->nsensitivities++];
            out->block = j;
            out->value = params[p].value;
            const tally_moments *m = &rr->moments[j];
            if (score_sums_estimate(rr->scores, (uint32_t)j, (uint32_t)p, valid, m->mean, m->variance, z,
                                    &out->derivative, &out->half_width) != 0)
                out->derivative = out->half_width = NAN;
            out->derivative /= per;
            out->half_width /= per;
            if (!(out->input = strdup(params[p].input)) || !(out->parameter = strdup(params[p].name))) return -1;
        }
    for (size_t p = nscored; p < nparams; p++) {
        result_sensitivity_skip *out = &r->sensitivity_skipped[r->nsensitivity_skipped++];
        if (!(out->input = strdup(params[p].input)) || !(out->parameter = strdup(params[p].name))) return -1;
    }
    return 0;
}

/* Context C of the module (`--contexts`): its chain and its blocks' estimates, per
 * call (PER calls counted per trial) or per run. Returns 0, or -1 out of memory. */
static int context_of(result_context *out, const fsabi_module *mod, const runner_result *rr, uint64_t c, double per,
                      uint32_t runs) {
    static const char *const kinds[] = {"calls", "outside", "other"};
    const fsabi_context *fc = &mod->contexts[c];
    const fsabi_function *f = &mod->functions[fc->function_index];
    const fsabi_context_function *cf = &mod->context_functions[fc->function_index];
    out->function = strdup(f->name);
    out->index = c - cf->first_context;
    out->kind = strdup(kinds[fc->kind < 3 ? fc->kind : 2]);
    out->calls = calloc(fc->nsites + 1, sizeof *out->calls);
    out->blocks = calloc(f->nblocks + 1, sizeof *out->blocks);
    if (!out->function || !out->kind || !out->calls || !out->blocks) return -1;
    for (uint32_t k = 0; k < fc->nsites; k++) {
        const fsabi_call_site *site = &mod->call_sites[mod->context_sites[fc->first_site + k]];
        result_call_site *cs = &out->calls[out->ncalls++];
        cs->function = strdup(mod->functions[site->caller].name);
        cs->line = (int)site->line;
        cs->column = (int)site->column;
        cs->block = strdup(mod->blocks[site->block].label);
        if (!cs->function || !cs->block) return -1;
    }
    /* a function of one context has no counters of its own: its blocks' are the context's */
    uint64_t context_base = fsabi_context_base(mod);
    uint64_t first = cf->ncounters ? context_base + cf->first_counter + out->index * f->nblocks : f->first_block;
    for (uint32_t j = 0; j < f->nblocks; j++) {
        const tally_moments *m = &rr->moments[first + j];
        const block_verdict *v = &rr->verdicts[first + j];
        const fsabi_block *block = &mod->blocks[f->first_block + j];
        double bound = cf->ncounters ? runner_context_max_runs(mod, first + j - context_base) : runner_block_max_runs(block);
        result_context_block *b = &out->blocks[out->nblocks++];
        if (!(b->block = strdup(block->label)) || result_estimate_fill(&b->estimate, m, v, bound, per) != 0 ||
            name_cap(block, bound, v, &b->estimate, &b->cap) != 0)
            return -1;
        if (rr->run_moments) estimate_per_run(&b->estimate, m, &rr->run_moments[first + j], runs, per);
    }
    return 0;
}

static int make_contexts(result *r, const fsabi_module *mod, const runner_result *rr, double per, uint32_t runs) {
    if (!mod->context_functions) return 0;
    r->context_depth = mod->context_depth;
    r->contexts = calloc(mod->ncontexts + 1, sizeof *r->contexts);
    if (!r->contexts) return -1;
    for (uint64_t c = 0; c < mod->ncontexts; c++) {
        r->ncontexts++;
        if (context_of(&r->contexts[c], mod, rr, c, per, runs) != 0) return -1;
    }
    return 0;
}

/* Under variance reduction the rule judged replicate totals of K runs: the block's
 * figures per run are those divided by K, and its spread, extremes and hits those
 * of the runs themselves (RUN). The variance ratio compares plain sampling's
 * variance of a mean of K runs, s^2 / K with s the runs' own spread, with the
 * replicate mean's, Var(total) / K^2: from the same runs. */
static void per_run(result_block *out, const tally_moments *m, const tally_moments *run, uint32_t runs, double per) {
    double k = (double)runs;
    estimate_per_run(&out->estimate, m, run, runs, per);
    double plain = run->variance / k, replicate = m->variance / (k * k);
    out->variance_ratio = replicate > 0 ? plain / replicate : NAN;
}

/* Block J of the result from the runner's moments and verdicts, per call (PER calls
 * counted per trial) or per run. Returns 0, or -1 when memory ran out. */
static int block_of(result_block *out, const spec *s, const runner_config *cfg, const runner_result *rr, uint64_t j,
                    double per) {
    const fsabi_module *mod = cfg->mod;
    const fsabi_block *b = &mod->blocks[j];
    const tally_moments *m = &rr->moments[j];
    const block_verdict *v = &rr->verdicts[j];
    out->function = strdup(b->function);
    out->block = strdup(b->label);
    out->file = relative_file(s, b->file);
    out->line = (int)b->line;
    if (result_estimate_fill(&out->estimate, m, v, runner_block_max_runs(b), per) != 0) return -1;
    if (b->bound_from && b->bound_from[0] && b->max_runs != FSABI_RUNS_UNBOUNDED) {   /* the bound is a spec's cap, not a proof */
        if (!(out->cap = strdup(b->bound_from))) return -1;
        if (v->basis == BASIS_PROVEN && isfinite(v->range)) {
            free(out->basis);
            if (!(out->basis = strdup("cap"))) return -1;
        }
    }
    out->proven_once = (b->flags & FSABI_BLOCK_ONCE) != 0;
    out->tail_mass = cfg->weight_unit > 0 ? 0 : b->tail_mass;   /* per run: only one counted call has tails */
    out->variance_ratio = NAN;
    if (rr->run_moments) per_run(out, m, &rr->run_moments[j], cfg->runs_per_trial, per);
    out->successors = calloc(b->nsuccessors + 1, sizeof *out->successors);
    out->callees = calloc(b->ncallees + 1, sizeof *out->callees);
    if (!out->successors || !out->callees) return -1;
    for (uint32_t k = 0; k < b->nsuccessors; k++)
        out->successors[out->nsuccessors++] = mod->edges[b->first_successor + k];
    for (uint32_t k = 0; k < b->ncallees; k++)
        out->callees[out->ncallees++] = strdup(mod->functions[mod->edges[b->first_callee + k]].name);
    return 0;
}

static result *make_result(const spec *s, const run_options *o, const runner_config *cfg,
                           const runner_result *rr) {
    const fsabi_module *mod = cfg->mod;
    result *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->spec = strdup(o->spec_path);
    r->mode = strdup(s->function ? "function" : "program");
    r->entry = strdup(s->function ? s->function : "main");
    /* The harness judged each trial's total over its counted calls; per call is that
     * divided by their number (1 without `calls`), an exact change of units. */
    double per = (double)spec_counted_calls(s);
    r->calls = s->function ? s->calls : 1;
    r->warmup = s->function ? s->warmup : 0;
    r->epsilon = cfg->stop.relative ? cfg->stop.epsilon : cfg->stop.epsilon / per;
    r->relative = cfg->stop.relative;
    r->epsilon_floor = cfg->stop.floor / per;
    r->confidence = cfg->stop.confidence;
    r->seed = cfg->seed;
    r->guarantee = strdup(cfg->stop.family == STOP_BONFERRONI ? "simultaneous_bonferroni"
                          : cfg->stop.family == STOP_SIDAK ? "simultaneous_sidak" : "per_block");
    r->stop_method = strdup(stop_method_name(cfg->stop.method));
    r->block_confidence = 1.0 - cfg->stop.alpha;
    r->sampling = strdup(sampling_method_name(cfg->sampling));
    r->runs_per_trial = cfg->runs_per_trial;
    r->runs = rr->trials * cfg->runs_per_trial;
    r->trials = rr->trials;
    r->crashes = rr->crashes;
    r->timeouts = rr->timeouts;
    r->input_errors = rr->input_errors;
    r->converged = rr->converged;
    r->interrupted = rr->interrupted;
    r->gave_up = rr->gave_up;
    r->time_limited = rr->time_limited;
    r->all_failed = rr->all_failed;
    r->timeout_s = cfg->timeout_s;
    r->timeout_calibrated = cfg->timeout_calibrated;
    if (run_outcomes_fill(r, rr, cfg->stop.confidence) != 0 ||
        run_crash_sites_fill(r, mod, rr, file_as_written, (void *)s) != 0) {
        result_free(r);
        return NULL;
    }
    r->elapsed_s = rr->elapsed_s;
    r->trials_per_s = rr->elapsed_s > 0 ? (double)rr->trials / rr->elapsed_s : 0;
    r->jobs = cfg->jobs;
    r->nblocks = mod->nblocks;
    r->blocks = calloc(mod->nblocks + 1, sizeof *r->blocks);
    r->failures = calloc(rr->nfailures + 1, sizeof *r->failures);
    if (!r->blocks || !r->failures) { result_free(r); return NULL; }
    for (uint64_t j = 0; j < mod->nblocks; j++)
        if (block_of(&r->blocks[j], s, cfg, rr, j, per) != 0) { result_free(r); return NULL; }
    r->functions = calloc(mod->nfunctions + 1, sizeof *r->functions);
    if (!r->functions) { result_free(r); return NULL; }
    for (uint64_t f = 0; f < mod->nfunctions; f++) {
        if (mod->functions[f].name[0] == '(') continue;   /* "(mmio writes)" is no function */
        result_function *out = &r->functions[r->nfunctions++];
        out->name = strdup(mod->functions[f].name);
        out->file = relative_file(s, mod->functions[f].file);
        out->line = (int)mod->functions[f].line;
    }
    r->mmio_writes = calloc(mod->nwrites + 1, sizeof *r->mmio_writes);
    if (!r->mmio_writes) { result_free(r); return NULL; }
    for (uint64_t k = 0; k < mod->nwrites; k++) {
        const tally_moments *m = &rr->moments[fsabi_write_base(mod) + k];
        r->mmio_writes[k] = (result_mmio_write){mod->write_addresses[k], m->mean / per, m->stddev / per,
                                                rr->verdicts[fsabi_write_base(mod) + k].half_width / per, m->min, m->max};
        if (rr->run_moments) {
            const tally_moments *run = &rr->run_moments[fsabi_write_base(mod) + k];
            double runs = (double)cfg->runs_per_trial * per;
            r->mmio_writes[k] = (result_mmio_write){mod->write_addresses[k], m->mean / runs, run->stddev / per,
                                                    rr->verdicts[fsabi_write_base(mod) + k].half_width / runs, run->min, run->max};
        }
    }
    r->nmmio_writes = mod->nwrites;
    if (make_paths(r, mod, rr, per, cfg->runs_per_trial) != 0 || path_hashed_results(r, mod, cfg, rr, per) != 0 ||
        make_contexts(r, mod, rr, per, cfg->runs_per_trial) != 0) {
        result_free(r);
        return NULL;
    }
    r->nfailures = rr->nfailures;
    for (size_t i = 0; i < rr->nfailures; i++) {
        r->failures[i].trial = rr->failures[i].trial;
        r->failures[i].kind = strdup(rr->failures[i].kind == FAILURE_TIMEOUT ? "timeout"
                                     : rr->failures[i].kind == FAILURE_INPUT ? "input" : "crash");
        r->failures[i].signal = rr->failures[i].signal;
    }
    return r;
}

/* On a crash during a replay: show what the trial drew, then die of the same signal. */
static const runtime_table *replay_runtime;   /* the replayed module's runtime, for the handler */
static void replay_crashed(int sig) {
    const char *drawn = replay_runtime->drawn();
    static const char head[] = "freqsys: the trial crashed; its draws: ";
    if (write(2, head, sizeof head - 1) < 0 || write(2, drawn, strlen(drawn)) < 0 || write(2, "\n", 1) < 0) {}
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Runs trial TRIAL in this process, with the program's output on the terminal, so
 * a crash can be looked at in a debugger (gdb --args freqsys run SPEC --replay N). */
static int replay(const runtime_table *rt, const spec *s, uint64_t seed, uint64_t trial) {
    fprintf(stderr, "freqsys: replaying trial %llu of seed %llu\n", (unsigned long long)trial,
            (unsigned long long)seed);
    fflush(NULL);
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP};
    replay_runtime = rt;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) signal(fatal[i], replay_crashed);
    trial_end how = rt->run_trial(seed, trial);
    fflush(NULL);
    static const char *const ends[] = {"returned", "called exit()", "aborted", "stopped on an input error"};
    fprintf(stderr, "freqsys: trial %llu %s; its draws: %s\n", (unsigned long long)trial, ends[how],
            rt->drawn());
    if (spec_find_stdin(s) && how != TRIAL_INPUT_ERROR)
        fprintf(stderr, "freqsys: its standard input: %s\n", rt->stdin_describe());
    if (how == TRIAL_INPUT_ERROR) fprintf(stderr, "freqsys: error: %s\n", rt->error());
    return how == TRIAL_INPUT_ERROR ? EXIT_USAGE : EXIT_OK;
}

static const char *default_format(const char *path) {
    size_t n = path ? strlen(path) : 0;
    if (n > 5 && strcmp(path + n - 5, ".json") == 0) return "json";
    if (n > 4 && strcmp(path + n - 4, ".csv") == 0) return "csv";
    return "text";
}

static int write_result(const result *r, const run_options *o) {
    const char *format = o->format ? o->format : default_format(o->out_path);
    FILE *file = o->out_path ? fopen(o->out_path, "w") : NULL, *out = file ? file : stdout;
    if (o->out_path && !file) {
        fprintf(stderr, "freqsys: error: cannot write %s: %s\n", o->out_path, strerror(errno));
        return -1;
    }
    int rc;
    if (!strcmp(format, "json")) {
        /* the spec as this file names it: from its folder, or absolute on stdout */
        result stored = *r;
        stored.spec = result_spec_for_file(r->spec, o->out_path);
        stored.spec_relative_to_result = stored.spec && o->out_path && stored.spec[0] != '/';
        rc = stored.spec ? result_write(&stored, format, out) : -1;
        free(stored.spec);
    } else {
        rc = result_write(r, format, out);
    }
    if (file && fclose(file) != 0) rc = -1;
    if (rc != 0) fprintf(stderr, "freqsys: error: writing the result failed: %s\n", strerror(errno));
    return rc;
}

/* Where an interrupted run leaves its checkpoint: --checkpoint, else beside -o, else
 * SPEC's base name with ".checkpoint" in the current folder. */
static void checkpoint_path(const run_options *o, char *buf, size_t size) {
    if (o->checkpoint_path) { snprintf(buf, size, "%s", o->checkpoint_path); return; }
    if (o->out_path) { snprintf(buf, size, "%s.checkpoint", o->out_path); return; }
    const char *base = strrchr(o->spec_path, '/');
    base = base ? base + 1 : o->spec_path;
    size_t n = strlen(base);
    if (n > 6 && strcmp(base + n - 6, ".fspec") == 0) n -= 6;
    snprintf(buf, size, "%.*s.checkpoint", (int)n, base);
}

/* Settings given again on the command line must be the checkpoint's own: another
 * epsilon or seed would not continue the same run. */
static int resume_settings(run_options *o, const checkpoint *c) {
    char *given = o->spec_path ? realpath(o->spec_path, NULL) : NULL;
    int other = o->spec_path && strcmp(given ? given : o->spec_path, c->spec) != 0;
    free(given);
    if (other)
        fprintf(stderr, "freqsys: note: the checkpoint was made for %s\n", c->spec);
    if (!o->spec_path) o->spec_path = c->spec;
    if ((o->has_seed && o->seed != c->seed) ||
        (o->has_epsilon && (o->epsilon != c->epsilon || o->epsilon_relative != c->relative)) ||
        (o->has_confidence && o->confidence != c->confidence)) {
        fprintf(stderr, "freqsys run: --resume continues a run with its own seed, epsilon and "
                "confidence; give none of them, or the same ones\n");
        return EXIT_USAGE;
    }
    o->seed = c->seed;
    o->has_seed = 1;
    o->epsilon = c->epsilon;
    o->epsilon_relative = c->relative;
    o->has_epsilon = 1;
    o->confidence = c->confidence;
    o->has_confidence = 1;
    o->family = (stop_family)c->family;
    o->method = (stop_method)c->method;
    o->cap = c->cap;
    if (!o->has_max_trials) {
        o->max_trials = c->max_trials;
        o->has_max_trials = 1;
    }
    /* a run with --paths continues with them: its module has the path counters */
    if (o->max_paths && o->max_paths != c->max_paths) {
        fprintf(stderr, "freqsys run: --resume continues a run with its own --paths and --max-paths (%s); "
                "give none of them, or the same ones\n", c->max_paths ? "the checkpoint has them" : "it had none");
        return EXIT_USAGE;
    }
    o->max_paths = c->max_paths;
    return 0;
}

/* What a checkpoint written during the run needs besides the runner's state. */
typedef struct checkpoint_target {
    checkpoint header;          /* everything but the state */
    char path[4096];
    int written;
} checkpoint_target;

static void write_checkpoint(const runner_start *state, void *ctx) {
    checkpoint_target *t = ctx;
    checkpoint c = t->header;
    char why[1024];
    c.state = *state;
    if (checkpoint_write(t->path, &c, why, sizeof why) != 0) fprintf(stderr, "freqsys: error: %s\n", why);
    else t->written = 1;
}

static int run_command(int argc, char **argv, cluster *cl);

/* An enumerated entry (a block, a path, a block in a context): exact. */
static void mark_enumerated(result_estimate *e) {
    result_estimate_free(e);
    e->status = strdup("exact");
    e->method = strdup("enumerated");
    e->basis = strdup("enumerated");
    e->range = NAN;
}

/* The result of an enumeration: every block exact (half-width 0), its probability
 * of running in P_UPPER, what the runs showed in min, max and hits. */
static result *enumerated_result(const spec *s, const run_options *o, const runner_config *cfg,
                                 const enumerate_result *en) {
    size_t nc = fsabi_ncounters(cfg->mod);
    runner_result rr = {0};
    rr.moments = calloc(nc + 1, sizeof *rr.moments);
    rr.verdicts = calloc(nc + 1, sizeof *rr.verdicts);
    if (!rr.moments || !rr.verdicts) { free(rr.moments); free(rr.verdicts); return NULL; }
    for (size_t j = 0; j < nc; j++) {
        rr.moments[j] = (tally_moments){en->combinations, en->hits[j], en->min[j], en->max[j], en->mean[j],
                                        en->stddev[j] * en->stddev[j], en->stddev[j], 0};
        rr.verdicts[j] = (block_verdict){.status = BLOCK_CONSTANT, .method = METHOD_EXACT, .half_width = 0,
                                         .p_upper = en->p_reached[j], .basis = BASIS_PROVEN, .range = INFINITY};
    }
    rr.trials = en->combinations;
    rr.converged = 1;
    rr.elapsed_s = en->elapsed_s;
    result *r = make_result(s, o, cfg, &rr);
    free(rr.moments);
    free(rr.verdicts);
    if (!r) return NULL;
    for (size_t j = 0; j < r->nblocks; j++) mark_enumerated(&r->blocks[j].estimate);
    for (size_t p = 0; p < r->npaths; p++) mark_enumerated(&r->paths[p].estimate);
    for (size_t c = 0; c < r->ncontexts; c++)
        for (size_t j = 0; j < r->contexts[c].nblocks; j++) mark_enumerated(&r->contexts[c].blocks[j].estimate);
    free(r->sampling);
    r->sampling = strdup("enumerated");
    r->runs_per_trial = 1;
    r->runs = en->combinations;
    r->draws_per_run = en->draws;
    return r;
}

/* Enumerates when the spec allows it: 0 with EN filled, 1 when it does not apply
 * (WHY says why), -1 on a failure to run at all. */
static int try_enumeration(const spec *s, const run_options *o, const runner_config *cfg,
                           enumerate_result *en, char *why, size_t whylen) {
    uint64_t limit = o->has_enumerate_limit ? o->enumerate_limit : ENUMERATE_DEFAULT_LIMIT;
    if (limit > cfg->max_trials) limit = cfg->max_trials;   /* no more runs than the trial budget */
    if (limit == 0) {
        snprintf(why, whylen, "--enumerate-limit 0");
        return 1;
    }
    /* A call sequence is enumerated whole: the probe learns every draw of every call
     * (and each handler's count), and the per-call mean is the exact total over the
     * counted calls divided by their number. */
    if (!enumerate_spec_finite(s, limit, why, whylen)) return 1;
    return enumerate_run(cfg->mod, &cfg->program, cfg->seed, limit, cfg->timeout_s, &cfg->limits, en, why, whylen);
}

int cli_run(int argc, char **argv) {
    cluster cl;
    char err[1024];
    if (cluster_init(&argc, &argv, &cl, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        return EXIT_USAGE;
    }
    int rc = run_command(argc, argv, &cl);
    cluster_finish(&cl);
    return rc;
}

/* What one `freqsys run` holds, released in one place (run_state_free). */
typedef struct run_state {
    run_options o;
    checkpoint resume;
    spec *s;
    transform_warnings warnings;
    const fsabi_module *mod;
    const runtime_table *rt;   /* the runtime the module carries */
    runner_config cfg;
    checkpoint_target ckpt;
    char *sampling_note;       /* why a method asked for by name was not used */
    run_rare rare;             /* --rare: the target and its pilot */
    char *spec_abs;            /* the spec's absolute path, for the checkpoint */
} run_state;

static void run_state_free(run_state *st) {
    if (st->cfg.trace) fclose(st->cfg.trace);
    checkpoint_free(&st->resume);
    spec_free(st->s);
    transform_warnings_free(&st->warnings);
    free(st->sampling_note);
    free(st->spec_abs);
}

/* Options, the checkpoint to continue from, the spec, the instrumented and loaded
 * module: everything before the trials. Returns EXIT_OK or the exit status. */
static int prepare(run_state *st, int argc, char **argv, cluster *cl) {
    run_options *o = &st->o;
    int rc = parse_options(argc, argv, o);
    if (rc) return rc;
    if (cl->rank != 0) o->quiet = 1;   /* rank 0 speaks for the job */
    /* ranks sharing a host share its cores */
    if (!o->has_jobs && cl->local_size > 1) o->jobs = o->jobs / cl->local_size > 1 ? o->jobs / cl->local_size : 1;
    char err[16384];
    if (o->resume_path) {
        if (checkpoint_read(o->resume_path, &st->resume, err, sizeof err) != 0) {
            fprintf(stderr, "freqsys: error: %s\n", err);
            return EXIT_USAGE;
        }
        if ((rc = resume_settings(o, &st->resume)) != 0) return rc;
        if (st->resume.sampling_note && !(st->sampling_note = strdup(st->resume.sampling_note))) return EXIT_USAGE;
    }
    LLVMContextRef ctx = NULL;
    LLVMModuleRef m = NULL;
    instrument_counting counting = {o->max_paths, (unsigned)o->context_depth};
    /* -e and -g stand in for the spec's lines (configure takes the options first) */
    int given = (o->has_epsilon ? SPEC_GIVEN_EPSILON : 0) | (o->has_confidence ? SPEC_GIVEN_CONFIDENCE : 0);
    rc = pipeline_instrument_counting(o->spec_path, given, o->optimize, &counting, &st->s, &ctx, &m, &st->warnings);
    if (rc != EXIT_OK) return rc;
    /* The text result on stdout shows them; a result written to a file or as JSON
     * would hide them from the user at the terminal, so they go to stderr too. */
    int shown = !o->out_path && (!o->format || !strcmp(o->format, "text"));
    for (size_t i = 0; !o->quiet && !shown && i < st->warnings.n; i++)
        fprintf(stderr, "freqsys: warning: %s\n", st->warnings.v[i]);
    st->mod = module_load(m, st->s, o->keep, &st->rt, err, sizeof err);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    if (!st->mod) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        return EXIT_BUILD;
    }
    if (o->resume_path && (checkpoint_module_id(st->mod) != st->resume.module_id ||
                           st->resume.ntallies != fsabi_ncounters(st->mod))) {
        fprintf(stderr, "freqsys: error: %s was made for another version of the program; "
                "it cannot be continued\n", o->resume_path);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* `--sensitivity`: follows the draws' scores (each MPI rank's workers do), within
 * the pairs the sums have room for. Returns EXIT_OK or EXIT_USAGE, said on stderr. */
static int enable_sensitivity(run_state *st) {
    size_t nparams, nscored;
    if (st->rt->scores_enable(st->s) != 0) {
        fprintf(stderr, "freqsys: error: out of memory\n");
        return EXIT_USAGE;
    }
    st->rt->scores_params(&nparams, &nscored);
    if ((uint64_t)nscored * st->mod->nblocks > SCORE_SUMS_MAX_PAIRS) {
        fprintf(stderr, "freqsys: error: --sensitivity follows at most %u (block, parameter) pairs; "
                "this program has %llu blocks and %zu parameters with a score\n", SCORE_SUMS_MAX_PAIRS,
                (unsigned long long)st->mod->nblocks, nscored);
        return EXIT_USAGE;
    }
    st->cfg.nscores = (uint32_t)nscored;
    return EXIT_OK;
}

/* The runner's configuration from the options and the spec (options win), and the
 * checkpoint it writes. Returns EXIT_OK or EXIT_USAGE. */
static int configure(run_state *st, cluster *cl) {
    run_options *o = &st->o;
    const spec *s = st->s;
    runner_config *cfg = &st->cfg;
    if (o->cap == 0 && s->cap > 0) o->cap = (double)s->cap;   /* --cap wins over the spec's */
    cfg->mod = st->mod;
    cfg->program = (program_hooks){st->rt->run_trial, st->rt->set_draw_source, st->rt->rng, st->rt->scores_take, NULL,
                                   st->rt->exit_status};
    cfg->rare_block = -1;
    cfg->mark_stuck = code_place_mark_loop;
    cfg->locate_crash = code_place_block;
    cfg->mark_stuck_ctx = (void *)st->mod;
    cfg->seed = o->has_seed ? o->seed : s->seed;
    cfg->jobs = o->jobs;
    cfg->max_trials = o->has_max_trials ? o->max_trials : s->max_trials;
    cfg->timeout_s = o->timeout_s > 0 ? o->timeout_s : s->timeout_s;
    cfg->progress = o->quiet ? 0 : isatty(2) ? 1 : 2;   /* a log gets a line every 10 s */
    cfg->limits.address_space = CONFINE_DEFAULT_ADDRESS_SPACE;
    cfg->limits.allow_writes = o->allow_writes;
    /* The memfd of a drawn standard input is a file the worker writes; the seccomp
     * filter still keeps it from opening any other for writing. */
    cfg->limits.file_size = spec_find_stdin(s) ? STDIN_TEXT_MAX_BYTES : 0;
    cfg->worker_rss_limit = RUNNER_DEFAULT_RSS_LIMIT;
    cfg->resume = o->resume_path ? &st->resume.state : NULL;
    cfg->cluster = cl;
    st->spec_abs = realpath(o->spec_path, NULL);   /* --resume finds it from any folder */
    st->ckpt = (checkpoint_target){{st->spec_abs ? st->spec_abs : (char *)o->spec_path, checkpoint_module_id(st->mod), cfg->seed, cfg->max_trials,
                                    0, 0, 0, (int)o->family, (int)o->method, o->cap, fsabi_ncounters(st->mod), {0}, 0,
                                    st->sampling_note},
                                   "", 0};
    checkpoint_path(o, st->ckpt.path, sizeof st->ckpt.path);
    cfg->on_checkpoint = write_checkpoint;
    cfg->checkpoint_ctx = &st->ckpt;
    cfg->checkpoint_every_s = o->checkpoint_every > 0 ? o->checkpoint_every : 10;
    cfg->stop_after = o->stop_after;
    cfg->time_limit_s = o->time_limit_s > 0 ? o->time_limit_s : s->time_limit_s;
    stop_params_init(&cfg->stop, o->has_epsilon ? o->epsilon : s->epsilon,
                     o->has_epsilon ? o->epsilon_relative : s->epsilon_relative,
                     o->has_confidence ? o->confidence : s->confidence);
    stop_params_floor(&cfg->stop, o->has_floor ? o->epsilon_floor : s->epsilon_floor);
    stop_params_family(&cfg->stop, o->family, runner_family_size(st->mod));
    stop_params_method(&cfg->stop, o->method, o->cap);
    cfg->stop.order_seed = cfg->seed;   /* the betting interval's order of the trials: the run's own stream */
    if (o->sampling) sampling_method_parse(o->sampling, &cfg->sampling);
    cfg->runs_per_trial = cfg->sampling == SAMPLING_PLAIN ? 1
                        : o->points ? (uint32_t)o->points : sampling_method_default_runs(cfg->sampling);
    if (cfg->timeout_s <= 0 && o->replay < 0) {   /* none given: from the first trials, reported */
        cfg->timeout_s = timeout_calibrate(cfg);
        cfg->timeout_calibrated = 1;
    }
    cfg->timeout_s *= cfg->runs_per_trial;   /* the spec's timeout is per run; a trial is a replicate */
    /* a replicate's tallies are not in the checkpoint's format: such a run is not continued */
    /* nor are score sums, or a pilot's tilts */
    if (cfg->sampling != SAMPLING_PLAIN || o->sensitivity || o->rare) cfg->on_checkpoint = NULL;
    st->ckpt.header.max_paths = o->max_paths;
    st->ckpt.header.epsilon = cfg->stop.epsilon;
    st->ckpt.header.confidence = cfg->stop.confidence;
    st->ckpt.header.relative = cfg->stop.relative;
    /* A trial of a call sequence gives each block's total over its counted calls: an
     * absolute epsilon and the cap, stated per call, become per trial (the bounds the
     * transform proved are per trial already). */
    double per_trial = (double)spec_counted_calls(s);
    if (!cfg->stop.relative) cfg->stop.epsilon *= per_trial;
    cfg->stop.floor *= per_trial;
    cfg->stop.cap *= per_trial;
    if (cfg->sampling != SAMPLING_PLAIN && st->mod->path_table) {   /* a hashed path's tally is a run's, not a replicate's */
        fprintf(stderr, "freqsys: error: --sampling %s does not combine with hashed paths (a function with more "
                "paths than --max-paths or the module's room for counters); raise --max-paths or use "
                "--sampling plain\n", o->sampling);
        return EXIT_USAGE;
    }
    if (o->sensitivity && enable_sensitivity(st) != EXIT_OK) return EXIT_USAGE;
    char err[1024];
    if (o->rare && run_rare_prepare(st->rt, o->rare, s, cfg, &st->rare, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        return EXIT_USAGE;
    }
    if (o->trace_path && cl->rank == 0) {
        if (!(cfg->trace = fopen(o->trace_path, "w"))) {
            fprintf(stderr, "freqsys: error: cannot write %s: %s\n", o->trace_path, strerror(errno));
            return EXIT_USAGE;
        }
        fprintf(cfg->trace, "trials,block,mean,half_width\n");
    }
    return EXIT_OK;
}

/* Hands the result the warnings and writes it; the exit status. */
static int deliver(run_state *st, result *r, int complete) {
    if (!r) {
        fprintf(stderr, "freqsys: error: out of memory\n");
        return EXIT_USAGE;
    }
    r->warnings = st->warnings.v;
    r->nwarnings = st->warnings.n;
    st->warnings = (transform_warnings){0};
    if (st->s && st->s->ninputs && (r->inputs = calloc(st->s->ninputs, sizeof *r->inputs)))
        for (size_t i = 0; i < st->s->ninputs; i++) {   /* what each declaration drew, as check prints it */
            int n = spec_input_text(&st->s->inputs[i], NULL, 0);
            if (n < 0 || !(r->inputs[r->ninputs] = malloc((size_t)n + 1))) break;
            spec_input_text(&st->s->inputs[i], r->inputs[r->ninputs++], (size_t)n + 1);
        }
    int rc = write_result(r, &st->o) != 0 ? EXIT_USAGE : complete ? EXIT_OK : EXIT_INCOMPLETE;
    /* A text result on stdout ends with its verdict; any other leaves the terminal
     * without one but for this line. */
    const run_options *o = &st->o;
    int text_on_stdout = !o->out_path && !strcmp(o->format ? o->format : "text", "text");
    if (rc != EXIT_USAGE && !o->quiet && !text_on_stdout) run_summary_print(r, o->out_path, stderr);
    result_free(r);
    return rc;
}

/* Exact enumeration, when every input has a small finite support (each MPI rank
 * decides alike, so ranks other than 0 only leave). Sets *DONE when it gave the
 * result; returns the exit status then. */
static int run_enumerated(run_state *st, cluster *cl, int *done) {
    *done = 0;
    const run_options *o = &st->o;
    /* sensitivities weight sampled trials by their scores: no enumeration then */
    if (o->resume_path || o->sensitivity || o->rare || (o->sampling && strcmp(o->sampling, "enumerate")))
        return EXIT_OK;
    enumerate_result en;
    char why[768];
    if (try_enumeration(st->s, o, &st->cfg, &en, why, sizeof why) != 0) {
        if (o->sampling) {   /* asked for by name: say why not */
            char note[1024];
            snprintf(note, sizeof note, "not enumerated (%s); sampled plainly", why);
            if (!o->quiet) fprintf(stderr, "freqsys: %s\n", note);
            st->sampling_note = strdup(note);
        }
        return EXIT_OK;
    }
    *done = 1;
    result *r = cl->rank == 0 ? enumerated_result(st->s, o, &st->cfg, &en) : NULL;
    enumerate_result_free(&en);
    if (cl->rank != 0) return EXIT_OK;
    if (r) {
        r->jobs = 1;
        r->trials_per_s = r->elapsed_s > 0 ? (double)r->trials / r->elapsed_s : 0;
    }
    return deliver(st, r, 1);
}

/* --sampling auto where the inputs were not enumerated: a pilot picks the method
 * that needs the fewest runs (harness/sampling_choice.h; its runs are not counted),
 * where a replicate method may run at all: not with what sampling_usage refuses
 * them, nor with hashed paths. In an MPI job every rank runs the same pilot, a function
 * of the seed alone, so all choose alike and the result is one process's. Returns
 * the exit status. */
static int choose_sampling(run_state *st, cluster *cl) {
    run_options *o = &st->o;
    runner_config *cfg = &st->cfg;
    if (o->sampling || o->sensitivity || o->rare || o->resume_path || o->method == STOP_METHOD_PAPER ||
        st->mod->path_table)
        return EXIT_OK;
    sampling_choice c;
    char err[1024], note[512];
    if (sampling_choice_pick(cfg, &c, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        return EXIT_USAGE;
    }
    if (!c.compared) return EXIT_OK;   /* plain, untried against the others: as before */
    sampling_choice_describe(&c, note, sizeof note);
    free(st->sampling_note);
    st->sampling_note = strdup(note);
    st->ckpt.header.sampling_note = st->sampling_note;   /* a resumed run says so too */
    if (c.method == SAMPLING_PLAIN) return EXIT_OK;
    cfg->sampling = c.method;
    cfg->runs_per_trial = c.runs;
    cfg->timeout_s *= c.runs;       /* per run in the spec; a trial is a replicate */
    cfg->on_checkpoint = NULL;      /* a replicate's tallies are not in the checkpoint's format */
    o->sampling = sampling_method_name(c.method);
    return EXIT_OK;
}

/* The trials in forked workers until the rule settles every block, then the result
 * (rank 0) and, when interrupted, the checkpoint. Returns the exit status. */
static int run_sampled(run_state *st, cluster *cl) {
    const run_options *o = &st->o;
    runner_config *cfg = &st->cfg;
    runner_result rr;
    int failed = runner_run(cfg, &rr) != 0;
    if (cfg->trace && fclose(cfg->trace) != 0) fprintf(stderr, "freqsys: error: writing %s failed\n", o->trace_path);
    cfg->trace = NULL;
    size_t ncounters = fsabi_ncounters(st->mod) * (cfg->sampling != SAMPLING_PLAIN ? 2 : 1);
    int rc = EXIT_OK;
    if (failed) {
        fprintf(stderr, "freqsys: error: %s\n", rr.error);
        rc = EXIT_USAGE;
    } else if (cl->rank == 0) {   /* the result and the checkpoint are rank 0's to write */
        if (rr.interrupted && (cfg->sampling != SAMPLING_PLAIN || o->sensitivity || o->rare)) {
            const char *what = o->sensitivity ? "--sensitivity" : o->rare ? "--rare" : "--sampling ";
            if (!o->quiet) fprintf(stderr, "freqsys: interrupted after %llu %s (a run with %s%s cannot be continued)\n",
                                   (unsigned long long)rr.trials, cfg->sampling == SAMPLING_PLAIN ? "trials" : "replicates",
                                   what, cfg->sampling == SAMPLING_PLAIN ? "" : o->sampling);
        } else if (rr.interrupted) {
            write_checkpoint(&rr.state, &st->ckpt);
            if (st->ckpt.written && !o->quiet)
                fprintf(stderr, "freqsys: %s after %llu trials; continue with: freqsys run --resume %s\n",
                        o->stop_after ? "paused" : "interrupted", (unsigned long long)rr.trials, st->ckpt.path);
        } else if (st->ckpt.written) {
            unlink(st->ckpt.path);   /* the run ended: its result is final, the checkpoint moot */
        }
        result *r = make_result(st->s, o, cfg, &rr);
        if ((r && o->sensitivity && make_sensitivities(r, st->rt, cfg, &rr, (double)spec_counted_calls(st->s)) != 0) ||
            (r && o->rare && run_rare_result(r, &st->rare) != 0)) {
            result_free(r);
            r = NULL;
        }
        if (r) {
            r->sampling_note = st->sampling_note;
            st->sampling_note = NULL;
        }
        rc = deliver(st, r, rr.converged);
    }
    runner_result_free(&rr, ncounters);
    return rc;
}

static int run_command(int argc, char **argv, cluster *cl) {
    run_state st = {0};
    int done = 0;
    int rc = prepare(&st, argc, argv, cl);
    if (rc != EXIT_OK) goto out;
    if (st.o.replay >= 0) {
        rc = replay(st.rt, st.s, st.o.has_seed ? st.o.seed : st.s->seed, (uint64_t)st.o.replay);
        goto out;
    }
    if ((rc = configure(&st, cl)) != EXIT_OK) goto out;
    rc = run_enumerated(&st, cl, &done);
    if (!done && rc == EXIT_OK) rc = choose_sampling(&st, cl);
    if (!done && rc == EXIT_OK) rc = run_sampled(&st, cl);
out:
    run_state_free(&st);
    return rc;
}

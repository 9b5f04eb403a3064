/* freqsys/run/run_options.c: `freqsys run`'s command line into its settings: each option's value checked,
 * getopt's tables made from the option table. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "run_options.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "run_option_table.h"
#include "sampling_choice.h"

#define DEFAULT_MAX_PATHS     4096
#define DEFAULT_CONTEXT_DEPTH 2

/* "0.3", "2%", or "2% + 0.001" (spaces optional): a relative epsilon's absolute floor
 * F >= 0 into *FLOOR (0 when none). Returns 0, or -1. */
static int parse_epsilon(const char *text, double *eps, int *relative, double *floor) {
    char *end;
    errno = 0;
    double v = strtod(text, &end), f = 0;
    *relative = *end == '%';
    if (*relative) {
        v /= 100;
        end++;
    }
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

/* "0.5,0.99,99.9%" into O's quantile levels. Returns 0, or -1 for a level out of
 * (0, 1), one given twice, too many, or anything else. */
static int parse_levels(const char *text, run_options *o) {
    o->nquantiles = 0;
    const char *p = text;
    for (;;) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno) return -1;
        if (*end == '%') {
            v /= 100;
            end++;
        }
        if (!(v > 0 && v < 1) || o->nquantiles == SPEC_MAX_QUANTILES) return -1;
        for (size_t k = 0; k < o->nquantiles; k++)
            if (o->quantiles[k] == v) return -1;
        o->quantiles[o->nquantiles++] = v;
        if (*end == '\0') return 0;
        if (*end != ',') return -1;
        p = end + 1;
    }
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
    double scale = !*end || !strcmp(end, "s") ? 1
                   : !strcmp(end, "ms")       ? 0.001
                   : !strcmp(end, "m")        ? 60
                   : !strcmp(end, "h")        ? 3600
                                              : 0;
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
                               "('2%%+0.001'), got '%s'",
                               optarg);
        o->has_epsilon = 1;
        o->has_floor = 1;
        break;
    case 'g': {
        char *end;
        o->confidence = strtod(optarg, &end);
        if (*end == '%') {
            o->confidence /= 100;
            end++;
        }
        if (end == optarg || *end || !(o->confidence > 0 && o->confidence < 1))
            return usage_error("-g takes a confidence in (0, 1), got '%s'", optarg);
        o->has_confidence = 1;
        break;
    }
    case 'S':
        if (!optarg || !strcmp(optarg, "bonferroni"))
            o->family = STOP_BONFERRONI;
        else if (!strcmp(optarg, "sidak"))
            o->family = STOP_SIDAK;
        else
            return usage_error("--simultaneous takes bonferroni or sidak, got '%s'", optarg);
        break;
    case 'M':
        if (!strcmp(optarg, "clt"))
            o->method = STOP_METHOD_CLT;
        else if (!strcmp(optarg, "anytime"))
            o->method = STOP_METHOD_ANYTIME;
        else if (!strcmp(optarg, "paper"))
            o->method = STOP_METHOD_PAPER;
        else
            return usage_error("--method takes clt, anytime or paper, got '%s'", optarg);
        break;
    case 'K': {
        char *end;
        errno = 0;
        o->cap = strtod(optarg, &end);
        if (errno || end == optarg || *end || !(o->cap >= 1) || isinf(o->cap))
            return usage_error("--cap takes the largest count one trial can give (>= 1), got '%s'", optarg);
        break;
    }
    default:
        return -1;
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
            return usage_error(
                "--sampling takes auto, enumerate, plain, antithetic, stratified or qmc, got '%s'", optarg);
        o->sampling = strcmp(optarg, "auto") ? optarg : NULL;
        break;
    }
    case 'Q':
        if (parse_count(optarg, &o->points) || o->points < 2 || o->points > 65536)
            return usage_error("--points takes the runs per replicate, 2 to 65536, got '%s'", optarg);
        break;
    case 'U':
        if (parse_count(optarg, &o->enumerate_limit))
            return usage_error(
                "--enumerate-limit takes a number of combinations (0: never enumerate), got '%s'", optarg);
        o->has_enumerate_limit = 1;
        break;
    case 'H':
        if (!o->max_paths) o->max_paths = DEFAULT_MAX_PATHS;
        break;
    case 'Y':
        o->sensitivity = 1;
        break;
    case 'B':
        o->rare = optarg;
        break;
    case 'I':
        _Static_assert(SPEC_MAX_QUANTILES == 16, "the message below names the limit");
        if (parse_levels(optarg, o) != 0)
            return usage_error("--quantiles takes levels between 0 and 1, exclusive, separated by commas "
                               "(0.5,0.99 or 50%%,99%%), at most 16 and none twice, got '%s'",
                               optarg);
        break;
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
    default:
        return -1;
    }
    return 0;
}

/* getopt_long's long options and option string from the table, built once. */
static struct option longs[RUN_OPTIONS_MAX + 1];
static char shorts[2 * RUN_OPTIONS_MAX + 2];

static void build_getopt_tables(void) {
    size_t n = 0;
    shorts[n++] = ':'; /* a missing value is ':', told apart from an unknown option */
    for (size_t i = 0; i < run_option_count && i < RUN_OPTIONS_MAX; i++) {
        const run_option *e = &run_option_table[i];
        longs[i] = (struct option){e->name, e->has_arg, NULL, e->key};
        if (!e->letter) continue;
        shorts[n++] = e->letter;
        if (e->has_arg == required_argument) shorts[n++] = ':';
    }
    shorts[n] = '\0';
}

int run_options_parse(int argc, char **argv, run_options *o) {
    if (run_option_count > RUN_OPTIONS_MAX) { /* a table grown past its room: said, never cut short */
        fprintf(stderr, "freqsys run: the option table has %zu options; RUN_OPTIONS_MAX is %d\n",
                run_option_count, RUN_OPTIONS_MAX);
        return EXIT_USAGE;
    }
    if (!longs[0].name) build_getopt_tables();
    o->replay = -1;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    o->jobs = n > 0 ? (int)n : 1;
    int c;
    optind = 1;
    opterr = 0; /* cli_getopt_error says what went wrong, with the nearest option */
    while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        unsigned long long v;
        const run_option *given = c == '?' || c == ':' ? NULL : run_option_by_key(c);
        if (given) { /* for the conflict checks */
            o->given[given - run_option_table] = 1;
            o->given_value[given - run_option_table] = optarg;
        }
        switch (c) {
        case 's':
            if (parse_count(optarg, &o->seed))
                return usage_error("-s takes a non-negative integer, got '%s'", optarg);
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
        case 'o':
            o->out_path = optarg;
            break;
        case 'O':
            if (optimize_level_parse(optarg, &o->optimize))
                return usage_error("--optimize takes auto, full, quick or none, got '%s'", optarg);
            break;
        case 'f':
            if (strcmp(optarg, "text") && strcmp(optarg, "json") && strcmp(optarg, "csv"))
                return usage_error("--format takes text, json or csv, got '%s'", optarg);
            o->format = optarg;
            break;
        case 'q':
            o->quiet = 1;
            break;
        case 'k':
            o->keep = 1;
            break;
        case 'T':
            o->trace_path = optarg;
            break;
        case 'W':
            o->allow_writes = 1;
            break;
        case 'N':
            o->allow_network = 1;
            break;
        case 'C':
            o->resume_path = optarg;
            break;
        case 'P':
            o->checkpoint_path = optarg;
            break;
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
            if (parse_count(optarg, &v))
                return usage_error("--replay takes a trial number, got '%s'", optarg);
            o->replay = (long long)v;
            break;
        case 'h':
            cli_help("run", stdout);
            exit(EXIT_OK);
        case '?':
        case ':':
            return cli_getopt_error("run", c, argc, argv, longs);
        default: {
            int rc = statistics_option(c, o);
            if (rc < 0) rc = sampling_option(c, o);
            if (rc < 0) return usage_error("%s", "unknown option");
            if (rc > 0) return rc;
        }
        }
    }
    if (run_conflicts_check(o) != 0) return EXIT_USAGE;
    if (o->resume_path && optind == argc) return 0; /* the spec comes from the checkpoint */
    if (optind != argc - 1) return usage_error("%s", "needs exactly one SPEC file");
    o->spec_path = argv[optind];
    return 0;
}

/* freqsys/cli_draw.c: `freqsys draw`: write the standard inputs that a run's trials get as files. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "commands.h"
#include "module_load.h"
#include "transform.h"

static int usage_error(const char *msg, const char *arg) {
    fprintf(stderr, "freqsys draw: ");
    fprintf(stderr, msg, arg);
    fprintf(stderr, "\n(see 'freqsys help draw')\n");
    return EXIT_USAGE;
}

static int parse_count(const char *s, unsigned long long *out) {
    char *end;
    errno = 0;
    if (!*s || *s == '-') return -1;
    *out = strtoull(s, &end, 10);
    return errno || *end ? -1 : 0;
}

/* Copies fd 0, where the trial's text was installed, into PATH. */
static int copy_stdin(const char *path) {
    FILE *out = fopen(path, "wb");
    if (!out) {
        fprintf(stderr, "freqsys draw: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    char buf[1 << 16];
    for (;;) {
        ssize_t n = read(0, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            fprintf(stderr, "freqsys draw: reading the drawn input: %s\n", strerror(errno));
            fclose(out);
            return -1;
        }
        if (n == 0) break;
        if (fwrite(buf, 1, (size_t)n, out) != (size_t)n) break;
    }
    int failed = ferror(out);
    if (fclose(out) != 0 || failed) {
        fprintf(stderr, "freqsys draw: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

int cli_draw(int argc, char **argv) {
    static const struct option longs[] = {
        {"output", required_argument, 0, 'o'}, {"count", required_argument, 0, 'n'},
        {"seed", required_argument, 0, 's'},   {"first", required_argument, 0, 'F'},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
    const char *dir = NULL;
    unsigned long long count = 1, seed = 0, first = 0;
    int has_seed = 0, c;
    optind = 1;
    opterr = 0; /* cli_getopt_error says what went wrong, with the nearest option */
    while ((c = getopt_long(argc, argv, ":o:n:s:h", longs, NULL)) != -1) {
        switch (c) {
        case 'o':
            dir = optarg;
            break;
        case 'n':
            if (parse_count(optarg, &count))
                return usage_error("-n takes a non-negative integer, got '%s'", optarg);
            break;
        case 's':
            if (parse_count(optarg, &seed))
                return usage_error("-s takes a non-negative integer, got '%s'", optarg);
            has_seed = 1;
            break;
        case 'F':
            if (parse_count(optarg, &first))
                return usage_error("--first takes a non-negative integer, got '%s'", optarg);
            break;
        case 'h':
            cli_help("draw", stdout);
            return EXIT_OK;
        default:
            return cli_getopt_error("draw", c, argc, argv, longs);
        }
    }
    if (optind + 1 != argc) return usage_error("%s", "needs exactly one SPEC file");
    if (!dir) return usage_error("%s", "needs -o DIR, the folder for the inputs");
    char err[1024];
    spec *s;
    int status = spec_parse_file(argv[optind], &s, err, sizeof err);
    if (status != SPEC_OK) {
        fprintf(stderr, "%s\n", err);
        return exit_status_spec(status);
    }
    const spec_input *in = spec_find_stdin(s);
    if (!in) {
        fprintf(stderr,
                "freqsys draw: %s declares no 'stdin ~ ...': only a drawn standard input can be "
                "written as files\n",
                argv[optind]);
        spec_free(s);
        return EXIT_USAGE;
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "freqsys draw: cannot make %s: %s\n", dir, strerror(errno));
        spec_free(s);
        return EXIT_USAGE;
    }
    if (!has_seed) seed = s->seed;
    /* The draws are the runtime's, which lives in the library modules are linked with. */
    int built;
    const runtime_table *rt = module_load_runtime(s, &built, err, sizeof err);
    if (!rt) {
        if (built == TRANSFORM_ESPEC)
            fprintf(stderr, "%s\n", err);
        else
            fprintf(stderr, "freqsys draw: error: %s\n", err);
        spec_free(s);
        return built == TRANSFORM_ESPEC ? EXIT_USAGE : EXIT_BUILD;
    }
    int rc = EXIT_OK;
    for (unsigned long long t = first; t < first + count && rc == EXIT_OK; t++) {
        if (rt->draw_stdin(s, seed, t, err, sizeof err) != 0) {
            fprintf(stderr, "freqsys draw: trial %llu: %s\n", t, err);
            rc = EXIT_USAGE;
            break;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/input-%06llu.txt", dir, t);
        if (copy_stdin(path) != 0) rc = EXIT_USAGE;
    }
    spec_free(s);
    return rc;
}

/* freqsys/cli_draw.c: `freqsys draw`: write the inputs that a run's trials get (standard input, arguments) as
 * files. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

/* Trial T in a child of its own, its calls' arguments written into DIR as they are
 * drawn: the function runs, as in a run, since what it draws itself comes between
 * one call's arguments and the next's. Its output is dropped; a crash or a hang (the
 * spec's timeout) ends the trial, with the calls before it written. Returns EXIT_OK,
 * or EXIT_USAGE after an input error or a file that could not be written. */
static int draw_calls_of(const runtime_table *rt, const spec *s, const char *dir, uint64_t seed, uint64_t t) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "freqsys draw: cannot start trial %llu: %s\n", (unsigned long long)t,
                strerror(errno));
        return EXIT_USAGE;
    }
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout)) _exit(EXIT_USAGE);
        alarm((unsigned)ceil(s->timeout_s));
        if (rt->dump_calls(dir, t) != 0) {
            fprintf(stderr, "freqsys draw: the folder's name is too long: %s\n", dir);
            _exit(EXIT_USAGE);
        }
        trial_end how = rt->run_trial(seed, t);
        if (how == TRIAL_INPUT_ERROR) {
            fprintf(stderr, "freqsys draw: trial %llu: %s\n", (unsigned long long)t, rt->error());
            _exit(EXIT_USAGE);
        }
        _exit(EXIT_OK);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return EXIT_USAGE;
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (sig == SIGALRM)
            fprintf(stderr,
                    "freqsys draw: note: trial %llu passed the spec's timeout; its calls up to then are "
                    "written\n",
                    (unsigned long long)t);
        else
            fprintf(stderr, "freqsys draw: note: trial %llu crashed (%s); its calls up to then are written\n",
                    (unsigned long long)t, strsignal(sig));
        return EXIT_OK;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == EXIT_OK ? EXIT_OK : EXIT_USAGE;
}

/* Function mode: the module built as a run builds it, each trial's calls written. */
static int draw_calls(const char *spec_path, const char *dir, int has_seed, uint64_t seed, uint64_t first,
                      uint64_t count) {
    spec *s;
    LLVMContextRef ctx;
    LLVMModuleRef m;
    int rc = pipeline_instrument(spec_path, OPTIMIZE_AUTO, &s, &ctx, &m, NULL);
    if (rc != EXIT_OK) return rc;
    char err[4096];
    const runtime_table *rt;
    const fsabi_module *mod = module_load(m, s, 0, &rt, err, sizeof err);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    if (!mod) {
        fprintf(stderr, "freqsys draw: error: %s\n", err);
        spec_free(s);
        return EXIT_BUILD;
    }
    if (!has_seed) seed = s->seed;
    for (uint64_t t = first; t < first + count && rc == EXIT_OK; t++) rc = draw_calls_of(rt, s, dir, seed, t);
    spec_free(s);
    return rc;
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
    if (s->function) {
        spec_free(s);
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "freqsys draw: cannot make %s: %s\n", dir, strerror(errno));
            return EXIT_USAGE;
        }
        return draw_calls(argv[optind], dir, has_seed, seed, first, count);
    }
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

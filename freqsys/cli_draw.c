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
#include <sys/mman.h>
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

/* Trials FIRST .. END - 1 in children, their calls' arguments written into DIR as
 * they are drawn: the function runs, as in a run, since what it draws itself comes
 * between one call's arguments and the next's. A child runs trial after trial (each
 * trial starts from the module's initial state, as a worker's do); its output is
 * dropped. A crash or a hang (the spec's timeout) ends its trial, with the calls
 * before it written, and the next child starts at the trial after it. Returns
 * EXIT_OK, or EXIT_USAGE after an input error or a file that could not be written. */
static int draw_calls_of(const runtime_table *rt, const spec *s, const char *dir, uint64_t seed,
                         uint64_t first, uint64_t end, int quiet) {
    /* the trial a child is at, for the parent to name when the child dies */
    volatile uint64_t *at = mmap(NULL, sizeof *at, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (at == MAP_FAILED) {
        fprintf(stderr, "freqsys draw: out of memory\n");
        return EXIT_USAGE;
    }
    int rc = EXIT_OK;
    for (uint64_t t = first; t < end && rc == EXIT_OK;) {
        *at = t;
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            fprintf(stderr, "freqsys draw: cannot start trial %llu: %s\n", (unsigned long long)t,
                    strerror(errno));
            rc = EXIT_USAGE;
            break;
        }
        if (pid == 0) {
            if (!freopen("/dev/null", "w", stdout)) _exit(EXIT_USAGE);
            for (uint64_t u = t; u < end; u++) {
                *at = u;
                alarm((unsigned)ceil(s->timeout_s));
                if (rt->dump_calls(dir, u) != 0) {
                    fprintf(stderr, "freqsys draw: the folder's name is too long: %s\n", dir);
                    _exit(EXIT_USAGE);
                }
                if (rt->run_trial(seed, u) == TRIAL_INPUT_ERROR) {
                    fprintf(stderr, "freqsys draw: trial %llu: %s\n", (unsigned long long)u, rt->error());
                    _exit(EXIT_USAGE);
                }
            }
            _exit(EXIT_OK);
        }
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (!WIFSIGNALED(status)) {
            rc = WIFEXITED(status) && WEXITSTATUS(status) == EXIT_OK ? EXIT_OK : EXIT_USAGE;
            break;
        }
        int sig = WTERMSIG(status);
        if (sig == SIGINT || sig == SIGTERM) { /* stopped, not a trial's end */
            rc = EXIT_USAGE;
            break;
        }
        if (!quiet && sig == SIGALRM)
            fprintf(stderr,
                    "freqsys draw: note: trial %llu passed the spec's timeout; its calls up to then are "
                    "written\n",
                    (unsigned long long)*at);
        else if (!quiet)
            fprintf(stderr, "freqsys draw: note: trial %llu crashed (%s); its calls up to then are written\n",
                    (unsigned long long)*at, strsignal(sig));
        t = *at + 1;
    }
    munmap((void *)at, sizeof *at);
    return rc;
}

/* DIR/entry.txt: the entry's name, then each parameter's kind and name, then its
 * return kind: what a native program that replays the calls must declare. */
static int write_signature(const fsabi_module *mod, const spec *s, const char *dir) {
    static const char *const kinds[] = {"void", "i8",   "i16",     "i32",  "i64", "u8",
                                        "u16",  "u32",  "u64",     "f32",  "f64", "char",
                                        "text", "line", "getchar", "bool", "ptr"};
    char path[4096];
    snprintf(path, sizeof path, "%s/entry.txt", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "freqsys draw: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(f, "%s\n", s->function);
    for (uint64_t p = 0; p < mod->nparams; p++) {
        uint32_t k = mod->params[p].kind;
        const char *name = mod->params[p].name;
        fprintf(f, "%s ", k < sizeof kinds / sizeof kinds[0] ? kinds[k] : "?");
        if (name && *name) /* as the listing names it (call_dump.c) */
            fprintf(f, "%s\n", name);
        else
            fprintf(f, "arg%llu\n", (unsigned long long)p);
    }
    uint64_t r = mod->return_kind;
    fprintf(f, "return %s\n", r < sizeof kinds / sizeof kinds[0] ? kinds[r] : "?");
    if (fclose(f) != 0) {
        fprintf(stderr, "freqsys draw: cannot write %s\n", path);
        return -1;
    }
    return 0;
}

/* Function mode: the module built as a run builds it, each trial's calls written. */
static int draw_calls(const char *spec_path, const char *dir, int has_seed, uint64_t seed, uint64_t first,
                      uint64_t count, int quiet) {
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
    if (write_signature(mod, s, dir) != 0) rc = EXIT_USAGE;
    if (rc == EXIT_OK) rc = draw_calls_of(rt, s, dir, seed, first, first + count, quiet);
    spec_free(s);
    return rc;
}

int cli_draw(int argc, char **argv) {
    static const struct option longs[] = {{"output", required_argument, 0, 'o'},
                                          {"count", required_argument, 0, 'n'},
                                          {"seed", required_argument, 0, 's'},
                                          {"first", required_argument, 0, 'F'},
                                          {"quiet", no_argument, 0, 'q'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    const char *dir = NULL;
    unsigned long long count = 1, seed = 0, first = 0;
    int has_seed = 0, quiet = 0, c;
    optind = 1;
    opterr = 0; /* cli_getopt_error says what went wrong, with the nearest option */
    while ((c = getopt_long(argc, argv, ":o:n:s:qh", longs, NULL)) != -1) {
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
        case 'q':
            quiet = 1;
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
        return draw_calls(argv[optind], dir, has_seed, seed, first, count, quiet);
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

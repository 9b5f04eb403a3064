/* tests/e2e/cli-t.c: the command line's own manners: unknown commands and options named with the nearest
 * known, help, the closing summary. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"

/* The standard output of `freqsys ARGS` run in the source folder, into OUT. */
static void stdout_of(const char *args, char *out, size_t len) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && TMPDIR='%s' '%s' %s 2>/dev/null", FREQSYS_SOURCE_DIR, tmp_dir(),
             FREQSYS_TOOL, args);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(out, 1, len - 1, p) : 0;
    out[n] = '\0';
    if (p) pclose(p);
}

int main(void) {
    plan(37);
    char err[8192];

    /* help on a command that does not exist is a usage error, not the overview */
    int code = e2e_run("help nosuch", err, sizeof err);
    is_int(code, 2, "'help nosuch' is a usage error (exit 2)");
    ok(strstr(err, "unknown command 'nosuch'") && !strstr(err, "did you mean"),
       "...naming the word, with no suggestion as nothing is near");
    code = e2e_run("help rnu", err, sizeof err);
    ok(code == 2 && strstr(err, "unknown command 'rnu'; did you mean 'run'?"), "'help rnu' suggests run");
    is_int(e2e_run("help run", NULL, 0), 0, "'help run' exits 0");

    /* commands: a swap of two letters is the commonest slip */
    code = e2e_run("rnu examples/newton/newton.fspec", err, sizeof err);
    ok(code == 2 && strstr(err, "unknown command 'rnu'; did you mean 'run'?"), "'rnu' suggests run (exit 2)");
    code = e2e_run("frobnicate", err, sizeof err);
    ok(code == 2 && strstr(err, "unknown command 'frobnicate'\n"),
       "a word far from every command gets no suggestion");

    /* options: the nearest long option of the command */
    code = e2e_run("run examples/newton/newton.fspec --epsillon 0.1", err, sizeof err);
    ok(code == 2 && strstr(err, "freqsys run: unknown option '--epsillon'; did you mean '--epsilon'?"),
       "run --epsillon suggests --epsilon (exit 2)");
    ok(!strstr(err, "unrecognized"), "...and getopt's own message is not printed besides");
    code = e2e_run("run examples/newton/newton.fspec --epsillon=0.1", err, sizeof err);
    ok(code == 2 && strstr(err, "unknown option '--epsillon'; did you mean '--epsilon'?"),
       "...also written with '=VALUE'");
    code = e2e_run("run examples/newton/newton.fspec --ch 5", err, sizeof err);
    ok(code == 2 && strstr(err, "'--ch' is ambiguous") && strstr(err, "'--checkpoint'") &&
           strstr(err, "'--checkpoint-every'"),
       "an ambiguous abbreviation lists what it begins");
    code = e2e_run("run examples/newton/newton.fspec --epsilon", err, sizeof err);
    ok(code == 2 && strstr(err, "option '--epsilon' needs a value"),
       "a known option without its value says so");
    code = e2e_run("draw examples/newton/newton.fspec --cuont 3", err, sizeof err);
    ok(code == 2 && strstr(err, "freqsys draw: unknown option '--cuont'; did you mean '--count'?"),
       "draw --cuont: --count");
    code = e2e_run("report x.json --formt html", err, sizeof err);
    ok(code == 2 && strstr(err, "freqsys report: unknown option '--formt'; did you mean '--format'?"),
       "report --formt: --format");
    code = e2e_run("plan x.json --budgte 4K", err, sizeof err);
    ok(code == 2 && strstr(err, "did you mean '--budget'?"), "plan --budgte: --budget");
    code = e2e_run("instrument examples/newton/newton.fspec --optimise full", err, sizeof err);
    ok(code == 2 && strstr(err, "did you mean '--optimize'?"), "instrument --optimise: --optimize");
    code = e2e_run("--verison", err, sizeof err);
    ok(code == 2 && strstr(err, "did you mean '--version'?"), "freqsys --verison: --version");
    /* run -o: the result goes to a file, and the verdict still to the terminal */
    code =
        e2e_runf(err, sizeof err, "run examples/newton/newton.fspec -n 100 -o '%s'", tmp_path("short.json"));
    is_int(code, 1, "a budget too small: exit 1");
    result *r = e2e_result(tmp_path("short.json"), NULL, 0);
    size_t open = 0;
    for (size_t i = 0; r && i < r->nblocks; i++) open += !strcmp(r->blocks[i].status, "not_converged");
    char want[256];
    snprintf(want, sizeof want,
             "freqsys: NOT CONVERGED: %zu of %zu blocks not within 0.3 at 95%% confidence after 100 "
             "trials (the trial budget ran out) in ",
             open, r ? r->nblocks : 0);
    ok(r && open > 0 && strstr(err, want),
       "...and stderr says NOT CONVERGED, with the open blocks (%zu of %zu) and "
       "the trials",
       open, r ? r->nblocks : 0);
    snprintf(want, sizeof want, "; result written to %s\n", tmp_path("short.json"));
    ok(strstr(err, want) != NULL, "...and where the result is");
    result_free(r);
    code = e2e_runf(err, sizeof err, "run examples/newton/newton.fspec -o '%s'", tmp_path("full.json"));
    r = e2e_result(tmp_path("full.json"), NULL, 0);
    snprintf(want, sizeof want,
             "freqsys: converged: %zu of %zu blocks within 0.3 at 95%% confidence after %llu trials in ",
             r ? r->nblocks : 0, r ? r->nblocks : 0, r ? (unsigned long long)r->trials : 0ull);
    ok(code == 0 && r && strstr(err, want), "a run that settles says converged, with its blocks and trials");
    result_free(r);
    code = e2e_runf(err, sizeof err, "run examples/newton/newton.fspec -q -n 100 -o '%s'",
                    tmp_path("quiet.json"));
    ok(code == 1 && !strstr(err, "CONVERGED") && !strstr(err, "result written"), "-q silences it");
    code = e2e_run("run examples/newton/newton.fspec -f json", err, sizeof err);
    ok(code == 0 && strstr(err, "freqsys: converged: ") && !strstr(err, "written to"),
       "JSON on standard output: the line on stderr names no file");
    code = e2e_run("run examples/newton/newton.fspec", err, sizeof err);
    ok(code == 0 && !strstr(err, "freqsys: converged"),
       "a text result on standard output has its own verdict: no line");
    /* enumeration is exact: it says so */
    code = e2e_runf(err, sizeof err, "run tests/e2e/programs/enumerate.fspec -o '%s'", tmp_path("dice.json"));
    r = e2e_result(tmp_path("dice.json"), NULL, 0);
    snprintf(want, sizeof want, "freqsys: exact: %zu blocks by enumeration of %llu combinations in ",
             r ? r->nblocks : 0, r ? (unsigned long long)r->trials : 0ull);
    ok(code == 0 && r && !strcmp(r->sampling, "enumerated") && strstr(err, want),
       "an enumerated run says exact");
    if (r && strcmp(r->sampling, "enumerated") != 0) diag("sampling %s", r->sampling);
    result_free(r);
    /* a checkpoint that is not there: the file and the system's reason, no made-up place */
    code = e2e_runf(err, sizeof err, "run --resume '%s'", tmp_path("nope.checkpoint"));
    snprintf(want, sizeof want, "freqsys: error: cannot read the checkpoint %s: No such file or directory\n",
             tmp_path("nope.checkpoint"));
    ok(code == 2 && strstr(err, want), "a missing checkpoint is named with the reason (exit 2)");
    ok(!strstr(err, ":-1"), "...and no line -1 or column -1");
    /* -g and -e stand in for the spec's confidence and epsilon lines */
    FILE *f = fopen(tmp_path("nogamma.fspec"), "w");
    if (!f ||
        fprintf(f,
                "program \"%s/examples/newton/newton.c\"\nask ~ uniform(100, 800)\nepsilon 0.3\n"
                "cap newton.c:9 64\n",
                FREQSYS_SOURCE_DIR) < 0 ||
        fclose(f) != 0)
        bail("cannot write nogamma.fspec");
    code = e2e_runf(err, sizeof err, "run '%s' -q -o '%s'", tmp_path("nogamma.fspec"), tmp_path("d.json"));
    r = e2e_result(tmp_path("d.json"), NULL, 0);
    ok(code == 0 && r && r->confidence == 0.95, "no confidence line and no -g: the default 0.95");
    result_free(r);
    code = e2e_runf(err, sizeof err, "run '%s' -q -g 0.9 -o '%s'", tmp_path("nogamma.fspec"),
                    tmp_path("g.json"));
    r = e2e_result(tmp_path("g.json"), NULL, 0);
    ok(code == 0 && r && r->confidence == 0.9 && r->epsilon == 0.3,
       "-g 0.9 stands in for it: the run takes 0.9 and "
       "the spec's epsilon");
    result_free(r);
    f = fopen(tmp_path("bare.fspec"), "w");
    if (!f ||
        fprintf(f, "program \"%s/examples/newton/newton.c\"\nask ~ uniform(100, 800)\ncap newton.c:9 64\n",
                FREQSYS_SOURCE_DIR) < 0 ||
        fclose(f) != 0)
        bail("cannot write bare.fspec");
    code = e2e_runf(err, sizeof err, "run '%s' -q", tmp_path("bare.fspec"));
    ok(code == 2 && strstr(err, "bare.fspec:1:1: error: spec has no 'epsilon' line: add one") &&
           strstr(err, "'epsilon 0.3'") && strstr(err, "'epsilon 2%'") && strstr(err, "or pass run -e") &&
           !strstr(err, "'confidence' line"),
       "no epsilon: an error at line 1, column 1, naming the line to add; confidence has a default");
    ok(strstr(err, "    1 | program \"") && strstr(err, "\n      | ^\n"),
       "...shown under the spec's first line, the caret at its start");
    code = e2e_runf(err, sizeof err, "run '%s' -q -e 0.5 -g 95%% -o '%s'", tmp_path("bare.fspec"),
                    tmp_path("eg.json"));
    r = e2e_result(tmp_path("eg.json"), NULL, 0);
    ok(code == 0 && r && r->confidence == 0.95 && r->epsilon == 0.5,
       "-e and -g: the spec needs neither line");
    result_free(r);
    /* the exports and the plan build the program again from the spec: the precision is
     * the result's, so the omission does not matter there */
    code = e2e_runf(err, sizeof err, "report '%s' --format instr -o '%s'", tmp_path("eg.json"),
                    tmp_path("eg.proftext"));
    ok(code == 0 && !strstr(err, "no 'epsilon' line"),
       "report --format instr of that result needs no epsilon line");
    code =
        e2e_runf(err, sizeof err, "plan '%s' --budget 64 -o '%s'", tmp_path("eg.json"), tmp_path("eg.plan"));
    ok(code == 0 && !strstr(err, "no 'epsilon' line"), "...nor does plan");
    /* an integer read of a real-valued distribution: a warning at the spec's place naming the read */
    static const char truncates[] =
        "tests/e2e/programs/realint.fspec:3:5: normal(0, 1) is real-valued, but realint.c:7 "
        "reads its draws into 'n' (int): each is truncated toward zero";
    char out[8192];
    stdout_of("check tests/e2e/programs/realint.fspec", out, sizeof out);
    ok(strstr(out, "warning: ") && strstr(out, truncates),
       "check warns of the %%d read of normal(0, 1), at the spec's "
       "line and column and the read's line");
    ok(!strstr(out, "'x'"), "...but not of the %%lf read of the same law");
    code =
        e2e_runf(err, sizeof err, "run tests/e2e/programs/realint.fspec -o '%s'", tmp_path("realint.json"));
    ok(code == 0 && strstr(err, "freqsys: warning: ") && strstr(err, truncates), "run warns on stderr too");
    r = e2e_result(tmp_path("realint.json"), NULL, 0);
    int listed = 0;
    for (size_t i = 0; r && i < r->nwarnings; i++) listed |= strstr(r->warnings[i], truncates) != NULL;
    ok(listed, "...and lists it in the result's warnings");
    result_free(r);
    return done();
}

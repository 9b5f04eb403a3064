/* tests/e2e/errors-t.c: bad specs, unbuildable programs and exhausted budgets get clear errors and exit
 * codes. */
/* SPDX-License-Identifier: MIT */
#include <time.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(31);
    char err[8192];

    int code = e2e_run("run tests/e2e/programs/undeclared.fspec -q", err, sizeof err);
    is_int(code, 2, "a read with no declaration is a spec error (exit 2)");
    ok(strstr(err, "undeclared.c:6: error: the input read into 'count' (%d) has no declaration") != NULL,
       "...naming the variable and its source line");
    diag("%s", err);

    code = e2e_run("run tests/e2e/programs/broken.fspec -q", err, sizeof err);
    is_int(code, 3, "a program that does not compile exits 3");
    ok(strstr(err, "cannot compile") && strstr(err, "undefined_name"), "...showing the compiler's message");

    code = e2e_run("check tests/e2e/programs/misfit.fspec", err, sizeof err);
    is_int(code, 2, "a distribution that does not fit its read's type is a spec error at check (exit 2)");
    ok(strstr(err, "misfit.fspec:2:9:") && strstr(err, "unsigned char (0 to 255)") &&
           strstr(err, "probability 0.421") && strstr(err, "misfit.c:6"),
       "...at the distribution's line and column, with the type, its range, the chance and the read");
    /* a global has no line of its own: the message names it */
    static const char global_misfit[] =
        "program \"" FREQSYS_SOURCE_DIR "/tests/e2e/programs/misfit_global.c\"\n"
        "global level ~ uniform_int(-9, 9)\nepsilon 0.1\n";
    code = e2e_check_spec(global_misfit, err, sizeof err);
    ok(code == 2 && strstr(err, "unsigned char (0 to 255)") && strstr(err, "'level' is of that type") &&
           !strstr(err, ":0 "),
       "a drawn global of a narrower type: named, with no line it does not have");
    /* A read matched only at run time: a draw that does not fit fails its trial alone,
     * which is listed and can be replayed; the run goes on without it. */
    code = e2e_runf(err, sizeof err, "run tests/e2e/programs/misfit_indexed.fspec -q -o '%s'",
                    tmp_path("misfit.json"));
    is_int(code, 0, "a draw that does not fit at run time fails that trial alone: the run goes on (exit 0)");
    result *mf = e2e_result(tmp_path("misfit.json"), err, sizeof err);
    ok(mf && mf->input_errors > 0 && mf->nfailures > 0 && !strcmp(mf->failures[0].kind, "input") &&
           mf->failures[0].trial == 0,
       "...counted (%llu) and listed as input failures, trial 0 first",
       mf ? (unsigned long long)mf->input_errors : 0ull);
    result_free(mf);
    code = e2e_run("run tests/e2e/programs/misfit_indexed.fspec --replay 0", err, sizeof err);
    is_int(code, 2, "--replay of that trial stops on the input error (exit 2)");
    ok(strstr(err, "misfit.c:6: input 'level'") && strstr(err, "does not fit") &&
           strstr(err, "unsigned char"),
       "...naming the input, its line and its type");
    diag("%s", err);

    /* temporary files go where TMPDIR says: a folder that does not exist stops the build */
    char env[2048];
    snprintf(env, sizeof env, "TMPDIR='%s'", tmp_path("missing"));
    code = e2e_run_env(env, "run examples/newton/newton.fspec -q", err, sizeof err);
    is_int(code, 3, "a TMPDIR that does not exist: the build fails (exit 3)");
    ok(strstr(err, tmp_path("missing/freqsys-")) != NULL, "...naming the file it could not create there");

    code = e2e_runf(err, sizeof err, "run examples/newton/newton.fspec -q -n 100 -o '%s'",
                    tmp_path("budget.json"));
    is_int(code, 1, "a budget too small to converge exits 1");
    result *r = e2e_result(tmp_path("budget.json"), err, sizeof err);
    ok(r != NULL, "...and still writes the result");
    ok(r && !r->converged && r->trials == 100, "...which says not converged after exactly 100 trials");
    const result_block *body = r ? e2e_block(r, "newton_sqrt", "while.body") : NULL;
    ok(body && !strcmp(body->status, "not_converged"), "...and lists the loop body as not_converged");
    result_free(r);

    code = e2e_run("run examples/newton/newton.fspec -q -n 100", err, sizeof err);
    is_int(code, 1, "the text report exits 1 too");

    /* 1e-4 at 95% needs some 10^9 trials: the time limit ends it first, whatever the load */
    code = e2e_runf(err, sizeof err,
                    "run examples/newton/newton.fspec -q -e 0.0001 -n 1000000000 --time-limit 1s -o '%s'",
                    tmp_path("limit.json"));
    is_int(code, 1, "--time-limit ends a run that cannot converge in time: exit 1");
    r = e2e_result(tmp_path("limit.json"), err, sizeof err);
    ok(r && r->time_limited && !r->converged && r->trials > 0, "...and writes what it has, saying so");
    result_free(r);

    /* The pilot that picks the sampling shares the limit: trials that hang to their
     * 1 s timeout (n > 6: 95% of poisson(12)) made its 200 runs take some 95 s of a
     * 4 s limit. 40 s leaves ten times the limit for a loaded machine. */
    char hang_spec[2048];
    snprintf(hang_spec, sizeof hang_spec, "%s", tmp_path("hang.fspec"));
    FILE *hf = fopen(hang_spec, "w");
    if (!hf) bail("cannot write %s", hang_spec);
    fprintf(hf,
            "program \"%s/tests/e2e/programs/hangs.c\"\nn ~ poisson(12)\nepsilon 0.1\nseed 3\ntimeout 1s\n",
            FREQSYS_SOURCE_DIR);
    fclose(hf);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    code = e2e_runf(err, sizeof err, "run '%s' -q -j 2 --time-limit 4s -o '%s'", hang_spec,
                    tmp_path("hang.json"));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double took = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    r = e2e_result(tmp_path("hang.json"), err, sizeof err);
    ok(code == 1 && r && r->time_limited && took < 40,
       "--time-limit 4s holds through the sampling pilot when trials hang: exit %d in %.1f s", code, took);
    result_free(r);

    code = e2e_run("run tests/e2e/programs/no-such.fspec", err, sizeof err);
    is_int(code, 2, "a missing spec file exits 2");
    ok(strstr(err, "no-such.fspec") != NULL, "...naming the file");

    /* The result reader's statuses become exit status 2, with the reader's message. */
    code = e2e_runf(err, sizeof err, "report '%s'", tmp_path("no-such.json"));
    ok(code == 2 && strstr(err, "no-such.json: No such file or directory"),
       "a missing result file exits 2, naming it");
    FILE *cut = fopen(tmp_path("cut.json"), "w");
    if (!cut ||
        fputs("{\n  \"format\": \"freqsys-result\",\n  \"version\": 1,\n  \"spec\": \"ex", cut) == EOF ||
        fclose(cut) != 0)
        bail("cannot write cut.json");
    code = e2e_runf(err, sizeof err, "report '%s'", tmp_path("cut.json"));
    ok(code == 2 && strstr(err, "cut.json:4:"), "a result cut short exits 2, at the line where it ends");
    code = e2e_runf(err, sizeof err, "plan '%s' --budget 1000", tmp_path("cut.json"));
    ok(code == 2 && strstr(err, "cut.json:4:"), "...for plan too");
    /* A spec's syntax error, for a command that parses it alone. */
    FILE *bad = fopen(tmp_path("bad.fspec"), "w");
    if (!bad || fputs("epsilon 0.1 0.2\n", bad) == EOF || fclose(bad) != 0) bail("cannot write bad.fspec");
    code = e2e_runf(err, sizeof err, "draw '%s' -o '%s'", tmp_path("bad.fspec"), tmp_path("drawn"));
    ok(code == 2 && strstr(err, "bad.fspec:1:13: error"),
       "draw on a spec with a syntax error exits 2 at its place");

    code = e2e_run("frobnicate", err, sizeof err);
    is_int(code, 2, "an unknown command exits 2");

    code = e2e_run("run examples/newton/newton.fspec -j 0", err, sizeof err);
    is_int(code, 2, "-j 0 is a usage error");

    code = e2e_run("check examples/newton/newton.fspec", err, sizeof err);
    is_int(code, 0, "check accepts the newton example");

    code = e2e_run("check tests/e2e/programs/undeclared.fspec", err, sizeof err);
    is_int(code, 2, "check finds the undeclared read without running");
    return done();
}

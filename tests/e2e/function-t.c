/* tests/e2e/function-t.c: function mode: arguments, struct fields, globals, externs and MMIO registers. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

typedef struct truth {
    const char *label;
    double value;
} truth;

static void check(const result *r, const char *function, const truth *t, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block(r, function, t[i].label);
        if (b && !strcmp(b->status, "rare")) {
            ok(b->hits == 0 && t[i].value <= b->p_upper, "%s/%s never ran, as expected", function,
               t[i].label);
            continue;
        }
        ok(b && fabs(b->mean - t[i].value) <= r->epsilon, "%s/%s: %.5f within %.2f of %.5f", function,
           t[i].label, b ? b->mean : NAN, r->epsilon, t[i].value);
    }
}

int main(void) {
    /* len ~ uniform_int(1, 8); buf ~ normal(0, 1) stored into int (truncated), so
     * buf[i] > 0 needs a draw >= 1: P(Z >= 1) = 0.15865525393145707 */
    static const truth filter[] = {
        {"entry", 1},
        {"if.then", 0},
        {"for.cond", 5.5},
        {"for.body", 4.5},
        {"if.then3", 4.5 * 0.15865525393145707},
        {"if.then8", 1.0 / 3},
        {"if.then12", 0.45},
        {"if.then16", 0.3},
        {"if.then21", 0.25},
        {"if.then23", 0.9},
    };
    static const truth registers[] = {
        {"while.cond", 4},
        {"while.body", 3},
        {"if.then", 1095.0 / 4096},
        {"if.end", 3001.0 / 4096},
    };
    size_t nf = sizeof filter / sizeof filter[0], nr = sizeof registers / sizeof registers[0];
    plan((int)(4 + nf + 4 + nr + 6 + 1 + 2));
    char err[8192];

    int code = e2e_runf(err, sizeof err, "run tests/e2e/programs/filter.fspec -q -j 2 -o '%s'",
                        tmp_path("filter-2.json"));
    if (!is_int(code, 0, "filter_step in function mode converges")) diag("%s", err);
    result *r = e2e_result(tmp_path("filter-2.json"), err, sizeof err);
    if (!ok(r != NULL, "...and writes its result")) bail("%s", err);
    ok(!strcmp(r->mode, "function") && !strcmp(r->entry, "filter_step"),
       "the result says function mode and the entry");
    check(r, "filter_step", filter, nf);
    result_free(r);
    code = e2e_runf(err, sizeof err, "run tests/e2e/programs/filter.fspec -q -j 1 -o '%s'",
                    tmp_path("filter-1.json"));
    char *one = e2e_json_without_timing(tmp_path("filter-1.json"));
    char *two = e2e_json_without_timing(tmp_path("filter-2.json"));
    ok(code == 0 && one && two && !strcmp(one, two), "-j 1 and -j 2 give identical JSON in function mode");
    /* the module's call_entry and libffi pass the same arguments */
    setenv("FREQSYS_CALL_LIBFFI", "1", 1);
    code = e2e_runf(err, sizeof err, "run tests/e2e/programs/filter.fspec -q -j 1 -o '%s'",
                    tmp_path("filter-ffi.json"));
    unsetenv("FREQSYS_CALL_LIBFFI");
    char *ffi = e2e_json_without_timing(tmp_path("filter-ffi.json"));
    ok(code == 0 && ffi && one && !strcmp(one, ffi),
       "calling through libffi gives the same JSON as call_entry");
    free(ffi);
    free(one);
    free(two);

    code = e2e_runf(err, sizeof err, "run tests/e2e/programs/registers.fspec -q -o '%s'",
                    tmp_path("registers.json"));
    if (!is_int(code, 0, "adc_poll with MMIO registers converges")) diag("%s", err);
    r = e2e_result(tmp_path("registers.json"), err, sizeof err);
    if (!ok(r != NULL, "...and writes its result")) bail("%s", err);
    ok(r->crashes == 0, "no register access reached the host's memory (no crash)");
    ok(r->nmmio_writes == 1 && r->mmio_writes[0].address == 0x40020014u && r->mmio_writes[0].mean == 2.0,
       "the two LED writes per call are dropped and counted at 0x40020014");
    check(r, "adc_poll", registers, nr);
    result_free(r);

    /* one parameter of each number type, registers and stack: each branch is taken
     * half the time when every argument arrives as drawn; a lost sign or a value
     * read with the wrong width makes one 0 or 1 */
    code = e2e_runf(err, sizeof err, "run tests/e2e/programs/signature.fspec -q -j 2 -o '%s'",
                    tmp_path("sig.json"));
    r = e2e_result(tmp_path("sig.json"), err, sizeof err);
    int halves = 0;
    for (size_t i = 0; r && i < r->nblocks; i++)
        if (!strncmp(r->blocks[i].block, "if.then", 7) && fabs(r->blocks[i].mean - 0.5) <= 0.1) halves++;
    is_int(halves, 12, "twelve parameter types: every branch on them is taken about half the time");
    result_free(r);
    setenv("FREQSYS_CALL_LIBFFI", "1", 1);
    int ffi_code = e2e_runf(err, sizeof err, "run tests/e2e/programs/signature.fspec -q -j 2 -o '%s'",
                            tmp_path("sig-ffi.json"));
    unsetenv("FREQSYS_CALL_LIBFFI");
    ok(code == 0 && ffi_code == 0 && e2e_same_json(tmp_path("sig.json"), tmp_path("sig-ffi.json")),
       "...and libffi gives the same JSON");

    code = e2e_run("check tests/e2e/programs/noarg.fspec", err, sizeof err);
    is_int(code, 2, "a parameter without a declaration is a spec error");
    ok(strstr(err, "parameter 'cfg' (cfg_t *) has no 'arg' declaration") &&
           strstr(err, "filter_step(const int *buf, unsigned int len, cfg_t *cfg, _Bool strict)"),
       "...listing every parameter with its C type");
    code = e2e_run("check tests/e2e/programs/noextern.fspec", err, sizeof err);
    is_int(code, 2, "an undefined function without a declaration is an error");
    ok(strstr(err, "'read_adc' (at filter.c:27)") != NULL, "...naming it and its call site");
    code = e2e_run("check tests/e2e/programs/nommio.fspec", err, sizeof err);
    is_int(code, 2, "an undeclared MMIO read is an error");
    ok(strstr(err, "0x40012404 (registers.c:18)") != NULL, "...listing the address and its line");
    return done();
}

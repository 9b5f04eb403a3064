/* tests/report/result_csv-t.c: checks the CSV rows, their number forms and RFC 4180 quoting. */
/* SPDX-License-Identifier: MIT */
#include "fixture.h"
#include "tap.h"

#include <errno.h>

static const char want_program[] =
    "function,block,file,line,mean,stddev,half_width,min,max,hits,status,method,p_upper\n"
    "main,entry,newton.c,5,1,0,0,1,1,18431,constant,observed,0\n"
    "main,while.body,newton.c,12,8.2512345678900001,1.1000000000000001,0.050000000000000003,"
    "0,11,18002,converged,clt,0\n"
    "main,if.then,newton.c,15,0,0,0,0,0,0,rare,binomial,0.00016276924746351257\n";

static const char want_quoted[] =
    "function,block,file,line,mean,stddev,half_width,min,max,hits,status,method,p_upper\n"
    "\"op<a,b>\",\"say \"\"hi\"\"\",\"two\nlines.c\",7,,inf,-inf,0,18446744073709551615,3,"
    "not_converged,,0.5\n";

int main(void) {
    plan(6);
    int rc;
    result *r = sample_program();
    char *got = capture(result_write_csv, r, &rc);
    is_int(rc, 0, "program mode: the writer succeeds");
    is_string(got, want_program, "program mode: header and rows are exact");
    free(got);
    result_free(r);

    /* A comma, quotes and a line break are quoted; NaN is empty, infinities are words,
     * a NULL method is an empty field, and counts keep all 64 bits. */
    r = sample_program();
    r->nblocks = 1;
    result_block *b = &r->blocks[0];
    for (size_t i = 1; i < 3; i++) {
        result_block *x = &r->blocks[i];
        free(x->function), free(x->block), free(x->file), free(x->status), free(x->method);
    }
    free(b->function), free(b->block), free(b->file), free(b->status), free(b->method);
    block(b, "op<a,b>", "say \"hi\"", "two\nlines.c", 7, NAN, INFINITY, -INFINITY, 0, UINT64_MAX, 3,
          "not_converged", "", 0.5);
    free(b->method);
    b->method = NULL;
    got = capture(result_write_csv, r, &rc);
    is_int(rc, 0, "awkward fields: the writer succeeds");
    is_string(got, want_quoted, "awkward fields: RFC 4180 quoting and number forms");
    free(got);

    FILE *full = fopen("/dev/full", "w");
    if (!full) bail("cannot open /dev/full");
    errno = 0;
    is_int(result_write_csv(r, full), -1, "a full device: the writer fails");
    ok(errno != 0, "...and sets errno (%s)", strerror(errno));
    fclose(full);
    result_free(r);
    return done();
}

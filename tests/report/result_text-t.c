/* tests/report/result_text-t.c: checks the text form against exact expected text. */
/* SPDX-License-Identifier: MIT */
#include "fixture.h"
#include "tap.h"

#include <errno.h>

static const char want_program[] =
    "examples/newton/newton.spec: program mode, entry main; MEAN is executions per run\n"
    "epsilon ±0.3, confidence 95%, seed 1\n"
    "18,431 trials in 2.31 s (7,970 trials/s, 4 jobs), 0 crashes, 0 timeouts\n"
    "\n"
    "FUNCTION  BLOCK       LOCATION       MEAN    ±HALF  STATUS\n"
    "main      entry       newton.c:5   1.0000 ± 0.0000  constant   observed in every trial\n"
    "main      while.body  newton.c:12  8.2512 ± 0.0500  converged\n"
    "main      if.then     newton.c:15  0.0000           rare       never reached, P(reached) ≤ 0.000163\n"
    "\n"
    "converged: 3 of 3 blocks within ±0.3 at 95% confidence after 18,431 trials\n";

static const char want_open[] =
    "filter.spec: function mode, entry filter_step; MEAN is executions per call\n"
    "epsilon ±2% of the mean, confidence 99%, seed 42\n"
    "1,234,567 trials in 12.50 s (98,765 trials/s, 1 job), 3 crashes, 1 timeout\n"
    "interrupted before the stopping rule decided\n"
    "\n"
    "FUNCTION     BLOCK     LOCATION        MEAN    ±HALF  STATUS\n"
    "filter_step  entry     filter.c:40   1.0000 ± 0.0000  constant       observed in every trial\n"
    "filter_step  for.body  filter.c:44  63.5000 ± 1.7500  not_converged\n"
    "clamp        if.else   -             0.0001 ± 0.0001  not_converged\n"
    "\n"
    "failed trials: #812 crash (signal 11), #90210 timeout (first 2 of 4)\n"
    "NOT CONVERGED: 2 of 3 blocks not within ±2% of their means at 99% confidence after "
    "1,234,567 trials (interrupted)\n"
    "  filter_step for.body (filter.c:44): 63.5000 ± 1.7500\n"
    "  clamp if.else: 0.0001 ± 0.0001\n";

/* No timing (a result read from an older file), a block reached a few times, a NaN mean. */
static const char want_plain[] =
    "p.spec: program mode, entry main; MEAN is executions per run\n"
    "epsilon ±0.5, confidence 95%, seed 7\n"
    "1 trial, 1 crash, 0 timeouts\n"
    "\n"
    "FUNCTION  BLOCK  LOCATION    MEAN   ±HALF  STATUS\n"
    "main      a      line 3         - ±     -  not_converged\n"
    "main      b      p.c       0.0003          rare           reached in 2 trials, P(reached) ≤ 0.0005\n"
    "\n"
    "NOT CONVERGED: 1 of 2 blocks not within ±0.5 at 95% confidence after 1 trial\n"
    "  main a (line 3): - ± -\n";

int main(void) {
    plan(12);
    int rc;
    result *r = sample_program();
    char *got = capture(result_write_text, r, &rc);
    is_int(rc, 0, "program mode: the writer succeeds");
    is_string(got, want_program, "program mode: the table, header and verdict are exact");
    free(got);
    result_free(r);

    r = sample_program();
    r->paced_by = 2;
    got = capture(result_write_text, r, &rc);
    ok(got &&
           strstr(got, "after 18,431 trials\nthe trials were set by main while.body (newton.c:12), the last "
                       "block to settle\n"),
       "converged: the block whose need set the trials, after the verdict");
    free(got);
    result_free(r);

    r = sample_open();
    got = capture(result_write_text, r, &rc);
    is_int(rc, 0, "not converged: the writer succeeds");
    is_string(got, want_open, "not converged: per call, relative epsilon, failures, open blocks");
    free(got);
    result_free(r);

    r = sample_program();
    free(r->spec);
    r->spec = copy("p.spec");
    r->epsilon = 0.5;
    r->seed = 7;
    r->trials = 1;
    r->crashes = 1;
    r->converged = 0;
    r->jobs = 0;
    r->nblocks = 2;
    result_block *a = &r->blocks[0], *b = &r->blocks[1];
    result_block c = r->blocks[2];
    free(a->function), free(a->block), free(a->file), free(a->status), free(a->method);
    free(b->function), free(b->block), free(b->file), free(b->status), free(b->method);
    block(a, "main", "a", "", 3, NAN, NAN, NAN, 0, 0, 0, "not_converged", "clt", 0);
    block(b, "main", "b", "p.c", 0, 0.00026, 0.01, 0, 0, 1, 2, "rare", "binomial", 0.0005);
    free(c.function), free(c.block), free(c.file), free(c.status), free(c.method);
    got = capture(result_write_text, r, &rc);
    is_int(rc, 0, "no timing, NaN mean: the writer succeeds");
    is_string(got, want_plain, "no timing, NaN mean, a rare block with hits: exact text");
    free(got);
    result_free(r);

    r = sample_program();
    free(r->blocks[1].file);
    r->blocks[1].file = copy("");
    r->blocks[1].line = 0;
    r->functions = calloc(1, sizeof *r->functions);
    if (!r->functions) bail("out of memory");
    r->functions[0] = (result_function){copy("main"), copy("src/newton.c"), 3};
    r->nfunctions = 1;
    got = capture(result_write_text, r, &rc);
    ok(rc == 0 && strstr(got, "src/newton.c:?") != NULL,
       "a block with no line of its own is shown in its function's file, as 'src/newton.c:?'");
    free(got);
    result_free(r);

    r = sample_program();
    r->mmio_writes = calloc(2, sizeof *r->mmio_writes);
    if (!r->mmio_writes) bail("out of memory");
    r->mmio_writes[0] = (result_mmio_write){0x40012008, 2, 0.5, 0.01, 1, 3};
    r->mmio_writes[1] = (result_mmio_write){0x40020c14, 1, 0, NAN, 1, 1};
    r->nmmio_writes = 2;
    got = capture(result_write_text, r, &rc);
    ok(rc == 0 && strstr(got, "0x40012008 2.0000 ± 0.0100, 0x40020c14 1.0000 (no bound)") != NULL,
       "register writes: a half-width where there is one, '(no bound)' where there is none");
    free(got);
    result_free(r);

    r = sample_program();
    r->nblocks = 0;
    got = capture(result_write_text, r, &rc);
    ok(rc == 0 && strstr(got, "converged: 0 of 0 blocks") != NULL, "no blocks: still a verdict");
    free(got);
    r->nblocks = 3;

    FILE *full = fopen("/dev/full", "w");
    if (!full) bail("cannot open /dev/full");
    errno = 0;
    rc = result_write_text(r, full);
    is_int(rc, -1, "a full device: the writer fails");
    ok(errno != 0, "...and sets errno (%s)", strerror(errno));
    fclose(full);
    result_free(r);
    return done();
}

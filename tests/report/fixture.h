/* tests/report/fixture.h: sample results built in code, and capture of a writer's output. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TEST_REPORT_FIXTURE_H
#define FREQSYS_TEST_REPORT_FIXTURE_H

#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"

static char *copy(const char *s) {
    char *d = strdup(s);
    if (!d) {
        printf("Bail out! out of memory\n");
        exit(255);
    }
    return d;
}

static void block(result_block *b, const char *function, const char *name, const char *file, int line,
                  double mean, double stddev, double half, uint64_t min, uint64_t max, uint64_t hits,
                  const char *status, const char *method, double p_upper) {
    b->function = copy(function);
    b->block = copy(name);
    b->file = copy(file);
    b->line = line;
    b->mean = mean;
    b->stddev = stddev;
    b->half_width = half;
    b->min = min;
    b->max = max;
    b->hits = hits;
    b->status = copy(status);
    b->method = copy(method);
    b->p_upper = p_upper;
}

/* Program mode, three blocks, converged: one constant, one by the CLT, one rare. */
static result *sample_program(void) {
    result *r = calloc(1, sizeof *r);
    r->spec = copy("examples/newton/newton.spec");
    r->mode = copy("program");
    r->entry = copy("main");
    r->epsilon = 0.3;
    r->relative = 0;
    r->confidence = 0.95;
    r->seed = 1;
    r->trials = 18431;
    r->converged = 1;
    r->jobs = 4;
    r->elapsed_s = 2.3125;
    r->trials_per_s = 7970.16;
    r->nblocks = 3;
    r->blocks = calloc(3, sizeof *r->blocks);
    block(&r->blocks[0], "main", "entry", "newton.c", 5, 1, 0, 0, 1, 1, 18431, "constant", "observed", 0);
    block(&r->blocks[1], "main", "while.body", "newton.c", 12, 8.25123456789, 1.1, 0.05, 0, 11, 18002,
          "converged", "clt", 0);
    block(&r->blocks[2], "main", "if.then", "newton.c", 15, 0, 0, 0, 0, 0, 0, "rare", "binomial",
          3.0 / 18431);
    return r;
}

/* Function mode, relative epsilon, interrupted with two blocks open and two failures. */
static result *sample_open(void) {
    result *r = calloc(1, sizeof *r);
    r->spec = copy("filter.spec");
    r->mode = copy("function");
    r->entry = copy("filter_step");
    r->epsilon = 0.02;
    r->relative = 1;
    r->confidence = 0.99;
    r->seed = 42;
    r->trials = 1234567;
    r->crashes = 3;
    r->timeouts = 1;
    r->converged = 0;
    r->interrupted = 1;
    r->jobs = 1;
    r->elapsed_s = 12.5;
    r->trials_per_s = 98765.4;
    r->nblocks = 3;
    r->blocks = calloc(3, sizeof *r->blocks);
    block(&r->blocks[0], "filter_step", "entry", "filter.c", 40, 1, 0, 0, 1, 1, 1234567, "constant",
          "observed", 0);
    block(&r->blocks[1], "filter_step", "for.body", "filter.c", 44, 63.5, 20.25, 1.75, 1, 128, 1234567,
          "not_converged", "clt", 0);
    block(&r->blocks[2], "clamp", "if.else", "", 0, 0.000125, 0.0111, 0.0001, 0, 2, 150, "not_converged",
          "clt", 0);
    r->nfailures = 2;
    r->failures = calloc(2, sizeof *r->failures);
    r->failures[0] = (result_failure){.trial = 812, .kind = copy("crash"), .signal = 11};
    r->failures[1] = (result_failure){.trial = 90210, .kind = copy("timeout"), .signal = 9};
    return r;
}

/* What WRITE puts out for R, as a string to free; *RC gets its return value. */
static char *capture(int (*write)(const result *, FILE *), const result *r, int *rc) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        printf("Bail out! open_memstream failed\n");
        exit(255);
    }
    *rc = write(r, f);
    fclose(f);
    return buf;
}

#endif

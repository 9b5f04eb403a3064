/* tests/tap.h: a small Test Anything Protocol producer for the test programs. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TAP_H
#define FREQSYS_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Plan first (plan(N)), then one check per line; done() exits non-zero on any failure
 * or when the count ran short of the plan, so ctest sees the result in the exit code. */
#define TAP_FN static __attribute__((unused))
static int tap_planned, tap_run, tap_failed;

TAP_FN void plan(int n) {
    tap_planned = n;
    printf("1..%d\n", n);
    fflush(stdout);
}

TAP_FN void diag(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("# ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
}

TAP_FN int vok(int pass, const char *fmt, va_list ap) {
    tap_run++;
    if (!pass) tap_failed++;
    printf("%s %d - ", pass ? "ok" : "not ok", tap_run);
    vprintf(fmt, ap);
    printf("\n");
    fflush(stdout);
    return pass;
}

TAP_FN int ok(int pass, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vok(pass, fmt, ap);
    va_end(ap);
    return r;
}

TAP_FN int is_int(long long got, long long want, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vok(got == want, fmt, ap);
    va_end(ap);
    if (!r) diag("     got: %lld\n#     want: %lld", got, want);
    return r;
}

TAP_FN int is_double(double got, double want, double tol, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vok(fabs(got - want) <= tol, fmt, ap);
    va_end(ap);
    if (!r) diag("     got: %.17g\n#     want: %.17g (tolerance %g)", got, want, tol);
    return r;
}

TAP_FN int is_string(const char *got, const char *want, const char *fmt, ...) {
    int pass = got && want ? strcmp(got, want) == 0 : got == want;
    va_list ap;
    va_start(ap, fmt);
    int r = vok(pass, fmt, ap);
    va_end(ap);
    if (!r) diag("     got: %s\n#     want: %s", got ? got : "(null)", want ? want : "(null)");
    return r;
}

/* Stops the test at once: the fixture is broken, later checks would only mislead. */
TAP_FN _Noreturn void bail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("Bail out! ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
    exit(255);
}

TAP_FN int done(void) {
    if (tap_run != tap_planned) diag("planned %d checks but ran %d", tap_planned, tap_run);
    return tap_failed || tap_run != tap_planned ? 1 : 0;
}

#endif

/* distributions/dist_args.c: checking a distribution's arguments and wording its errors. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dist_impl.h"

/* Fills ERR with the formatted message and ARG_INDEX; always returns -1 so a creator
 * can write `return dist_args_fail(...), NULL;` or test it. ERR may be NULL. */
int dist_args_fail(dist_error *err, int arg_index, const char *fmt, ...) {
    if (!err) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->arg_index = arg_index;
    return -1;
}

/* "a number", "a string" or "a distribution": what A is, for messages. */
const char *dist_args_kind(const dist_arg *a) {
    switch (a->kind) {
    case DIST_ARG_NUMBER:
        return "a number";
    case DIST_ARG_STRING:
        return "a string";
    case DIST_ARG_DIST:
        return "a distribution";
    }
    return "something else";
}

/* Checks that there are exactly WANT arguments, all plain finite numbers, named
 * PARAMS[i] in messages, and copies them to OUT. Fails with "normal takes 2 arguments
 * (mu, sigma), got 3" (arg_index -1) or "normal(mu, sigma): sigma must be a number,
 * got a string" (arg_index of that argument). */
int dist_args_numbers(const char *name, const char *const *params, size_t want, const dist_arg *args,
                      size_t nargs, double *out, dist_error *err) {
    char list[128] = "";
    for (size_t i = 0; i < want; i++) {
        if (i) strncat(list, ", ", sizeof list - strlen(list) - 1);
        strncat(list, params[i], sizeof list - strlen(list) - 1);
    }
    if (nargs != want)
        return dist_args_fail(err, -1, "%s takes %zu argument%s (%s), got %zu", name, want,
                              want == 1 ? "" : "s", list, nargs);
    for (size_t i = 0; i < want; i++) {
        const dist_arg *a = &args[i];
        if (a->kind != DIST_ARG_NUMBER)
            return dist_args_fail(err, (int)i, "%s(%s): %s must be a number, got %s", name, list, params[i],
                                  dist_args_kind(a));
        if (a->has_weight)
            return dist_args_fail(err, (int)i, "%s(%s): %s must be a plain number, got a value: weight pair",
                                  name, list, params[i]);
        if (!isfinite(a->number))
            return dist_args_fail(err, (int)i, "%s(%s): %s must be finite, got %s = %g", name, list,
                                  params[i], params[i], a->number);
        out[i] = a->number;
    }
    return 0;
}

/* 1 when X is a whole number that a double holds exactly with its neighbours
 * (|x| <= 2^53), so integer arithmetic on it is safe. */
int dist_args_is_integral(double x) {
    return isfinite(x) && x == floor(x) && fabs(x) <= 9007199254740992.0;
}

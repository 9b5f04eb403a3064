/* distributions/dist.c: the operations every distribution shares, dispatched through its ops. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>

#include "dist_impl.h"

/* Allocates a zeroed object of SIZE bytes (a kind's struct, which starts with struct
 * dist) and fills the common part. Returns NULL with "out of memory" in ERR on failure. */
dist *dist_alloc(size_t size, const dist_ops *ops, dist_sampler sample, int integer, dist_error *err) {
    dist *d = calloc(1, size);
    if (!d) {
        dist_args_fail(err, -1, "%s: out of memory", ops->name);
        return NULL;
    }
    d->sample = sample;
    d->ops = ops;
    d->integer = integer;
    return d;
}

/* Frees D and everything it owns, nested distributions included. NULL is a no-op. */
void dist_free(dist *d) {
    if (!d) return;
    if (d->ops->release) d->ops->release(d);
    free(d);
}

double dist_sample(const dist *d, gsl_rng *r) {
    return d->sample(d, r);
}

int dist_is_integer(const dist *d) {
    return d->integer;
}

double dist_cdf(const dist *d, double x) {
    return d->ops->cdf(d, x);
}

double dist_survival(const dist *d, double x) {
    double lo, hi;
    dist_range(d, &lo, &hi);
    if (x >= hi) return 0;
    return d->ops->survival ? d->ops->survival(d, x) : NAN;
}

double dist_mean(const dist *d) {
    return d->ops->mean(d);
}

/* Appends D's canonical text to T; nested distributions (truncated) use it. */
void dist_format_text(const dist *d, dist_text *t) {
    d->ops->format(d, t);
}

int dist_format(const dist *d, char *buf, size_t size) {
    dist_text t = {buf, size, 0};
    if (buf && size) buf[0] = '\0';
    dist_format_text(d, &t);
    return (int)t.len;
}

size_t dist_params(const dist *d, dist_param *out) {
    return d->ops->params ? d->ops->params(d, out) : 0;
}

void dist_score(const dist *d, double x, double *grad) {
    if (d->ops->score) d->ops->score(d, x, grad);
}

int dist_is_text(const dist *d) {
    return d->ops->sample_text != NULL;
}

double dist_text_most(const dist *d) {
    return d->ops->text_most ? d->ops->text_most(d) : -1;
}

int dist_sample_text(const dist *d, gsl_rng *r, dist_bytes *out) {
    return d->ops->sample_text(d, r, out);
}

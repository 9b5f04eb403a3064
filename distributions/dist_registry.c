/* distributions/dist_registry.c: the catalogue's table from name to creator, and dist_create. */
/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "dist_impl.h"

typedef struct entry {
    const char *name;
    dist_creator create;
} entry;

/* The order here is the order of dist_names() and of the documentation. */
static const entry registry[] = {
    {"uniform", dist_uniform_create},
    {"uniform_int", dist_uniform_int_create},
    {"normal", dist_normal_create},
    {"lognormal", dist_lognormal_create},
    {"exponential", dist_exponential_create},
    {"gamma", dist_gamma_create},
    {"beta", dist_beta_create},
    {"poisson", dist_poisson_create},
    {"binomial", dist_binomial_create},
    {"bernoulli", dist_bernoulli_create},
    {"geometric", dist_geometric_create},
    {"choice", dist_choice_create},
    {"discrete", dist_discrete_create},
    {"constant", dist_constant_create},
    {"empirical", dist_empirical_create},
    {"truncated", dist_truncated_create},
    {"mixture", dist_mixture_create},
    {"format", dist_format_create},
};

#define COUNT (sizeof registry / sizeof registry[0])

static const char *const names[COUNT + 1] = {
    "uniform",   "uniform_int", "normal",    "lognormal", "exponential", "gamma",    "beta",
    "poisson",   "binomial",    "bernoulli", "geometric", "choice",      "discrete", "constant",
    "empirical", "truncated",   "mixture",   "format",    NULL,
};

dist *dist_create(const char *name, const dist_arg *args, size_t nargs, const char *base_dir,
                  dist_error *err) {
    if (err) {
        err->message[0] = '\0';
        err->arg_index = -1;
        err->char_index = -1;
    }
    for (size_t i = 0; i < COUNT; i++)
        if (strcmp(registry[i].name, name) == 0)
            return registry[i].create(args, nargs, base_dir ? base_dir : ".", err);
    dist_args_fail(err, -1, "unknown distribution '%s'", name);
    return NULL;
}

const char *const *dist_names(void) {
    return names;
}

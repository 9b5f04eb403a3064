/* harness/count_limits.c: the most one run may count of each block under the caps and the proofs, and what a
 * larger count contradicts. */
/* SPDX-License-Identifier: MIT */
#include "count_limits.h"

#include <math.h>
#include <stdlib.h>

/* The bound_from of block B when its max_runs rests on a cap of the spec, else NULL. */
static const char *named_cap(const fsabi_block *b) {
    return b->bound_from && b->bound_from[0] && b->max_runs != FSABI_RUNS_UNBOUNDED ? b->bound_from : NULL;
}

/* Block B's max_runs where it holds in every run: not where only a tail of the
 * inputs' distributions lets a run past it. UINT64_MAX: none. */
static uint64_t firm_bound(const fsabi_block *b) {
    return b->max_runs == FSABI_RUNS_UNBOUNDED || b->tail_mass > 0 ? UINT64_MAX : b->max_runs;
}

/* The global cap as the largest count it allows (a count is an integer, so a cap of
 * 20.5 allows 20); UINT64_MAX: no cap. */
static uint64_t global_cap(const runner_config *cfg) {
    double cap = cfg->stop.cap;
    return cap > 0 && cap < 0x1p64 ? (uint64_t)floor(cap) : UINT64_MAX;
}

int count_limits_make(const runner_config *cfg, count_limits *out) {
    const fsabi_module *mod = cfg->mod;
    uint64_t n = fsabi_ncounters(mod);
    out->most = malloc((n + 1) * sizeof *out->most);
    out->proven = malloc((n + 1) * sizeof *out->proven);
    if (!out->most || !out->proven) {
        count_limits_free(out);
        return -1;
    }
    uint64_t cap = global_cap(cfg);
    for (uint64_t j = 0; j < n; j++) out->most[j] = out->proven[j] = UINT64_MAX;
    for (uint64_t j = 0; j < mod->nblocks; j++) {
        const fsabi_block *b = &mod->blocks[j];
        uint64_t bound = firm_bound(b);
        if (!named_cap(b)) out->proven[j] = bound;
        out->most[j] = bound < cap ? bound : cap;
    }
    return 0;
}

void count_limits_free(count_limits *l) {
    free(l->most);
    free(l->proven);
    l->most = l->proven = NULL;
}

unsigned count_limits_broken(const runner_config *cfg, uint64_t j, uint64_t count) {
    if (j >= cfg->mod->nblocks) return 0;
    const fsabi_block *b = &cfg->mod->blocks[j];
    unsigned bits = count > global_cap(cfg) ? COUNT_LIMITS_CAP : 0u;
    if (count > firm_bound(b)) bits |= named_cap(b) ? COUNT_LIMITS_NAMED : COUNT_LIMITS_PROVEN;
    return bits;
}

const char *count_limits_cap_of(const fsabi_module *mod, uint64_t j) {
    if (j < mod->nblocks) return named_cap(&mod->blocks[j]);
    if (j >= fsabi_context_base(mod) && j < fsabi_ncounters(mod))
        return named_cap(&mod->blocks[fsabi_context_block(mod, j - fsabi_context_base(mod), NULL)]);
    if (j >= fsabi_path_base(mod) && j < fsabi_context_base(mod)) {
        /* a path's bound is its rarest block's (as runner_path_max_runs takes it) */
        const fsabi_path *p = &mod->paths[j - fsabi_path_base(mod)];
        const fsabi_block *rarest = NULL;
        for (uint32_t k = 0; k < p->nblocks; k++) {
            const fsabi_block *b = &mod->blocks[mod->path_blocks[p->first_block + k]];
            if (!rarest || b->max_runs < rarest->max_runs) rarest = b;
        }
        return rarest ? named_cap(rarest) : NULL;
    }
    return NULL;
}

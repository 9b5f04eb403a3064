/* freqsys/runtime/trial_draws.c: the bottom of the runtime: the trial's draws, their conversion to C types,
 * and failing a trial. */
/* SPDX-License-Identifier: MIT */
#include "trial_draws.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include "freqsys/abi.h"

/* trial_draws.c's part of the module's runtime state (runtime_state.h). */
static trial_draws *const shared = &runtime_state_object.trial_draws;

void runtime_set_draw_source(runtime_draw_source fn, void *ctx) {
    shared->source = fn;
    shared->source_ctx = ctx;
}

gsl_rng *runtime_rng(void) {
    return shared->rng;
}

_Noreturn void runtime_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(shared->error, sizeof shared->error, fmt, ap);
    va_end(ap);
    longjmp(shared->trial_exit, TRIAL_INPUT_ERROR);
}

int runtime_convert(double v, uint32_t kind, void *out) {
    double lo, hi;
    switch (kind) {
    case FSABI_KIND_F32:
        if (!isfinite(v) || fabs(v) > FLT_MAX) return -1;
        *(float *)out = (float)v;
        return 0;
    case FSABI_KIND_F64:
        if (!isfinite(v)) return -1;
        *(double *)out = v;
        return 0;
    default:
        if (!fsabi_int_range(kind, &lo, &hi)) fsabi_int_range(FSABI_KIND_I64, &lo, &hi);
        break;
    }
    /* C's conversion truncates toward zero; a value outside the type is an error. */
    double t = trunc(v);
    if (!(t >= lo && t <= hi)) return -1;
    switch (kind) {
    case FSABI_KIND_BOOL:
    case FSABI_KIND_U8:
        *(uint8_t *)out = (uint8_t)t;
        break;
    case FSABI_KIND_I8:
    case FSABI_KIND_CHAR:
        *(int8_t *)out = (int8_t)(int)t;
        break;
    case FSABI_KIND_I16:
        *(int16_t *)out = (int16_t)t;
        break;
    case FSABI_KIND_U16:
        *(uint16_t *)out = (uint16_t)t;
        break;
    case FSABI_KIND_I32:
        *(int32_t *)out = (int32_t)t;
        break;
    case FSABI_KIND_U32:
        *(uint32_t *)out = (uint32_t)t;
        break;
    case FSABI_KIND_U64:
        *(uint64_t *)out = (uint64_t)t;
        break;
    default:
        *(int64_t *)out = (int64_t)t;
        break;
    }
    return 0;
}

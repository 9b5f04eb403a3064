/* tests/runtime/runtime-t.c: runtime_convert's range checks at both ends of every C type. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "runtime.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

/* What runtime_convert stored for KIND, read back as the type it wrote. */
static long double stored(uint32_t kind, const void *at) {
    switch (kind) {
    case FSABI_KIND_BOOL:
    case FSABI_KIND_U8:
        return *(const uint8_t *)at;
    case FSABI_KIND_I8:
    case FSABI_KIND_CHAR:
        return *(const int8_t *)at;
    case FSABI_KIND_I16:
        return *(const int16_t *)at;
    case FSABI_KIND_U16:
        return *(const uint16_t *)at;
    case FSABI_KIND_I32:
        return *(const int32_t *)at;
    case FSABI_KIND_U32:
        return *(const uint32_t *)at;
    case FSABI_KIND_U64:
        return *(const uint64_t *)at;
    case FSABI_KIND_F32:
        return *(const float *)at;
    case FSABI_KIND_F64:
        return *(const double *)at;
    default:
        return *(const int64_t *)at;
    }
}

/* The integer types with their extremes, and the nearest doubles outside them
 * (for 64 bits the next double, since lo - 1 and hi + 1 round back to them). The
 * value stored for HI is WANT_HI (char keeps 255 as the byte 0xff, -1 signed). */
typedef struct range {
    const char *name;
    uint32_t kind;
    double lo, hi, below, above;
    long double want_hi;
} range;

static const range ranges[] = {
    {"_Bool", FSABI_KIND_BOOL, 0, 1, -1, 2, 1},
    {"signed char", FSABI_KIND_I8, -128, 127, -129, 128, 127},
    {"unsigned char", FSABI_KIND_U8, 0, 255, -1, 256, 255},
    {"char", FSABI_KIND_CHAR, -128, 255, -129, 256, -1},
    {"short", FSABI_KIND_I16, -32768, 32767, -32769, 32768, 32767},
    {"unsigned short", FSABI_KIND_U16, 0, 65535, -1, 65536, 65535},
    {"int", FSABI_KIND_I32, -2147483648.0, 2147483647.0, -2147483649.0, 2147483648.0, 2147483647.0L},
    {"unsigned int", FSABI_KIND_U32, 0, 4294967295.0, -1, 4294967296.0, 4294967295.0L},
    {"long", FSABI_KIND_I64, -9223372036854775808.0, 9223372036854774784.0, -9223372036854777856.0,
     9223372036854775808.0, 9223372036854774784.0L},
    {"unsigned long", FSABI_KIND_U64, 0, 18446744073709549568.0, -1, 18446744073709551616.0,
     18446744073709549568.0L},
};

#define NRANGES          (sizeof ranges / sizeof ranges[0])
#define CHECKS_PER_RANGE 8

static void check_range(const range *r) {
    unsigned char at[16];
    ok(runtime_convert(r->lo, r->kind, at) == 0 && stored(r->kind, at) == (long double)r->lo,
       "%s: its smallest value %.17g fits", r->name, r->lo);
    ok(runtime_convert(r->hi, r->kind, at) == 0 && stored(r->kind, at) == r->want_hi,
       "%s: its largest value %.17g fits", r->name, r->hi);
    ok(runtime_convert(r->below, r->kind, at) == -1, "%s: %.17g, below it, does not", r->name, r->below);
    ok(runtime_convert(r->above, r->kind, at) == -1, "%s: %.17g, above it, does not", r->name, r->above);
    /* truncation toward zero: a fraction past an end still lands on it */
    double inner_hi = r->hi < 1e15 ? r->hi + 0.5 : r->hi, inner_lo = r->lo > -1e15 ? r->lo - 0.5 : r->lo;
    ok(runtime_convert(inner_hi, r->kind, at) == 0 && stored(r->kind, at) == r->want_hi,
       "%s: %.17g truncates to its largest value", r->name, inner_hi);
    ok(runtime_convert(inner_lo, r->kind, at) == 0 && stored(r->kind, at) == (long double)r->lo,
       "%s: %.17g truncates to its smallest value", r->name, inner_lo);
    ok(runtime_convert(NAN, r->kind, at) == -1, "%s: NaN does not fit", r->name);
    ok(runtime_convert(INFINITY, r->kind, at) == -1 && runtime_convert(-INFINITY, r->kind, at) == -1,
       "%s: neither does infinity", r->name);
}

int main(void) {
    plan((int)(NRANGES * CHECKS_PER_RANGE + 6));
    for (size_t i = 0; i < NRANGES; i++) check_range(&ranges[i]);

    unsigned char at[16];
    ok(runtime_convert(FLT_MAX, FSABI_KIND_F32, at) == 0 && stored(FSABI_KIND_F32, at) == FLT_MAX,
       "float: FLT_MAX fits");
    ok(runtime_convert(nextafter((double)FLT_MAX, INFINITY), FSABI_KIND_F32, at) == -1 &&
           runtime_convert(-nextafter((double)FLT_MAX, INFINITY), FSABI_KIND_F32, at) == -1,
       "float: the next double past +-FLT_MAX does not");
    ok(runtime_convert(NAN, FSABI_KIND_F32, at) == -1 && runtime_convert(INFINITY, FSABI_KIND_F32, at) == -1,
       "float: nor NaN or infinity");
    ok(runtime_convert(0.1, FSABI_KIND_F32, at) == 0 && stored(FSABI_KIND_F32, at) == 0.1f,
       "float: 0.1 is stored rounded to float");
    ok(runtime_convert(DBL_MAX, FSABI_KIND_F64, at) == 0 &&
           runtime_convert(-DBL_MAX, FSABI_KIND_F64, at) == 0,
       "double: +-DBL_MAX fit");
    ok(runtime_convert(NAN, FSABI_KIND_F64, at) == -1 && runtime_convert(-INFINITY, FSABI_KIND_F64, at) == -1,
       "double: NaN and infinity do not");
    return done();
}

/* tests/report/number-t.c: the numbers the exports show, and scaled integer counts. */
/* SPDX-License-Identifier: MIT */
#include "fixture.h"
#include "tap.h"
#include "export.h"

int main(void) {
    plan(13);
    char buf[32];
    is_string(number_format(8.67482, buf, sizeof buf), "8.6748", "four decimals");
    is_string(number_format(0, buf, sizeof buf), "0.0000", "zero");
    is_string(number_format(3.21e-5, buf, sizeof buf), "3.21e-05", "a tiny mean keeps its digits");
    is_string(number_format(NAN, buf, sizeof buf), "-", "NaN is a dash");
    ok(number_scaled(0.30237, 1000) == 302, "0.30237 x 1000 is 302");
    ok(number_scaled(5.1918, 1000) == 5192, "5.1918 x 1000 rounds to 5192");
    ok(number_scaled(0.0001, 1000) == 1, "a block that ran counts at least 1");
    ok(number_scaled(0, 1000) == 0, "a block that never ran counts 0");
    ok(number_scaled(NAN, 1000) == 0 && number_scaled(-1, 1000) == 0, "NaN and negatives count 0");
    ok(number_scaled(1e300, 1e300) == UINT64_MAX, "an absurd product saturates");
    is_double(number_scale(NULL), 1000, 0, "no options: the default scale");
    result_export opt = {.scale = 10};
    is_double(number_scale(&opt), 10, 0, "a given scale");
    opt.scale = -1;
    is_double(number_scale(&opt), 1000, 0, "a scale that is not positive: the default");
    return done();
}

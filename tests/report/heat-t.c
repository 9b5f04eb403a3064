/* tests/report/heat-t.c: the frequency colour ramp and the hottest block. */
/* SPDX-License-Identifier: MIT */
#include "fixture.h"
#include "tap.h"
#include "export.h"

/* The red, green and blue of "#rrggbb". */
static void rgb(const char *c, int *r, int *g, int *b) {
    if (sscanf(c, "#%2x%2x%2x", (unsigned *)r, (unsigned *)g, (unsigned *)b) != 3) *r = *g = *b = -1;
}

int main(void) {
    plan(8);
    char c[8];
    int r, g, b, r2, g2, b2;
    heat_color(10, 10, c);
    is_string(c, "#e84c3d", "the hottest block is red");
    heat_color(0.01, 10, c);
    is_string(c, "#ffffff", "a thousandth of the hottest is white");
    heat_color(1e-9, 10, c);
    is_string(c, "#ffffff", "...and so is anything colder");
    heat_color(0, 10, c);
    is_string(c, "#d9d9d9", "a block that never ran is grey");
    heat_color(10 / sqrt(1000), 10, c);
    is_string(c, "#ffe066", "halfway down the decades is yellow");
    heat_color(1, 10, c);
    rgb(c, &r, &g, &b);
    heat_color(2, 10, c);
    rgb(c, &r2, &g2, &b2);
    ok(g2 < g && b2 <= b, "hotter is redder (%d,%d,%d then %d,%d,%d)", r, g, b, r2, g2, b2);

    result *res = sample_program();
    is_double(heat_hottest(res), 8.25123456789, 0, "the hottest block of the fixture");
    res->blocks[1].mean = NAN;
    is_double(heat_hottest(res), 1, 0, "...NaN means are skipped");
    result_free(res);
    return done();
}

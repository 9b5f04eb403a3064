/* tests/e2e/walk_wraps-t.c: an index too narrow for the string or line it walks may wrap and never end: such
 * walks stay unproven, wide ones beside them are proven. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "e2e.h"

/* Whether `check --unbounded` on SPEC lists the loop at FILE:LINE as without a bound. */
static int listed(const char *out, const char *file, int line) {
    char want[256];
    snprintf(want, sizeof want, "\n  loop %s:%d in ", file, line);
    return strstr(out, want) != NULL;
}

int main(void) {
    plan(8);
    static char out[1 << 16];
    int code = e2e_stdout("check --unbounded tests/e2e/programs/wrap_walks.fspec", out, sizeof out);
    if (!is_int(code, 0, "check --unbounded on wrap_walks.fspec")) diag("%s", out);
    ok(listed(out, "wrap_walks.c", 6),
       "an unsigned char index over a drawn string of up to 300 characters: open");
    ok(listed(out, "wrap_walks.c", 12), "a signed char index over it: open");
    ok(!listed(out, "wrap_walks.c", 9), "an unsigned short index over it: proven");
    ok(strstr(out, "proven bounds: 7 of 13 blocks") != NULL,
       "7 of 13 blocks proven: the wide walk's and the rest");
    code = e2e_stdout("check --unbounded tests/e2e/programs/wrap_lines.fspec", out, sizeof out);
    if (!is_int(code, 0, "check --unbounded on wrap_lines.fspec")) diag("%s", out);
    ok(listed(out, "wrap_lines.c", 10),
       "an unsigned char index over a line fgets filled, up to 300 characters: open");
    ok(!listed(out, "wrap_lines.c", 13), "an unsigned short index over it: proven");
    return done();
}

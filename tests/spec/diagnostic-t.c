/* tests/spec/diagnostic-t.c: tests of the compiler-style diagnostic format. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "diagnostic.h"

int main(void) {
    plan(4);
    char buf[512];
    diagnostic_format(buf, sizeof buf, "newton.fspec", 4, 7, "ask ~ unifrom(100, 800)",
                      "unknown distribution 'unifrom'; did you mean 'uniform'?");
    is_string(buf,
              "newton.fspec:4:7: error: unknown distribution 'unifrom'; did you mean 'uniform'?\n"
              "    4 | ask ~ unifrom(100, 800)\n"
              "      |       ^",
              "the diagnostic has the documented form");
    diagnostic_format(buf, sizeof buf, "a.fspec", 12345, 1, "\tx", "bad");
    is_string(buf, "a.fspec:12345:1: error: bad\n 12345 | \tx\n       | ^",
              "a long line number widens the gutter and tabs stay");
    diagnostic_format(buf, sizeof buf, "a.fspec", 2, 3, "\t\tx", "m");
    is_string(buf, "a.fspec:2:3: error: m\n    2 | \t\tx\n      |   ^", "a tab counts as one column");
    int n = diagnostic_format(buf, 10, "a.fspec", 1, 1, NULL, "m");
    ok(n > 9 && strlen(buf) == 9, "a small buffer is truncated and the full length returned");
    return done();
}

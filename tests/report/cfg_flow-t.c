/* tests/report/cfg_flow-t.c: block counts that flow conservation gives, on the CFG clang's -O2 front end
 * emits for a search loop. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "cfg_flow.h"

#include <string.h>

/* keyword()'s CFG at -O2 with no pass run: the loop's exit block (for.cond.cleanup)
 * and the return's cleanup switch are the front end's own; the counts a run has are
 * those of the other blocks. 100 calls, 700 iterations, 10 finds. */
enum { ENTRY, COND, COND_CLEANUP, BODY, LAND, THEN, IF_END, INC, CLEANUP, FOR_END, RETURN, UNREACHABLE, N };

int main(void) {
    plan(8);
    static const size_t first[N + 1] = {0, 1, 3, 4, 6, 8, 9, 10, 11, 14, 15, 15, 15};
    static const size_t to[] = {COND,    BODY, COND_CLEANUP, CLEANUP, LAND,   IF_END,      THEN,  IF_END,
                                CLEANUP, INC,  COND,         FOR_END, RETURN, UNREACHABLE, RETURN};
    double count[N] = {[ENTRY] = 100,  [COND] = 790, [BODY] = 700,   [LAND] = 90,   [THEN] = 10,
                       [IF_END] = 690, [INC] = 690,  [FOR_END] = 90, [RETURN] = 100};
    unsigned char known[N];
    for (int b = 0; b < N; b++) known[b] = count[b] != 0;
    ok(cfg_flow_fill(N, first, to, count, known) == 0, "the flow is solved");
    ok(known[COND_CLEANUP] && count[COND_CLEANUP] == 90,
       "the loop's exit block runs as often as the loop ends: %g", count[COND_CLEANUP]);
    ok(known[CLEANUP] && count[CLEANUP] == 100, "the cleanup every return passes through: %g",
       count[CLEANUP]);
    ok(known[UNREACHABLE] && count[UNREACHABLE] == 0, "the switch's unreachable default: %g",
       count[UNREACHABLE]);

    /* a diamond whose arms no count tells apart stays open; a block nothing reaches is 0 */
    static const size_t dfirst[6] = {0, 2, 3, 4, 4, 5};
    static const size_t dto[] = {1, 2, 3, 3, 3};
    double d[5] = {10, 0, 0, 10, 0};
    unsigned char dk[5] = {1, 0, 0, 1, 0};
    ok(cfg_flow_fill(5, dfirst, dto, d, dk) == 0 && !dk[1] && !dk[2], "a diamond's two arms stay unknown");
    ok(dk[4] && d[4] == 0, "a block no edge reaches counts 0");

    /* counts that do not add up (an estimate's rounding) never give a negative one,
     * and a difference of the last bits is 0 */
    static const size_t cfirst[5] = {0, 2, 3, 4, 4};
    static const size_t cto[] = {1, 2, 3, 3};
    double c[4] = {5, 6, 0, 0};
    unsigned char ck[4] = {1, 1, 0, 0};
    ok(cfg_flow_fill(4, cfirst, cto, c, ck) == 0 && ck[2] && c[2] == 0,
       "an over-full arm leaves the other at %g", c[2]);
    double r[4] = {0.1 + 0.2, 0.3, 0, 0};
    unsigned char rk[4] = {1, 1, 0, 0};
    cfg_flow_fill(4, cfirst, cto, r, rk);
    ok(rk[2] && r[2] == 0, "(0.1 + 0.2) - 0.3 is 0, not %g", r[2]);
    return done();
}

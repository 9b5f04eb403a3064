/* freqsys/bounds/rules.c: the table of the rules that bound loops and calls, one row a rule. */
/* SPDX-License-Identifier: MIT */
#include "rules.h"

#include "counted_loops.h"
#include "euclid_bounds.h"
#include "halving_bounds.h"
#include "object_steps.h"
#include "shared_walks.h"
#include "shrinking_bounds.h"

/* Adding a rule: its own file, its `Rule (tag)` comment there, its bullet in
 * docs/statistics.md, its near misses in a test, and a row here (rules-t checks that
 * the four agree). A rule that bounds a loop's passes gives its function below. */

static wide walk_passes(const loop_rule_args *a) {
    return walk_bounds_trips(a->walk);
}

static wide halving_passes(const loop_rule_args *a) {
    return halving_bounds_trips(a->walk, counted_loops_range, a->g);
}

static wide euclid_passes(const loop_rule_args *a) {
    return euclid_bounds_trips(a->walk, counted_loops_range, a->g);
}

static wide shrinking_passes(const loop_rule_args *a) {
    return shrinking_bounds_trips(a->walk);
}

static wide object_passes(const loop_rule_args *a) {
    return object_steps_trips(a->walk, counted_loops_range, a->g);
}
static wide shared_passes(const loop_rule_args *a) {
    return shared_walks_passes(a->g->walks, a->comp, a->header);
}

#define E2E "tests/e2e/"
#define B   "freqsys/bounds/"

/* In the order loop_bounds.c has always tried them: walks, halving, Euclid, division,
 * shared walks (each is the least it finds, so the order changes no bound). */
const loop_rule loop_rules[] = {
    {"Constant tests", "a branch on constants takes one way; a block no taken edge reaches runs 0 times",
     B "loop_cfg.c", "constant tests", E2E "bounds-t.c", NULL},
    {"Values of known range",
     "limits and starts of counted loops from constants, phis, selects, variables, reads",
     B "counted_loops.c", "variables of known values", E2E "given_bounds-t.c", NULL},
    {"The C library's limits", "what fread, read and the like return is at most their count",
     B "counted_loops.c", "the C library's limits", E2E "walk_bounds-t.c", NULL},
    {"Reals converted to integers", "a converted double or float within its real range, rounded as C does",
     B "counted_loops.c", "real conversions", E2E "given_bounds-t.c", NULL},
    {"Arithmetic", "sums, differences, products and quotients of values of known range", B "counted_loops.c",
     "arithmetic", E2E "loop_shapes-t.c", NULL},
    {"Narrow values", "a char or short extended is within its type", B "counted_loops.c", "narrow values",
     E2E "loop_shapes-t.c", NULL},
    {"Least and greatest", "select(x < y, x, y) is at most y", B "counted_loops.c", "least and greatest",
     E2E "loop_shapes-t.c", NULL},
    {"Exit tests anywhere", "a counted loop's test may be any block every way round crosses once",
     B "counted_loops.c", "counted loops, exit tests anywhere", E2E "loop_shapes-t.c", NULL},
    {"Tests for inequality", "v != limit with steps of exactly 1 that start on the limit's side",
     B "counted_loops.c", "tests for inequality", E2E "loop_shapes-t.c", NULL},
    {"Loops entered at several blocks", "a cycle entered at several blocks, cut at a counted test",
     B "counted_loops.h", "loops entered at several blocks", E2E "loop_shapes-t.c", NULL},
    {"Lengths of drawn strings", "strlen and length() of a drawn string within its length's range",
     B "counted_loops.c", "string lengths", E2E "walk_bounds-t.c", NULL},
    {"Tests on sums", "a test on the counter plus amounts of known range", B "counted_loops.c",
     "tests on a sum", E2E "loop_shapes-t.c", NULL},
    {"Steps of known range", "a counter's steps of any amount of known range and one sign",
     B "counted_loops.c", "steps of known range", E2E "loop_shapes-t.c", NULL},
    {"Counters", "a variable stepped in one loop has the range that loop's test proves", B "counted_loops.c",
     "counters", E2E "loop_shapes-t.c", NULL},
    {"String walks", "a byte of a drawn string a pass, up to its NUL: its length", B "walk_bounds.c",
     "string walks", E2E "walk_bounds-t.c", walk_passes},
    {"Stores the loop never sees", "a counter's starts are the stores whose value can reach its loop",
     B "counted_loops.c", "stores the loop never sees", E2E "reused-t.c", NULL},
    {"Steps under a test", "a variable stepped only just after a test found it below a limit stays within it",
     B "counted_loops.c", "steps under a test", E2E "capacity-t.c", NULL},
    {"Interval halving", "lo > hi with midpoints: floor(log2 W) + 1 passes", B "halving_bounds.c",
     "interval halving", E2E "loop_shapes-t.c", halving_passes},
    {"Euclid's remainders", "remainders down to 0: Lame's bound on the steps", B "euclid_bounds.c",
     "Euclid's remainders", E2E "loop_shapes-t.c", euclid_passes},
    {"Dividing down to 0", "a variable divided by 2 or more each way round: its bits", B "shrinking_bounds.c",
     "dividing down to 0", E2E "shrinking-t.c", shrinking_passes},
    {"Drawn arguments", "a parameter of the entry has its declaration's range", B "counted_loops.c",
     "drawn arguments", E2E "loop_shapes-t.c", NULL},
    {"Pointees the runtime fills",
     "a field or ref() behind a read-only pointer argument has its declaration's range", B "pointee_values.h",
     "pointees the runtime fills", E2E "pointees-t.c", NULL},
    {"Drawn globals", "a drawn global the program only reads has its draw's range", B "global_values.h",
     "drawn globals", E2E "drawn_globals-t.c", NULL},
    {"Starts within a tested length", "a walk started past a tested length stays within the string",
     B "shared_walks.c", "starts within a tested length", E2E "walk_bounds-t.c", NULL},
    {"Walks stay in their array", "a walk of an array's bytes up to a NUL stays in the array",
     B "walk_bounds.c", "walks stay in their array", E2E "walk_wraps-t.c", NULL},
    {"Reads stay in their object", "an index read through a pointer into one object, every pass: its bytes",
     B "walk_bounds.c", "reads stay in their object", E2E "index_reads-t.c", NULL},
    {"Shared walks", "loops that advance one cursor share its steps over the string", B "shared_walks.c",
     "shared walks", E2E "walk_bounds-t.c", shared_passes},
    {"Pointers stay in their object",
     "a pointer into one object of known size, moved the same way every way round: its bytes",
     B "object_steps.c", "pointers stay in their object", E2E "object_steps-t.c", object_passes},
    {"Reading to EOF", "loops over a drawn standard input end with it", B "walk_bounds.c", "reading to EOF",
     E2E "walk_bounds-t.c", NULL},
    {"Bytes read, summed", "a loop over what reads returned: at most their sum a call", B "loop_bounds.c",
     "bytes read, summed", E2E "walk_bounds-t.c", NULL},
    {"Loop caps", "cap FILE:LINE N: N passes per entry of that loop", B "loop_bounds.c", "loop caps",
     E2E "caps-t.c", NULL},
    {"Function caps", "cap FUNCTION N: every block of it N times per call", B "run_bounds.c", "function caps",
     E2E "caps-t.c", NULL},
    {"Facts across calls", "the proofs again on a copy with the callees inlined", B "run_bounds.c",
     "facts across calls", E2E "across_calls-t.c", NULL},
    {"Fields of local structs", "fields of a local struct whose address stays local as variables",
     B "field_slots.c", "fields of local structs", E2E "field_cursors-t.c", NULL},
    {"Calls through pointers", "a call through a pointer reaches the functions of its type", B "run_bounds.c",
     "calls through pointers", E2E "across_calls-t.c", NULL},
};

const size_t loop_rules_count = sizeof loop_rules / sizeof loop_rules[0];

wide loop_rules_passes(const loop_rule_args *a) {
    wide least = -1;
    for (size_t r = 0; r < loop_rules_count; r++) {
        if (!loop_rules[r].passes) continue;
        wide k = loop_rules[r].passes(a);
        if (k >= 0 && (least < 0 || k < least)) least = k;
    }
    return least;
}

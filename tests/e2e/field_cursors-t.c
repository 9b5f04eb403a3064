/* tests/e2e/field_cursors-t.c: proven bounds on loops whose cursor is a field of a local struct, and near
 * misses. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* field_cursors.c under `arg s ~ string(uniform_int(0, 20), "ab ")`, `arg len ~ length(s)`,
 * `arg n ~ uniform_int(0, 9)`: a struct's fields become variables of their own where
 * its address stays local (helpers given it inlined). */
static const e2e_bound proven[] = {
    {"parser_scan", 43, "for.cond", 21,
     "p->pos < len over the caller's parser and string: 20 characters and the end"},
    {"parser_scan", 44, "for.body", 21, "...p->spaces++ inside, a field of the same type: still proven"},
    {"field_cursors", 93, "for.cond", 10, "c.pos < c.end, c.end = n <= 9"},
    {"field_cursors", 96, "for.cond", 6, "o.in.pos < 5, a field of a nested struct, o.tag written inside"},
    {"field_cursors", 98, "for.cond", 8, "d.pos < 7 stepped by step(&d), a helper inlined"},
    {"step", 51, "entry", 7, "...and the helper itself, once a pass"},
    {"field_cursors", 130, "for.cond", 5, "z = {0}, a memset of the whole struct: z.pos from 0 to 4"},
    {"field_cursors", 132, "for.cond", 6, "y = {2, 7}, copied from a constant: y.pos from 2 to y.end = 7"},
    {"field_cursors", 134, "for.cond", 7,
     "e.pos < 6 stepped by checked_step(&e), which tests its pointer for NULL: the test reads nothing of e"},
};

/* A near miss: not proven, and its trials run the loop's test more often than NAIVE,
 * the bound it would get were the write that keeps it open missed (or, a part of a
 * field, taken for the whole). */
typedef struct miss {
    const char *function;
    int line;
    const char *prefix;
    double naive;
    const char *why;
} miss;

static const miss near_misses[] = {
    {"field_cursors", 101, "for.cond", 6, "&r given to a recursive function, which sets r.pos back"},
    {"field_cursors", 103, "for.cond", 6, "memset(&m, 0, sizeof m) in the loop: m.pos = 0 there"},
    {"field_cursors", 110, "for.cond", 6, "k = k0, a copy of the whole struct, in the loop"},
    {"field_cursors", 115, "for.cond", 6, "(*q) -= 3 through q = &a.pos"},
    {"field_cursors", 121, "for.cond", 6, "a field of a global struct, which a helper sets back"},
    {"field_cursors", 123, "for.cond", NAN, "w.slot[n % 4] written: a variable index into the struct"},
    {"field_cursors", 125, "for.cond", 6,
     "u.all = 0, a union's long long over u.f.end and the field before it"},
};

/* field_cursors_partial.fspec, partial_fill alone: a memset of h.pos's second byte
 * makes 5 into 0x105, which a store of a whole field could not say. */
static const miss partial_misses[] = {
    {"partial_fill", 147, "for.cond", 6, "memset((char *)&h + 1, 1, 1) over a part of h.pos"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Runs SPEC and checks the N bounds of WANT and the NM near misses of MISSES. */
static void check(const char *spec, const e2e_bound *want, size_t n, const miss *misses, size_t nm) {
    char out[256];
    result *r = e2e_run_within_bounds(spec, out, sizeof out);
    e2e_check_bounds(r, want, n);
    for (size_t i = 0; i < nm; i++) {
        const miss *m = &misses[i];
        const result_block *b = e2e_block_at(r, m->function, m->line, m->prefix);
        ok(b && isnan(b->max_runs), "line %d %s: %s: not proven (got %g)", m->line, m->prefix, m->why,
           b ? b->max_runs : -1.0);
        if (isnan(m->naive))
            ok(b && b->max == 6, "...its test runs 6 times (seen %llu)",
               b ? (unsigned long long)b->max : 0ULL);
        else
            ok(b && (double)b->max > m->naive, "...and rightly: its test ran %llu times, more than %g",
               b ? (unsigned long long)b->max : 0ULL, m->naive);
    }
    result_free(r);
    unlink(tmp_path(out));
}

int main(void) {
    plan((int)(6 + COUNT(proven) + 2 * (COUNT(near_misses) + COUNT(partial_misses))));
    check("field_cursors", proven, COUNT(proven), near_misses, COUNT(near_misses));
    check("field_cursors_partial", NULL, 0, partial_misses, COUNT(partial_misses));
    return done();
}

/* tests/e2e/programs/pointees.c: loop limits the runtime writes behind pointer arguments, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>

struct cfg {
    int taps;
    unsigned char mode;
    int spare; /* never declared: the runtime leaves it 0 */
    int delta;
};

static struct cfg *kept;

static void widen(void) {
    kept->taps += 4;
}

int pointees(const struct cfg *a, struct cfg *b, struct cfg *d, const char *s, size_t *len, size_t *left) {
    int acc = 0;
    for (int i = 0; i < a->taps; i++) /* a field: 0 to 8 */
        acc += i;
    for (int j = 0; j < a->spare; j++) /* a field no line declares: 0 */
        acc++;
    for (size_t k = 0; k < *len; k++) /* ref(length(s)): 0 to 12 */
        acc += s[k] == 'a';
    if (a->delta >= 0)
        for (unsigned u = 0; u < (unsigned)a->delta; u++) /* -3 to 3, read unsigned */
            acc--;
    b->taps += 4;                     /* written through b */
    for (int i = 0; i < b->taps; i++) /* 4 to 12 */
        acc += 2;
    kept = d; /* d's address kept where a callee writes through it */
    widen();
    for (int i = 0; i < d->taps; i++) /* 4 to 12 */
        acc += 3;
    for (size_t k = 0; k < *left; k++) /* 0 to 6, but written in the loop */
        if (k == 0) *left += 4;
    *len = (size_t)acc; /* written back, after every load of it */
    return acc;
}

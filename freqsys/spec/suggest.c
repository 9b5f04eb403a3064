/* freqsys/spec/suggest.c: "did you mean" suggestions by edit distance. */
/* SPDX-License-Identifier: MIT */
#include "suggest.h"

#include <stdlib.h>
#include <string.h>

size_t suggest_distance(const char *a, const char *b) {
    size_t na = strlen(a), nb = strlen(b);
    /* One row of the dynamic-programming table suffices; words here are short, but
     * the row is on the heap so a long word cannot overflow the stack. */
    size_t small[64];
    size_t *row = nb + 1 <= sizeof small / sizeof small[0] ? small : malloc((nb + 1) * sizeof *row);
    if (!row) return na > nb ? na : nb; /* out of memory: an upper bound, never 0 */
    for (size_t j = 0; j <= nb; j++) row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diag = row[0]; /* the cell above-left of row[j] */
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    size_t d = row[nb];
    if (row != small) free(row);
    return d;
}

/* The candidate nearest WORD by DISTANCE within a third of WORD's length (at least
 * 1), or NULL. */
static const char *closest_by(const char *word, const char *const *candidates,
                              size_t (*distance)(const char *, const char *)) {
    size_t limit = strlen(word) / 3;
    if (limit < 1) limit = 1;
    const char *best = NULL;
    size_t best_d = limit + 1;
    for (size_t i = 0; candidates && candidates[i]; i++) {
        size_t d = distance(word, candidates[i]);
        if (d < best_d) {
            best = candidates[i];
            best_d = d;
        }
    }
    return best;
}

const char *suggest_closest(const char *word, const char *const *candidates) {
    return closest_by(word, candidates, suggest_distance);
}

size_t suggest_distance_swaps(const char *a, const char *b) {
    size_t na = strlen(a), nb = strlen(b);
    /* The optimal string alignment distance needs the two rows above the current one. */
    size_t small[3][64];
    size_t *rows = nb + 1 <= 64 ? NULL : malloc(3 * (nb + 1) * sizeof *rows);
    size_t *prev2 = rows ? rows : small[0], *prev = rows ? rows + nb + 1 : small[1];
    size_t *cur = rows ? rows + 2 * (nb + 1) : small[2];
    if (nb + 1 > 64 && !rows) return na > nb ? na : nb; /* out of memory: an upper bound, never 0 */
    for (size_t j = 0; j <= nb; j++) prev[j] = j;
    for (size_t i = 1; i <= na; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t best = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < best) best = prev[j] + 1;
            if (cur[j - 1] + 1 < best) best = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            cur[j] = best;
        }
        size_t *spare = prev2;
        prev2 = prev;
        prev = cur;
        cur = spare;
    }
    size_t d = prev[nb];
    free(rows);
    return d;
}

const char *suggest_closest_typed(const char *word, const char *const *candidates) {
    return closest_by(word, candidates, suggest_distance_swaps);
}

/* freqsys/spec/suggest.h: "did you mean" suggestions by edit distance. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SUGGEST_H
#define FREQSYS_SUGGEST_H

#include <stddef.h>

/* The Levenshtein distance between A and B (insertions, deletions and substitutions
 * of single bytes, each costing 1). Can't fail. */
size_t suggest_distance(const char *a, const char *b);

/* The candidate closest to WORD among the NULL-terminated CANDIDATES, or NULL when
 * even the closest is farther than max(1, strlen(WORD) / 3) edits, since a far
 * suggestion misleads more than none. Ties go to the earlier candidate. An exact
 * match is returned as such (distance 0). Can't fail. */
const char *suggest_closest(const char *word, const char *const *candidates);

/* The distance of suggest_distance where swapping two adjacent bytes costs 1, not 2
 * (the optimal string alignment distance: no substring is edited twice). Can't fail. */
size_t suggest_distance_swaps(const char *a, const char *b);

/* suggest_closest by suggest_distance_swaps: for words typed on a command line, where
 * two letters swapped ("rnu" for "run") are the commonest slip. Can't fail. */
const char *suggest_closest_typed(const char *word, const char *const *candidates);

#endif

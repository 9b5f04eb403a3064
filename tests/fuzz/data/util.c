/* tests/fuzz/data/util.c: a second source for fuzzed specs that list two; never compiled. */
/* SPDX-License-Identifier: MIT */
int util_twice(int x) { return 2 * x; }

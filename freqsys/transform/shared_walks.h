/* freqsys/transform/shared_walks.h: bounds on a function whose loops advance one pointer through a drawn
 * string. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SHARED_WALKS_H
#define FREQSYS_SHARED_WALKS_H

#include "loop_cfg.h"

/* Rule (shared walks): MOST[b] gets the most times G's block b can return to itself
 * per call of its function (so it runs at most MOST[b] + 1 times, and a loop headed
 * by it makes at most MOST[b] passes per entry), when every way from b back to b
 * advances a pointer that walks a drawn string argument one byte at a time and only
 * from a byte that is not its NUL; -1 where no such walk bounds b. The walk may be
 * shared by many loops, nested or one after another (a tokenizer's `while (*p)` and
 * its inner `while (is_digit(*p)) p++`): the pointer never passes the string's NUL,
 * so all of them together advance it at most its length. The conditions and why they
 * suffice are in shared_walks.c. Returns 0, or -1 when memory ran out (MOST all -1). */
int shared_walks_bounds(const cfg *g, long long *most);

#endif

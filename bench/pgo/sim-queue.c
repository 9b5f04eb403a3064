/* bench/pgo/sim-queue.c: the event queue of sim.c, a binary heap by time, in a file of its own. */
/* SPDX-License-Identifier: MIT */
#include "sim-queue.h"

#define CAPACITY 4096

static event heap[CAPACITY];
static unsigned size;

void queue_reset(void) { size = 0; }

unsigned queue_size(void) { return size; }

static int earlier(const event *a, const event *b)
{
    return a->time < b->time || (a->time == b->time && a->kind < b->kind);
}

int queue_push(event e)
{
    if (size == CAPACITY)
        return -1;
    unsigned k = size++;
    while (k > 0 && earlier(&e, &heap[(k - 1) / 2])) {
        heap[k] = heap[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    heap[k] = e;
    return 0;
}

int queue_pop(event *e)
{
    if (size == 0)
        return -1;
    *e = heap[0];
    event last = heap[--size];
    unsigned k = 0;
    for (;;) {
        unsigned c = 2 * k + 1;
        if (c >= size)
            break;
        if (c + 1 < size && earlier(&heap[c + 1], &heap[c]))
            c++;
        if (!earlier(&heap[c], &last))
            break;
        heap[k] = heap[c];
        k = c;
    }
    heap[k] = last;
    return 0;
}

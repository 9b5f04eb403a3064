/* bench/pgo/sim-queue.h: the event queue of sim.c, a binary heap by time, in a file of its own. */
/* SPDX-License-Identifier: MIT */
#ifndef SIM_QUEUE_H
#define SIM_QUEUE_H

typedef struct event {
    unsigned long time;
    int kind;     /* 0 arrival, 1 service done, 2 timeout, 3 breakdown */
    int server;
} event;

void queue_reset(void);
int queue_push(event e);          /* 0, or -1 when full */
int queue_pop(event *e);          /* 0, or -1 when empty */
unsigned queue_size(void);

#endif

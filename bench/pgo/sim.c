/* bench/pgo/sim.c: a discrete-event simulation of a queue with servers, timeouts and breakdowns, driven by its input bytes. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include "sim-queue.h"

#define MAX_BYTES 65536
#define SERVERS 4
#define PASSES 48
#define WAITING 1024

static unsigned char in[MAX_BYTES];
static size_t nin, at;

/* The next input byte, round and round. */
static unsigned next_byte(void)
{
    unsigned b = in[at];
    at = at + 1 == nin ? 0 : at + 1;
    return b;
}

typedef struct stats {
    unsigned long served, dropped, timeouts, breakdowns, busy_time, wait_time;
} stats;

static void simulate(unsigned long horizon, stats *st)
{
    int busy[SERVERS] = {0}, down[SERVERS] = {0};
    unsigned long waiting[WAITING];
    unsigned head = 0, count = 0;
    queue_reset();
    queue_push((event){.time = 0, .kind = 0});
    event e;
    while (queue_pop(&e) == 0 && e.time < horizon) {
        unsigned b = next_byte();
        switch (e.kind) {
        case 0: {   /* an arrival: a free server, else the line, else dropped */
            queue_push((event){.time = e.time + 1 + b % 8, .kind = 0});
            int s = 0;
            while (s < SERVERS && (busy[s] || down[s])) s++;
            if (s < SERVERS) {
                busy[s] = 1;
                queue_push((event){.time = e.time + 4 + b % 23, .kind = 1, .server = s});
            } else if (count < WAITING) {
                waiting[(head + count++) % WAITING] = e.time;
                if (b > 250) queue_push((event){.time = e.time + 40, .kind = 2});
            } else {
                st->dropped++;
            }
            if (b == 7) queue_push((event){.time = e.time + 1, .kind = 3, .server = (int)(b % SERVERS)});
            break;
        }
        case 1:     /* a service ends: the next in line, if any */
            st->served++;
            st->busy_time += 4 + b % 23;
            if (count > 0 && !down[e.server]) {
                st->wait_time += e.time - waiting[head];
                head = (head + 1) % WAITING;
                count--;
                queue_push((event){.time = e.time + 4 + b % 23, .kind = 1, .server = e.server});
            } else {
                busy[e.server] = 0;
            }
            break;
        case 2:     /* the oldest in line gives up */
            if (count > 0) { head = (head + 1) % WAITING; count--; st->timeouts++; }
            break;
        default:    /* a server breaks down, or is repaired */
            st->breakdowns++;
            down[e.server] = !down[e.server];
            if (down[e.server]) queue_push((event){.time = e.time + 30 + b, .kind = 3, .server = e.server});
            break;
        }
    }
}

int main(void)
{
    nin = fread(in, 1, MAX_BYTES, stdin);
    if (nin == 0) return 0;
    stats st = {0};
    for (int pass = 0; pass < PASSES; pass++) {
        at = (size_t)pass % nin;
        simulate(2000 + nin / 2, &st);
    }
    printf("%lu %lu %lu %lu %lu %lu\n", st.served, st.dropped, st.timeouts, st.breakdowns, st.busy_time, st.wait_time);
    return 0;
}

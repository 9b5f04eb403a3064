/* tests/harness/chunk_queue-t.c: checks which trials the chunk queue hands out: reruns first, fresh chunks
 * cut at check points, leases, sizing. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "chunk_queue.h"
#include "schedule.h"

#define MAX 20000

/* Hands out everything below HORIZON with chunks of SIZE; says whether the chunks
 * tile [0, MAX) in order and none straddles a check point. */
static int tiles_without_straddling(uint64_t size) {
    chunk_queue q;
    chunk_queue_init(&q, 0, MAX);
    q.chunk_size = size;
    uint64_t next = 0;
    int good = 1, lease_done;
    for (;;) {
        wire_chunk c = chunk_queue_next(&q, MAX, 0, &lease_done);
        if (c.count == 0) break;
        good &= c.start == next && schedule_next(c.start, MAX) >= c.start + c.count && !lease_done;
        next = c.start + c.count;
    }
    chunk_queue_free(&q);
    return good && next == MAX;
}

int main(void) {
    plan(12);
    ok(tiles_without_straddling(16),
       "chunks of 16 tile the budget in order, each within one stretch between check points");
    ok(tiles_without_straddling(5000), "...and so do chunks of 5,000, cut at the check points");

    chunk_queue q;
    chunk_queue_init(&q, 100, MAX);
    q.chunk_size = 50;
    int lease_done;
    if (chunk_queue_rerun(&q, 70, 10) || chunk_queue_rerun(&q, 20, 5) || chunk_queue_rerun(&q, 40, 0))
        bail("out of memory");
    wire_chunk a = chunk_queue_next(&q, MAX, 0, &lease_done), b = chunk_queue_next(&q, MAX, 0, &lease_done);
    ok(a.start == 20 && a.count == 5 && b.start == 70 && b.count == 10,
       "ranges to run again come first, smallest start first (got %llu+%llu, %llu+%llu)",
       (unsigned long long)a.start, (unsigned long long)a.count, (unsigned long long)b.start,
       (unsigned long long)b.count);
    wire_chunk c = chunk_queue_next(&q, MAX, 0, &lease_done);
    ok(c.start == 100 && c.count > 0, "then fresh trials from where the run stands (%llu)",
       (unsigned long long)c.start);
    wire_chunk none = chunk_queue_next(&q, c.start + c.count, 0, &lease_done);
    is_int((long long)none.count, 0, "nothing fresh at the horizon");

    /* another MPI rank: its trials come from its leases only */
    chunk_queue_free(&q);
    chunk_queue_init(&q, 0, MAX);
    q.chunk_size = 30;
    is_int((long long)chunk_queue_next(&q, MAX, 1, &lease_done).count, 0, "no lease: nothing to run");
    if (chunk_queue_add_lease(&q, 1000, 100) || chunk_queue_add_lease(&q, 5000, 10)) bail("out of memory");
    uint64_t got = 0, next = 1000;
    int in_order = 1, done_at_end = 0;
    while (got < 100) {
        c = chunk_queue_next(&q, 0, 1, &lease_done);
        if (c.count == 0) break;
        in_order &= c.start == next && c.count <= 30;
        next = c.start + c.count;
        got += c.count;
        done_at_end = lease_done;
    }
    ok(in_order && got == 100, "a lease goes out in order, in chunks of at most the chunk size");
    ok(done_at_end, "...and its last chunk says the lease is done (time to ask for another)");
    c = chunk_queue_next(&q, 0, 1, &lease_done);
    ok(c.start == 5000 && c.count == 10, "then the next lease");

    /* sizing: 1,000 trials in 1 s on 1 worker of 2 ranks, chunks of 20 ms */
    uint64_t bins = 0, trials = 0;
    chunk_queue_adapt(&q, 1000, 1.0, 1, 2, &bins, &trials);
    is_int((long long)q.chunk_size, 10, "a chunk is 20 ms of one worker's share of the pace");
    bins = 600, trials = 1000;
    chunk_queue_adapt(&q, 1000, 1.0, 1, 1, &bins, &trials);
    is_int((long long)q.chunk_size, 40, "chunks carrying many bins a trial last twice as long");
    ok(bins == 0 && trials == 0, "...and the bins and trials seen are counted afresh");
    chunk_queue_free(&q);
    return done();
}

/* oracle_counts.c's interface for drivers: dump the per-guard counts of a batch of calls. */
#ifndef ORACLE_COUNTS_H
#define ORACLE_COUNTS_H

/* Appends one batch to PATH (the first call in a process truncates it): a header
 * "calls CALLS guards N" and one line per guard, then zeroes the counts so the next
 * call dumps the next batch.  A driver that enumerates a finite corpus calls it once;
 * a driver that samples calls it once per batch (10 batches of equal size). */
void oracle_dump(const char *path, unsigned long calls);

#endif

/* bench/real/oracle.h: what every program's oracle shares: its own generator and draws, a drawn standard input, the tick tallies. */
/* SPDX-License-Identifier: MIT */
#ifndef BENCH_REAL_ORACLE_H
#define BENCH_REAL_ORACLE_H

#include <stddef.h>
#include <stdint.h>

/* Draws from xoshiro256** seeded by splitmix64: nothing of freqsys's runtime.
   Each follows docs/distributions.md's definition of the law of that name. */
double oracle_u01(void);                             /* [0, 1) */
long oracle_uniform_int(long lo, long hi);           /* lo .. hi, each equally likely */
double oracle_uniform(double lo, double hi);
double oracle_normal(double mu, double sigma);
long oracle_poisson(double mean);
long oracle_geometric(double p);                     /* trials up to the first success: 1, 2, ... */
double oracle_exponential(double rate);              /* rate per unit: mean 1 / rate */
int oracle_bernoulli(double p);
long oracle_discrete(const long *values, const double *weights, int count);
/* A NUL-terminated string of len characters, each uniform from set, into buf. */
void oracle_string(char *buf, long len, const char *set);

/* The next run's standard input: what oracle_input_printf wrote since the last
   oracle_input_start, made stdin by oracle_input_finish. */
void oracle_input_start(void);
void oracle_input_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));
void oracle_input_finish(void);

/* Runs one_run argv[1] times (default 100000) from seed argv[2] (default 1),
   tallies real_ticks after each run and zeroes them, then prints one line per
   mark, "tick K MEAN SE": the mean count per run and its standard error. */
int oracle_main(int argc, char **argv, void (*one_run)(void));

#endif

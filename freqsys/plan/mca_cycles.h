/* freqsys/plan/mca_cycles.h: cycles and bytes of machine blocks on the target CPU, from llvm-mca. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MCA_CYCLES_H
#define FREQSYS_MCA_CYCLES_H

#include <stddef.h>
#include <stdint.h>

#define MCA_ITERATIONS 100 /* cycles per execution are llvm-mca's total over this many, divided */

/* Runs llvm-mca-19 once for TRIPLE, CPU and FEATURES (the target's "+ext" list, for
 * -mattr; the RISC-V extensions, compressed code among them, come from -march and not
 * from a CPU; NULL or "": none) over the N blocks whose instructions are TEXT[i]
 * (assembly lines separated by '\n'; COMMENT is the target's comment character), each
 * block a code region of its own, and sets CYCLES[i] to the region's total cycles over
 * MCA_ITERATIONS iterations divided by them (the steady state of the block run again
 * and again, without wait states, taken branches' refills or cache misses) and
 * BYTES[i] to its instructions' encoded sizes. An empty block gets zeros. When
 * llvm-mca has no timing model for CPU (the Cortex-M0+, a RISC-V core named by -march
 * alone), the cycles are those of a CPU of the same architecture that has one, which
 * TIMING (TIMINGLEN bytes) then says; else TIMING is empty. Returns 0, or -1 with
 * llvm-mca's message in ERR. */
int mca_cycles_measure(const char *triple, const char *cpu, const char *features, char comment,
                       char *const *text, size_t n, double *cycles, uint64_t *bytes, char *timing,
                       size_t timinglen, char *err, size_t errlen);

#endif

/* freqsys/module/integer_reads.h: warnings for integer reads fed by a real-valued distribution, whose draws C
 * truncates. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_INTEGER_READS_H
#define FREQSYS_INTEGER_READS_H

#include <llvm-c/Core.h>
#include "spec.h"
#include "transform.h"

/* Appends to W one warning for each input site of the instrumented module M (its
 * descriptor's site table) that stores into an integer type a draw of a real-valued
 * distribution of S (normal, uniform, ...): C truncates each draw toward zero, which
 * is seldom the model meant. A site matched only at run time (`read N`) is not
 * judged. Returns 0, or -1 when memory ran out (W keeps what it had). */
int integer_reads_warn(LLVMModuleRef m, const spec *s, transform_warnings *w);

#endif

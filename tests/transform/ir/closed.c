/* closed.c: an entry that reaches only its own helpers and an LLVM intrinsic, proven closed. */
#include <math.h>

static double half(double x) {
    return x / 2;
}

double settle(double x) {
    return half(fabs(x));
}

// The descriptor's entry_closed, before the tail levels (none here), is 1: the runtime may call settle
// without a setjmp and draw its arguments ahead.
// CHECK: @freqsys_module = {{.*}}, i64 1, i64 0, ptr @freqsys_tail_levels, ptr @freqsys_marks }

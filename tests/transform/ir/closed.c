/* closed.c: an entry that reaches only its own helpers and an LLVM intrinsic, proven closed. */
#include <math.h>

static double half(double x) {
    return x / 2;
}

double settle(double x) {
    return half(fabs(x));
}

// The descriptor's last member, entry_closed, is 1: the runtime may call settle
// without a setjmp and draw its arguments ahead.
// CHECK: @freqsys_module = {{.*}}, i64 1 }

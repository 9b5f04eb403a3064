/* open.c: an entry that can leave the module (exit() through a helper) is not closed. */
#include <stdlib.h>

static void give_up(int n) {
    if (n > 6) exit(n);
}

int settle(int n) {
    give_up(n);
    return n;
}

// exit is redirected to the runtime, which the module only declares: entry_closed
// is 0, and every call keeps its setjmp.
// CHECK: @freqsys_module = {{.*}}, i64 0, i64 0, ptr @freqsys_tail_levels, ptr @freqsys_marks }
// CHECK: call void @freqsys_rt_exit(

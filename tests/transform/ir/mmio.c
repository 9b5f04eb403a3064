/* mmio.c: a volatile load of a register becomes a draw; a volatile store is dropped and counted. */
#include <stdint.h>
#define STATUS (*(volatile uint32_t *)0x40012000u)
#define DATA (*(volatile uint32_t *)0x40012004u)

int poll(void) {
    if (STATUS & 1u) {
        DATA = 7u;
        return 1;
    }
    return 0;
}

// The load of STATUS is a draw for site 0, truncated to 32 bits; the store to DATA
// is gone and counts in slot 4, the first after the function's 4 blocks, under
// function 1, "(mmio writes)".
// CHECK-LABEL: define i32 @poll()
// CHECK: [[IN:%input]] = call i64 @freqsys_rt_input_int(i32 0)
// CHECK-NEXT: trunc i64 [[IN]] to i32
// CHECK: if.then:
// CHECK-NEXT: load i64, ptr getelementptr inbounds ([5 x i64], ptr @freqsys_counters, i64 0, i64 1)
// CHECK: store i32 1, ptr {{%[0-9]+}}
// CHECK: store i8 1, ptr getelementptr inbounds ([2 x i8], ptr @freqsys_fn_touched, i64 0, i64 1)
// CHECK-NEXT: load i64, ptr getelementptr inbounds ([5 x i64], ptr @freqsys_counters, i64 0, i64 4)
// CHECK-NOT: store volatile
// CHECK-NOT: load volatile
// CHECK: ret i32

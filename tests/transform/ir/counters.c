/* counters.c: every block gets an increment of its own counter, and each function marks itself touched once per trial. */
#include <stdio.h>

int hits;

int main(void) {
    int x;
    scanf("%d", &x);
    if (x < 3)
        hits++;
    else
        hits += 2;
    return 0;
}

// The entry block marks main touched (function 0) and counts block 0; the scanf
// becomes a draw for site 0, and its result the constant count of items it
// assigns (the input cannot end), so no call is left.
// CHECK-LABEL: define i32 @main()
// CHECK-NEXT: entry:
// CHECK: getelementptr inbounds [2 x i32], ptr @freqsys_touched_list
// CHECK-NEXT: store i32 0,
// CHECK: store i8 1, ptr @freqsys_fn_touched
// CHECK-NEXT: [[C0:%[0-9]+]] = load i64, ptr @freqsys_counters
// CHECK-NEXT: [[N0:%[0-9]+]] = add i64 [[C0]], 1
// CHECK-NEXT: store i64 [[N0]], ptr @freqsys_counters
// CHECK: [[DRAW:%draw]] = call i64 @freqsys_rt_read_int(i32 0)
// CHECK-NEXT: trunc i64 [[DRAW]] to i32
// CHECK-NEXT: store i32 {{%[0-9]+}}, ptr %x
// CHECK-NOT: @freqsys_rt_scanf_result
// Each later block counts itself first, into its own slot.
// CHECK: if.then:
// CHECK-NEXT: load i64, ptr getelementptr inbounds ([4 x i64], ptr @freqsys_counters, i64 0, i64 1)
// CHECK: if.else:
// CHECK-NEXT: load i64, ptr getelementptr inbounds ([4 x i64], ptr @freqsys_counters, i64 0, i64 2)
// CHECK: if.end:
// CHECK-NEXT: load i64, ptr getelementptr inbounds ([4 x i64], ptr @freqsys_counters, i64 0, i64 3)
// CHECK: ret i32 0
// CHECK-NOT: call {{.*}}@__isoc99_scanf

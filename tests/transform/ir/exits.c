/* exits.c: exit, abort and assert end the trial through the runtime; rand and time read the trial's stream and clock. */
#include <assert.h>
#include <stdlib.h>
#include <time.h>

int main(void) {
    int r = rand() % 4;
    long t = (long)time(NULL);
    if (r == 0)
        exit(3);
    if (r == 1)
        abort();
    assert(t > 0);
    return 0;
}

// rand and time read the trial's stream and virtual clock; exit, abort and assert's
// failure call the runtime, which ends the trial and not the worker.
// CHECK-LABEL: define i32 @main()
// CHECK: call i32 @freqsys_rt_rand()
// CHECK: call i64 @freqsys_rt_time(ptr noundef null)
// CHECK: call void @freqsys_rt_exit(i32 noundef 3)
// CHECK: call void @freqsys_rt_abort()
// CHECK: call void @freqsys_rt_assert_fail(
// CHECK-NOT: call {{.*}}@rand()
// CHECK-NOT: call {{.*}}@exit(
// CHECK-NOT: call {{.*}}@abort()
// CHECK-NOT: call {{.*}}@__assert_fail(

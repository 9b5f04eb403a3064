/* ends.c: constructors and destructors run in every trial; atexit keeps its handler for the trial's end. */
#include <stdlib.h>
#include <unistd.h>

static void handler(void) {}
__attribute__((constructor)) static void made(void) {}
__attribute__((constructor(101))) static void made_first(void) {}
__attribute__((destructor)) static void unmade(void) {}
__attribute__((destructor(101))) static void unmade_last(void) {}

int main(int argc, char **argv) {
    atexit(handler);
    if (argc > 1) _exit(2);
    exit(0);
}

// The loader would run them once, in freqsys: they are taken out of the module.
// CHECK-NOT: @llvm.global_ctors
// CHECK-NOT: @llvm.global_dtors
// atexit keeps the handler for the trial's end; _exit ends it with none run.
// CHECK-LABEL: define i32 @main(
// CHECK: call i32 @freqsys_rt_atexit(ptr noundef @handler)
// CHECK: call void @freqsys_rt_exit_now(i32 noundef 2)
// CHECK: call void @freqsys_rt_exit(i32 noundef 0)
// Each trial's reset ends with the constructors.
// CHECK-LABEL: define internal void @freqsys_reset_globals()
// CHECK: call void @freqsys_program_start()
// CHECK-NEXT: ret void
// The destructors are registered first, in the order the library reverses, then
// the constructors run by priority.
// CHECK-LABEL: define internal void @freqsys_program_start()
// CHECK-NEXT: entry:
// CHECK-NEXT: call i32 @freqsys_rt_atexit(ptr @unmade_last)
// CHECK-NEXT: call i32 @freqsys_rt_atexit(ptr @unmade)
// CHECK-NEXT: call void @made_first()
// CHECK-NEXT: call void @made()
// CHECK-NEXT: ret void
// CHECK-NOT: call {{.*}}@atexit(

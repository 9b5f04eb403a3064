/* tests/plan/programs/host_only.c: a helper built for the host only, whose x86 pause hint no embedded target takes. */
#if !defined(__x86_64__)
#error "host_only.c is built for the x86-64 host only"
#endif
int spin(int rounds) {
    int done = 0;
    for (int i = 0; i < rounds; i++) {
        __asm__ volatile("pause");
        done += i;
    }
    return done;
}

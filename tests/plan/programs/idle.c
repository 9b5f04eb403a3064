/* tests/plan/programs/idle.c: firmware that waits for an interrupt with inline assembly, as CMSIS's __WFI() does. */
int idle(int ticks) {
    int woken = 0;
    for (int i = 0; i < ticks; i++) {
#if defined(__arm__) || defined(__thumb__)
        __asm__ volatile("wfi");
#endif
        woken += i & 1;
    }
    return woken;
}

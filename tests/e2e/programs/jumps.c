/* tests/e2e/programs/jumps.c: setjmp guards whose landing runs once per call, and near misses where a jump may land again and again. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>

static jmp_buf guard, again, counted;

static void risky(int x) {
    if (x % 5 == 0) longjmp(guard, 1);
}

static int guarded(int n) {
    if (setjmp(guard))
        return -1;
    int s = 0;
    for (int i = 1; i <= 12; i++) {
        if (i > n) break;
        risky(i);
        s += i;
    }
    return s;
}

static int retried(int n) {
    volatile int tries = 0;
    if (setjmp(again)) {
        if (++tries < 3 && n % 2)
            longjmp(again, 1);
        return -tries;
    }
    if (n % 3 == 0)
        longjmp(again, 1);
    return 0;
}

static int by_value(int n) {
    volatile int k = setjmp(counted);
    if (k < 3 && n % 4 == 0)
        longjmp(counted, k + 1);
    return k;
}

int jumps(int n) {
    return guarded(n) + retried(n) + by_value(n);
}

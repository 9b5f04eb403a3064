/* tests/e2e/programs/unbounded_reasons.c: a function or loop for each reason `check --unbounded` gives, and bounded ones beside them. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>

static jmp_buf back;

static int depth(int n) {
    return n <= 0 ? 0 : 1 + depth(n - 1);
}

static int step(int x) {
    return x + 1;
}

static int twice(int x) {
    return 2 * x;
}

static int jumps(int n) {
    volatile int k = setjmp(back);
    if (k < 2 && n > 5) longjmp(back, k + 1);
    return k;
}

static int once(int x) {
    return x - 1;
}

int reasons(int n, int k) {
    int (*volatile by_pointer)(int) = twice;
    int s = once(n);
    for (int i = 0; i < n; i++)
        s += i;
    while (k != 1) {
        k = k % 2 ? 3 * k + 1 : k / 2;
        s = step(s);
        s += by_pointer(s) % 2;
    }
    return s + depth(n) + jumps(n);
}

/* tests/e2e/programs/crashes.c: crashes after a block, inside a loop and inside a called function, at known rates. */
#include <stdio.h>

int *volatile nowhere = 0;
int hits;

static void check(int n) {
    hits++;
    if (n == 0) *nowhere = 1;          /* a crash inside a called function */
}

int step(int n) {
    check(n);
    if (n > 5) {                       /* the block counts, then the crash */
        hits++;
        *nowhere = 2;
    }
    for (int i = 0; i < n; i++) {
        hits += i;
        if (n == 4 && i == 2) *nowhere = 3;   /* a crash in the loop's third iteration */
    }
    return hits;
}

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    return step(n) & 1;
}

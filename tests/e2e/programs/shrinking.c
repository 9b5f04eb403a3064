/* shrinking.c: loops that divide a variable down to 0, and near misses (tests/e2e/shrinking-t.c). */
#include <stdio.h>
#include <stdlib.h>

static int flip(void) { return rand() % 2; }

/* the digits of any int: at most 32 divisions leave 0 */
int digits(void) {
    int n, d = 0;
    scanf("%d", &n);
    while (n != 0) {
        n /= 10;
        d++;
    }
    return d;
}

/* the bits of an unsigned: a shift right each way round */
int bits(void) {
    unsigned x;
    int b = 0;
    scanf("%u", &x);
    while (x) {
        x >>= 1;
        b++;
    }
    return b;
}

/* a request halved until it fits, as a buffer's growth retries: the test is inside */
int retries(void) {
    size_t want = 4096;
    int tries = 0;
    while (flip()) {
        want /= 2;
        tries++;
        if (!want) return -1;
    }
    return tries;
}

/* near miss: a signed shift right: -1 >> 1 is -1 */
int signed_bits(void) {
    int y, b = 0;
    scanf("%d", &y);
    while (y) {
        y >>= 1;
        b++;
    }
    return b;
}

/* near miss: a way round that skips the division */
int skipped(void) {
    int m, s = 0;
    scanf("%d", &m);
    while (m != 0) {
        s++;
        if (flip()) continue;
        m /= 2;
    }
    return s;
}

/* near miss: a way round that skips the test */
int untested(void) {
    size_t q = 64;
    int s = 0;
    while (flip()) {
        q /= 2;
        s++;
        if (flip()) {
            if (!q) break;
        }
    }
    return s;
}

int main(void) {
    srand(1);
    printf("%d\n", digits() + bits() + retries() + signed_bits() + skipped() + untested());
    return 0;
}

/* tests/e2e/programs/loop_shapes.c: loop shapes real code uses, each proven bounded, beside near misses that must stay open. */
#include <stdio.h>
#include <stdlib.h>

static int flip(void) {
    int coin;                     /* coin ~ bernoulli(0.8) */
    scanf("%d", &coin);
    return coin;
}

/* a test on i + 2, step 3: with len 20 it passes at i = 0, 3, .., 15 and runs 7 times */
int triples(void) {
    int len;
    scanf("%d", &len);
    int s = 0;
    for (int i = 0; i + 2 < len; i += 3)
        s++;
    return s;
}

/* a limit loaded from memory, an unsigned char: 255 passes at most, whatever it holds */
int bytes(void) {
    int v;
    scanf("%d", &v);
    unsigned char buf[2];
    buf[0] = (unsigned char)v;
    buf[1] = 0;
    int s = 0;
    for (int r = 0; r < buf[0]; r++)
        s++;
    return s;
}

/* near miss: an unsigned short limit for an unsigned char counter, which could wrap */
int bytes_wide(void) {
    int v;
    scanf("%d", &v);
    unsigned short buf[2];
    buf[0] = (unsigned short)(v - 100);   /* 140 .. 170 when run: the counter never wraps */
    buf[1] = 0;
    int s = 0;
    for (unsigned char r = 0; r < buf[0]; r++)
        s++;
    return s;
}

/* the exit test on run is the &&'s second: 7 passes at most, 8 tests of the header */
int runs(void) {
    int run = 0;
    while (flip() && run < 7)
        run++;
    return run;
}

/* near miss: the test on run is skipped when the first coin is tails */
int runs_skipped(void) {
    int run = 0;
    while (flip()) {
        if (flip() && run >= 7)
            break;
        run++;
    }
    return run;
}

/* steps of 1 or 3, never 0: n passes at most (all steps 1) */
int strides(void) {
    int n;
    scanf("%d", &n);
    int i = 0, s = 0, step;
    while (i < n) {
        if (flip())
            step = 1;
        else
            step = 3;
        i += step;
        s++;
    }
    return s;
}

/* an unsigned count down to 0: n + 1 tests, and no wrap, as 0 fails the test first */
int countdown(void) {
    int n;
    scanf("%d", &n);
    int s = 0;
    for (unsigned u = (unsigned)n; u > 0; u--)
        s++;
    return s;
}

/* a count kept in a loop the function enters once: e <= 2 * 8, so 8 passes of k */
int pairs(void) {
    int n;
    scanf("%d", &n);
    int e = 0, s = 0;
    for (int i = 0; i < n; i++) {
        e++;
        e++;
    }
    for (int k = 0; k < e; k += 2)
        s++;
    return s;
}

/* near miss: a count kept in a loop entered again and again (3 times 8, not 8) */
int pairs_nested(void) {
    int n;
    scanf("%d", &n);
    int e = 0, s = 0;
    for (int o = 0; o < 3; o++)
        for (int i = 0; i < n; i++)
            e++;
    for (int k = 0; k < e; k++)
        s++;
    return s;
}

/* near miss: a step that can be 0 */
int strides_zero(void) {
    int n;
    scanf("%d", &n);
    int i = 0, s = 0, step;
    while (i < n) {
        if (flip())
            step = 0;
        else
            step = 2;
        i += step;
        s++;
    }
    return s;
}

/* near miss: a step that can be negative */
int strides_back(void) {
    int n;
    scanf("%d", &n);
    int i = 0, s = 0, step;
    while (i < n) {
        if (flip())
            step = 3;
        else
            step = -1;
        i += step;
        s++;
    }
    return s;
}

/* near miss: the counter stored elsewhere in the loop */
int halved(void) {
    int n;
    scanf("%d", &n);
    int i = 0, s = 0;
    while (i < n) {
        i += 2;
        if (!flip())
            i = i / 2;
        s++;
    }
    return s;
}

/* near miss: a step that can overflow: 1 << 30 past a limit near INT_MAX wraps */
int leaps(void) {
    int n;
    scanf("%d", &n);
    int far = flip() < 2 ? n : 2147483000;   /* always n when run; the proof sees both */
    int s = 0;
    for (int i = 0; i < far; i += 1 << 30)
        s++;
    return s;
}

/* a triangular nest, m - 1 - p: bounded by its per-entry bounds' product */
int triangle(void) {
    int m;
    scanf("%d", &m);
    int s = 0;
    for (int p = 0; p < m - 1; p++)
        for (int j = 0; j < m - 1 - p; j++)
            s++;
    return s;
}

/* insertion sort's shape: j from i - 1 down while a coin says so */
int shifts(void) {
    int m;
    scanf("%d", &m);
    int s = 0;
    for (int i = 1; i < m; i++)
        for (int j = i - 1; j >= 0 && flip(); j--)
            s++;
    return s;
}

/* near miss: the inner limit rests on q, stepped both ways */
int wobble(void) {
    int m;
    scanf("%d", &m);
    int s = 0, q = 0;
    for (int p = 0; p < m; p++) {
        for (int j = 0; j < m - q; j++)
            s++;
        if (flip())
            q++;
        else
            q--;
    }
    return s;
}

/* a remainder of rand() by a window 1 << k, k < 4 ? k : 4: at most 15 passes */
int waits(void) {
    int k;
    scanf("%d", &k);
    int window = 1 << (k < 4 ? k : 4);
    int slots = rand() % window;
    int s = 0;
    for (int w = 0; w < slots; w++)
        s++;
    return s;
}

/* near miss: a remainder by a divisor of unknown range */
int waits_unknown(int *div) {
    int slots = rand() % div[0];
    int s = 0;
    for (int w = 0; w < slots; w++)
        s++;
    return s;
}

/* near miss: a counter left past its limit steps on at the next entry and wraps:
 * 2 passes from 250, then 253, 254, 255, and from 0 it passes 252 times */
int wraps(void) {
    unsigned char k = 250;
    int s = 0;
    for (int o = 0; o < 8; o++) {
        do {
            k++;
            s++;
        } while (k < 252);
    }
    return s;
}

/* interval halving, the coin choosing the half: with 64 values, 7 passes at most */
int halves(void) {
    int size;
    scanf("%d", &size);           /* size ~ uniform_int(60, 64) */
    int lo = 0, hi = size - 1, s = 0;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (flip())
            lo = mid + 1;
        else
            hi = mid - 1;
        s++;
    }
    return s;
}

/* near miss: a quarter point, not a midpoint: the interval can shrink by a quarter */
int quarters(void) {
    int size;
    scanf("%d", &size);
    int lo = 0, hi = size - 1, s = 0;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 4;
        if (flip())
            lo = mid + 1;
        else
            hi = mid - 1;
        s++;
    }
    return s;
}

/* near miss: a way round that stores neither end */
int idles(void) {
    int size;
    scanf("%d", &size);
    int lo = 0, hi = size - 1, s = 0;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (flip())
            lo = mid + 1;
        else if (flip())
            hi = mid - 1;
        s++;
    }
    return s;
}

/* near miss: lo + hi could overflow for the values hi may be set to */
int halves_wide(void) {
    int size;
    scanf("%d", &size);
    int lo = 0, hi = flip() < 2 ? size - 1 : 2147483000, s = 0;   /* always size - 1 when run */
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (flip())
            lo = mid + 1;
        else
            hi = mid - 1;
        s++;
    }
    return s;
}

/* Euclid's remainders, x and r from 1..8: Lamé bounds the steps by 5 (F(6) = 8), as
 * (5, 8) takes; the test runs at most 6 times */
int euclid_rem(void) {
    int x, r;
    scanf("%d", &x);              /* x ~ uniform_int(1, 8) */
    scanf("%d", &r);              /* r ~ uniform_int(1, 8) */
    int s = 0;
    while (r != 0) {
        int t = x % r;
        x = r;
        r = t;
        s++;
    }
    return s + x;
}

/* the same as extended Euclid writes it: q = x / r, x - q * r */
int euclid_sub(void) {
    long x, r;
    scanf("%ld", &x);
    scanf("%ld", &r);
    long s = 0, old_s = 1;
    while (r > 0) {
        long q = x / r;
        long t = x - q * r;
        x = r;
        r = t;
        t = old_s - q * s;
        old_s = s;
        s = t;
    }
    return (int)(x + old_s);
}

/* near misses: the remainder kept in both (not Euclid's pair), the remainder of x + 1 */
int euclid_same(void) {
    int x, r;
    scanf("%d", &x);
    scanf("%d", &r);
    int s = 0;
    while (r != 0) {
        int t = x % r;
        x = t;
        r = t;
        s++;
    }
    return s;
}

/* a remainder by r + 1: x' = r, but r' is no remainder by r (and could stay r: never run) */
int euclid_other(void) {
    int x, r;
    scanf("%d", &x);
    scanf("%d", &r);
    int s = 0;
    if (x > 8)
        while (r != 0) {
            int t = x % (r + 1);
            x = r;
            r = t;
            s++;
        }
    return s;
}

int euclid_plus(void) {
    int x, r;
    scanf("%d", &x);
    scanf("%d", &r);
    int s = 0;
    while (r != 0) {
        int t = (x + 1) % r;
        x = r;
        r = t;
        s++;
    }
    return s;
}

/* a counter stepped in the loop's header, which runs K + 1 times: c reaches n + 1 */
int header_count(void) {
    int n;
    scanf("%d", &n); /* n ~ uniform_int(0, 8) */
    int c = 0, s = 0;
    for (int i = 0; c++, i < n; i++)
        s++;
    for (int j = 0; j < c; j++) /* c <= 9: at most 10 tests */
        s++;
    return s;
}

/* a step of 3 that does not divide the limit: i = 0, 3, 6 pass i < 8, so 4 tests */
int thirds(void) {
    int n;
    scanf("%d", &n); /* n ~ uniform_int(0, 8) */
    int s = 0;
    for (int i = 0; i < n; i += 3)
        s++;
    return s;
}

int main(void) {
    int div[1] = {7};
    srand(1);
    int s = triples() + bytes() + bytes_wide() + runs() + runs_skipped() + strides() + countdown() + pairs() + pairs_nested() + strides_zero() +
            strides_back() + halved() + leaps() + triangle() + shifts() + wobble() + waits() +
            waits_unknown(div) + wraps() + halves() + quarters() + idles() + halves_wide() + euclid_rem() +
            euclid_sub() + euclid_same() + euclid_other() + euclid_plus() + header_count() + thirds();
    printf("%d\n", s);
    return 0;
}

/* tests/e2e/programs/capacity.c: counts kept under a capacity test, and near misses (tests/e2e/capacity-t.c). */
/* SPDX-License-Identifier: MIT */

struct pool {
    unsigned next;
};

/* jsmn's shape: the count through a pointer, tested wider than it is kept */
static int take(struct pool *p, unsigned long cap) {
    if (p->next >= cap) return -1;
    return (int)p->next++;
}

/* Each count steps in two loops, so that no loop's test bounds it (the counters rule). */
int capacity(int n, int m) {
    int slots[12], sum = 0, used = 0, w = 0, v = 0, w2 = 0, w3 = 0, w4 = 0;
    struct pool p = {0};
    for (int k = 0; k < n; k++) {
        int at = take(&p, 12);
        if (at >= 0) slots[at] = k;
        if (used < 8) used++;
        if (w >= 8) sum++;
        w++;
        if (v < 8) w2++;
        if (w3 < 8) {
            w3 = n + k;
            w3++;
        }
        if (w4 > 3)
            w4++;
        else
            w4 = 4;
    }
    for (int k = 0; k < m; k++) {
        int at = take(&p, 12);
        if (at >= 0) slots[at] = -k;
        if (used < 8) used += 2;
        w++;
        if (v < 8) w2++;
        if (w3 < 8) w3++;
        if (w4 > 3) w4++;
    }
    for (int i = (int)p.next - 1; i >= 0; i--) sum += slots[i];
    for (int i = used; i > 0; i--) sum++;
    for (int i = w; i > 0; i--) sum++;
    for (int i = w2; i > 0; i--) sum++;
    for (int i = w3; i > 0; i--) sum++;
    for (int i = w4; i > 0; i--) sum++;
    return sum;
}

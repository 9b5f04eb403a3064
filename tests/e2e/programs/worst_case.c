/* worst_case.c: branches in a loop, so the flow between blocks bounds a run below the sum of their bounds (tests/e2e/worst_case-t.c). */
int tick(int n, int mode) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        if ((i ^ mode) & 1)
            s += 3;
        else
            s -= 1;
    }
    if (mode > 2) s *= 2;
    return s;
}

/* how long the Collatz walk from x takes: nothing bounds it */
int spin(unsigned x) {
    int steps = 0;
    while (x > 1) {
        x = x % 2 ? 3 * x + 1 : x / 2;
        steps++;
    }
    return steps;
}

/* quantiles.c: a loop whose trip count is drawn, so each block's quantiles per call are known
 * (tests/e2e/quantiles-t.c). */
int trip(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += i;
    return s;
}

/* tests/e2e/programs/enumerate_weighted.c: counts driven by a binomial and a Bernoulli argument. */
int weighted(int n, int flag)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i;
    if (flag)
        s = -s;
    if (n > 5)
        s *= 2;
    return s;
}

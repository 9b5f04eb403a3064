/* tests/e2e/programs/contexts_calls.c: a function called ten times a trial that calls a helper from two sites. */

static int helper(int v)
{
    int s = 0;
    for (int i = 0; i < v; i++)
        s += i;
    return s;
}

int step(int x)
{
    return helper(x) + helper(2);
}

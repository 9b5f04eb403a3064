/* tests/e2e/programs/namesakes.c: a program whose own functions and variables bear the names of the runtime library's internal ones. */
#include <stdio.h>

/* Named as things inside the runtime library, meaning something else here: each
 * module carries its runtime, and neither may capture the other's references. */
int runtime_trial = 3;

int dist_sample(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i;
    return s;
}

int runtime_run_trial(int x)
{
    return x % 4 == 1;
}

void runtime_fail(const char *why)
{
    fputs(why, stderr);
}

int main(void)
{
    int x;
    if (scanf("%d", &x) != 1) return 1;
    int s = dist_sample(x);
    if (runtime_run_trial(x))
        s += runtime_trial;
    if (s < 0)
        runtime_fail("never\n");
    printf("%d\n", s);
    return 0;
}

/* tests/e2e/programs/sensitivity_calls.c: a function whose loop runs its argument's times, called in a sequence. */
long total;

void spin(int n)
{
    for (int i = 0; i < n; i++)
        total += i;
}

int main(void)
{
    spin(3);
    return 0;
}

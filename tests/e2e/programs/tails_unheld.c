/* tests/e2e/programs/tails_unheld.c: a read drawn without a bound on its draws holds nothing. */
#include <stdio.h>

int main(void)
{
    int x, s = 0;
    do {
        if (scanf("%d", &x) != 1) return 1;
        for (int j = 0; j < x; j++)
            s++;
    } while (x != 0);
    printf("%d\n", s);
    return 0;
}

/* tests/e2e/programs/tails_stdin.c: counts the lines of a standard input whose line count has no bound. */
#include <stdio.h>

int main(void)
{
    char line[16];
    int n = 0;
    while (fgets(line, sizeof line, stdin))
        n++;
    printf("%d\n", n);
    return 0;
}

/* bench/tails/lines.c: counts the lines of standard input with fgets. */
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

/* tests/e2e/programs/loop_places.c: a loop whose variable is declared in its for, the code that clang's -O2 front end gives an extra block. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

static const int specials[] = {'x', 'y', 'z', 'q'};

static int special(int c)
{
    for (int k = 0; k < 4; k++) if (specials[k] == c) return 1;
    return 0;
}

int main(void)
{
    int c;
    unsigned long n = 0;
    while ((c = getchar()) != EOF)
        for (int k = 0; k < 2; k++) n += (unsigned long)special(c + k);
    printf("%lu\n", n);
    return 0;
}

/* tests/e2e/programs/misfit.c: reads into an unsigned char a value that can be negative. */
#include <stdio.h>

int main(void) {
    unsigned char level;
    scanf("%hhu", &level);
    return level > 100;
}

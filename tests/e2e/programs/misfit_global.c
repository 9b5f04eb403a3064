/* tests/e2e/programs/misfit_global.c: a global of a narrow type that the spec draws (tests/e2e/errors-t.c). */
#include <stdio.h>

unsigned char level = 3;

int main(void) {
    printf("%d\n", level > 5);
    return 0;
}

/* tests/e2e/programs/undeclared.c: reads a variable the spec does not declare. */
#include <stdio.h>

int main(void) {
    int count;
    scanf("%d", &count);
    return count > 3;
}

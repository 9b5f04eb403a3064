/* bench/coverage/programs/grid.c: a nested loop over two small numbers; truths by enumerating 100 pairs. */
#include <stdio.h>

int main(void) {
    int i, j, cells = 0;
    scanf("%d", &i);                 /* i ~ uniform_int(0, 9) */
    scanf("%d", &j);                 /* j ~ uniform_int(0, 9) */
    for (int a = 0; a < i; a++)
        for (int b = 0; b < j; b++)
            cells++;
    if (i == j)                      /* 1/10 */
        cells = -cells;
    if (i + j == 18)                 /* 1/100 */
        cells = 0;
    printf("%d\n", cells);
    return 0;
}

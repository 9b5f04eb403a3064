/* examples/branches/branches.c: a program whose block frequencies have closed forms. */
#include <stdio.h>

static int hits;

int main(void) {
    double x;
    int n, face;

    scanf("%lf", &x);              /* x ~ uniform(0, 1) */
    if (x < 0.3)
        hits += 1;                 /* P(x < 0.3) = 0.3 */
    else
        hits += 2;                 /* 0.7 */

    scanf("%d", &n);               /* n ~ poisson(4.2) */
    for (int i = 0; i < n; i++)    /* condition: E[n] + 1 = 5.2 */
        hits += i;                 /* body: E[n] = 4.2 */

    scanf("%d", &face);            /* face ~ uniform_int(1, 6) */
    switch (face) {
    case 6:
        hits *= 2;                 /* 1/6 */
        break;
    case 1:
    case 2:
        hits -= 1;                 /* 2/6 */
        break;
    default:
        hits += 3;                 /* 3/6 */
    }
    if (x > 2.0)
        hits = 0;                  /* never: x < 1 always */
    printf("%d\n", hits);
    return 0;
}

/* bench/coverage/programs/rare.c: blocks reached in a few trials per ten thousand; truths by enumerating 0..4095. */
#include <stdio.h>

int main(void) {
    int n, sum = 0;
    scanf("%d", &n);                 /* n ~ uniform_int(0, 4095) */
    for (int i = 0; i < n % 8; i++)  /* 3.5 iterations on average */
        sum += i;
    if (n < 3)                       /* 3/4096, and then 5 iterations */
        for (int k = 0; k < 5; k++)
            sum++;
    if (n == 4095)                   /* 1/4096 */
        sum = -1;
    if (n > 5000)                    /* never */
        sum = -2;
    printf("%d\n", sum);
    return 0;
}

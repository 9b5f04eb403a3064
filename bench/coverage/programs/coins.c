/* bench/coverage/programs/coins.c: tosses until tails; run lengths are geometric, truths in closed form. */
#include <stdio.h>

int main(void) {
    int coin, heads = 0;
    scanf("%d", &coin);              /* coin ~ bernoulli(0.3), a fresh draw at every read */
    while (coin) {
        heads++;
        scanf("%d", &coin);
    }
    if (heads >= 4)                  /* P = 0.3^4 = 0.0081 */
        puts("streak");
    printf("%d\n", heads);
    return 0;
}

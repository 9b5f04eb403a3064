/* bench/coverage/programs/bits.c: counts ones among 20 fair bits; truths from the binomial law. */
#include <stdio.h>

int main(void) {
    int bit, ones = 0;
    for (int t = 0; t < 20; t++) {
        scanf("%d", &bit);           /* bit ~ bernoulli(0.5), 20 draws */
        if (bit)
            ones++;
    }
    if (ones >= 16)                  /* P(Bin(20, 1/2) >= 16) = 6196 / 2^20 */
        puts("many");
    else if (ones == 10)             /* 184756 / 2^20 */
        puts("even");
    printf("%d\n", ones);
    return 0;
}

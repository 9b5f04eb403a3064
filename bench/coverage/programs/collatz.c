/* bench/coverage/programs/collatz.c: Collatz steps of a small number; exact truths by enumerating 1..64. */
#include <stdio.h>

int main(void) {
    int n, steps = 0, odd = 0;
    scanf("%d", &n);                 /* n ~ uniform_int(1, 64) */
    while (n != 1) {
        if (n % 2) {
            n = 3 * n + 1;
            odd++;
        } else {
            n /= 2;
        }
        steps++;
    }
    if (steps > 100)                 /* 8 of the 64: n = 27, 31, 41, 47, 54, 55, 62, 63 */
        puts("long");
    printf("%d %d\n", steps, odd);
    return 0;
}

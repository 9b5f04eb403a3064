/* tests/e2e/programs/plain_exit.c: a function that calls exit() through a helper for 3 of its 10 arguments. */
#include <stdlib.h>

int settled;

static void give_up(int n) {
    if (n > 6) exit(n); /* n = 7, 8, 9: each a tenth of the calls */
}

int settle(int n) {
    give_up(n);
    for (int i = 0; i < n; i++) settled += i;
    return settled;
}

int main(void) {
    return settle(3) & 1;
}

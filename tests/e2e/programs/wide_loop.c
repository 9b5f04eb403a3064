/* tests/e2e/programs/wide_loop.c: 6000 iterations, each one of 2^14 paths: more distinct paths in one trial than the per-trial path table holds. */
#include <stdio.h>

int walk(unsigned seed) {
    int s = 0;
    for (int i = 0; i < 6000; i++) {
        seed = seed * 1103515245u + 12345u;
        unsigned r = seed >> 8;
        if (r & 1u) s += 1;
        else s -= 1;
        if (r & 2u) s += 2;
        else s -= 1;
        if (r & 4u) s += 3;
        else s -= 1;
        if (r & 8u) s += 4;
        else s -= 1;
        if (r & 16u) s += 5;
        else s -= 1;
        if (r & 32u) s += 6;
        else s -= 1;
        if (r & 64u) s += 7;
        else s -= 1;
        if (r & 128u) s += 8;
        else s -= 1;
        if (r & 256u) s += 9;
        else s -= 1;
        if (r & 512u) s += 10;
        else s -= 1;
        if (r & 1024u) s += 11;
        else s -= 1;
        if (r & 2048u) s += 12;
        else s -= 1;
        if (r & 4096u) s += 13;
        else s -= 1;
        if (r & 8192u) s += 14;
        else s -= 1;
    }
    return s;
}

int main(void) {
    unsigned start;
    scanf("%u", &start);
    printf("%d\n", walk(start));
    return 0;
}

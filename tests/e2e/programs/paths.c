/* tests/e2e/programs/paths.c: three independent branches (eight paths) and two counted loops whose bodies have two arms, for exact path frequencies. */
#include <stdio.h>

int three(double a, double b, double c) {
    int s = 0;
    if (a < 0.2) s += 1;
    else s += 2;
    if (b < 0.5) s += 10;
    else s += 20;
    if (c < 0.7) s += 100;
    else s += 200;
    return s;
}

int loop(void) {
    int x = 0;
    for (int i = 0; i < 4; i++) {
        int coin;
        scanf("%d", &coin);
        if (coin) x += 1;
        else x -= 1;
    }
    return x;
}

/* The back edge leaves do.cond, which also leads out: it is counted on entering the header. */
int dowhile(void) {
    int x = 0, k = 0;
    do {
        int coin;
        scanf("%d", &coin);
        if (coin) x += 1;
        else x -= 1;
        k++;
    } while (k < 3);
    return x;
}

int main(void) {
    double a, b, c;
    scanf("%lf %lf %lf", &a, &b, &c);
    printf("%d %d %d\n", three(a, b, c), loop(), dowhile());
    return 0;
}

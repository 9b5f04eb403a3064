/* bench/sampling/truths.c: the exact means bench/sampling/run checks against: Newton's loop, the exponential loop. */
#include <math.h>
#include <stdio.h>

/* The loop of examples/newton/newton.c, counted. */
static int iterations(double ask)
{
    double x = 1.0;
    int n = 0;
    while (fabs(x * x - ask) > 0.001) {
        x = (x + ask / x) / 2;
        n++;
    }
    return n;
}

/* Prints E[while.body] of Newton for ask ~ uniform(100, 800), then E[floor(x)] for
 * x ~ exponential(rate 0.1), which is the sum over k >= 1 of e^(-k/10) = 1/(e^0.1 - 1).
 * Newton's count is a step function of ask: every step is found by bisection to the
 * last double, and the function integrated exactly between them. */
int main(void)
{
    double lo = 100, hi = 800, sum = 0, at = lo, step = 1e-3;
    int here = iterations(at);
    while (at < hi) {
        double next = fmin(at + step, hi);
        int there = iterations(next);
        if (there != here) {
            double a = at, b = next;   /* iterations(a) == here != iterations(b) */
            while (nextafter(a, b) < b) {
                double mid = a + (b - a) / 2;
                if (mid <= a || mid >= b) break;
                if (iterations(mid) == here) a = mid; else b = mid;
            }
            sum += here * (b - lo - (at - lo));
            at = b;
            here = iterations(b);
            continue;
        }
        sum += here * (next - at);
        at = next;
    }
    printf("%.12f %.12f\n", sum / (hi - lo), 1 / expm1(0.1));
    return 0;
}

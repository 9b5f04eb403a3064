/* bench/real/tone/tone.c: renders a pager's beeps as 8 kHz square-wave samples, each beep's length and pitch read in seconds and hertz, and counts the wave's edges. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

#define RATE 8000.0

int main(void) {
    int beeps;
    long edges = 0, silent = 0;
    if (scanf("%d", &beeps) != 1) return 1;
    for (int b = 0; b < beeps; b++) {
        double seconds, hertz;
        if (scanf("%lf %lf", &seconds, &hertz) != 2) return 1;
        TICK(0);
        long samples = (long)(seconds * RATE);
        long half = (long)(RATE / hertz / 2);
        if (half < 1) half = 1;
        if (samples == 0) {
            TICK(1);   /* shorter than one sample: nothing to render */
            silent++;
            continue;
        }
        int level = 0;
        for (long i = 0; i < samples; i++) {
            TICK(2);
            if (i % half == 0) {
                TICK(3);
                level = !level;
                edges++;
            }
        }
    }
    printf("%ld edges, %ld silent\n", edges, silent);
    return 0;
}

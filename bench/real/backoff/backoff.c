/* bench/real/backoff/backoff.c: Ethernet's truncated binary exponential backoff (IEEE 802.3) for frames whose attempts to get through are read. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>

#include "../tick.h"

#define ATTEMPT_LIMIT 16
#define BACKOFF_LIMIT 10

int main(void) {
    int frames;
    if (scanf("%d", &frames) != 1 || frames < 0) return 1;
    long waited = 0;
    int dropped = 0;
    for (int f = 0; f < frames; f++) {
        int attempts;   /* transmissions until one gets through without a collision */
        if (scanf("%d", &attempts) != 1 || attempts < 1) return 1;
        for (int k = 1; k < attempts; k++) {
            TICK(0);   /* the k-th collision of this frame */
            if (k == ATTEMPT_LIMIT) {
                TICK(1);   /* excessive collisions: the frame is dropped */
                dropped++;
                break;
            }
            int window = 1 << (k < BACKOFF_LIMIT ? k : BACKOFF_LIMIT);
            int slots = rand() % window;
            for (int s = 0; s < slots; s++) {
                TICK(2);
                waited++;
            }
        }
    }
    printf("%ld slot times waited, %d frames dropped\n", waited, dropped);
    return 0;
}

/* tests/e2e/programs/paced.c: a branch taken half the time, which needs far more trials than the blocks around it. */
/* SPDX-License-Identifier: MIT */
int paced(int x) {
    int n = 0;
    if (x < 500)
        n++;
    return n;
}

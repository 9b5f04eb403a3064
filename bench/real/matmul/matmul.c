/* bench/real/matmul/matmul.c: reads the dimensions and entries of two small integer matrices and multiplies them; counts zero entries of the product. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

#define DIM_MAX 8

int main(void) {
    static int a[DIM_MAX][DIM_MAX], b[DIM_MAX][DIM_MAX], c[DIM_MAX][DIM_MAX];
    int n, m, p;
    if (scanf("%d", &n) != 1 || scanf("%d", &m) != 1 || scanf("%d", &p) != 1) return 1;
    if (n < 1 || n > DIM_MAX || m < 1 || m > DIM_MAX || p < 1 || p > DIM_MAX) return 1;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < m; k++)
            if (scanf("%d", &a[i][k]) != 1) return 1;
    for (int k = 0; k < m; k++)
        for (int j = 0; j < p; j++)
            if (scanf("%d", &b[k][j]) != 1) return 1;
    int zeros = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < p; j++) {
            TICK(0);
            int sum = 0;
            for (int k = 0; k < m; k++) {
                TICK(1);
                sum += a[i][k] * b[k][j];
            }
            if (sum == 0) {
                TICK(2);
                zeros++;
            }
            c[i][j] = sum;
        }
    }
    printf("%d zero entries\n", zeros);
    return 0;
}

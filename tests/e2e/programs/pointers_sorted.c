/* pointers_sorted.c: a comparator qsort calls, beside a table (tests/e2e/across_calls-t.c). */
#include <stdlib.h>

static int ascending(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static int twice(int a) { return 2 * a; }

static int (*const scale[])(int) = {twice};

int pointers_sorted(int x, int y) {
    int v[3] = {x, y, 1};
    qsort(v, 3, sizeof v[0], ascending);
    return scale[0](v[0]);
}

/* layouts.c: one function taking a matrix, an array of structs, a struct with an array field and a permutation. */
#define COLUMNS 5

struct item { int weight; int tags[3]; };
struct filter { int ntaps; int taps[8]; };

static int negatives(int m[][COLUMNS], int rows) {
    int count = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < COLUMNS; j++)
            if (m[i][j] < 0)
                count++;
    return count;
}

static int heavy(const struct item *items, int n) {
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (items[i].weight > 7)
            count++;
        for (int t = 0; t < 3; t++)
            if (items[i].tags[t] == 1)
                count += 2;
    }
    return count;
}

static int taps_above(const struct filter *f) {
    int count = 0;
    for (int i = 0; i < 8; i++)
        if (f->taps[i] > 2)
            count++;
    return count + f->ntaps;
}

/* Fixed points and ascents of ORDER, and whether it is a permutation of 0 .. n-1. */
static int order_stats(const unsigned char *order, int n) {
    unsigned char seen[64] = {0};
    int score = 0;
    for (int i = 0; i < n; i++) {
        if (order[i] >= n || seen[order[i]])
            return -1000;
        seen[order[i]] = 1;
        if (order[i] == i)
            score++;
        if (i > 0 && order[i] > order[i - 1])
            score += 3;
    }
    return score;
}

int shapes(int m[][COLUMNS], int rows, const struct item *items, int n, const struct filter *f,
           const unsigned char *order, int norder) {
    return negatives(m, rows) + heavy(items, n) + taps_above(f) + order_stats(order, norder);
}

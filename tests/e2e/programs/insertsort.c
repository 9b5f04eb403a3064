/* tests/e2e/programs/insertsort.c: insertion sort over a global array whose a[0] is a sentinel (as in TACLeBench). */
int a[11];

int main(void) {
    int moves = 0;
    for (int i = 2; i <= 10; i++) {
        int j = i;
        while (a[j] < a[j - 1]) {       /* the sentinel a[0] = 0 stops it at j = 1 */
            int t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
            j--;
            moves++;                    /* one per inversion of a[1..10] */
        }
    }
    return moves > 1000;
}

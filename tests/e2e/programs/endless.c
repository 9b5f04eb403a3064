/* tests/e2e/programs/endless.c: a loop that never ends, entered when a drawn global exceeds 979 (2% of runs). */
int x;
volatile long spin;

int main(void) {
    if (x > 979)
        for (;;) spin++; /* line 7: never ends */
    return 0;            /* line 8 */
}

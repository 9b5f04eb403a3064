/* tests/e2e/programs/hostile.c: forks, writes files, allocates without bound, overflows the stack, reads past the input. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile int depth;
static char *volatile kept;            /* allocations escape here, so they are real */

static int deep(int n) {
    volatile char pad[256];
    pad[0] = (char)n;
    depth = n;                         /* a side effect: the recursion cannot be removed */
    return deep(n + 1) + pad[0];       /* no base case: the stack overflows */
}

int main(void) {
    int k, extra;
    scanf("%d", &k);                      /* read 1 ~ uniform_int(0, 4) */
    if (k == 0) {
        pid_t pid = fork();
        if (pid == 0)
            _exit(0);                      /* a child would run the worker's loop twice */
        if (pid < 0)
            puts("fork refused");          /* 1/5 */
    } else if (k == 1) {
        char path[4096];                   /* the test's own folder, no fixed name in /tmp */
        snprintf(path, sizeof path, "%s/hostile-output.txt", getenv("TMPDIR"));
        FILE *f = fopen(path, "w");
        if (!f)
            puts("write refused");         /* 1/5 */
        else
            fclose(f);
    } else if (k == 2) {
        size_t n = 0;
        char *p;
        while ((p = malloc((size_t)1 << 28)) != NULL) {
            kept = p;
            n++;                           /* until the address-space limit */
        }
        if (n < 1000)
            puts("allocation refused");    /* 1/5 */
    } else if (k == 3) {
        return deep(0);                    /* a crash: stack overflow */
    }
    if (scanf("%d", &extra) == EOF)       /* nothing declares a second read */
        puts("end of input");              /* 4/5 of those that finish: every trial but k == 3 */
    return 0;
}

/* tests/e2e/programs/walks_seek.c: a read(2) loop over standard input that seeks back to its start, by design not proven. */
/* SPDX-License-Identifier: MIT */
#include <unistd.h>

int main(void)
{
    char buf[8];
    long n, total = 0;
    int rewinds = 0;
    while ((n = read(0, buf, sizeof buf)) > 0) {
        total += n;
        if (++rewinds < 300)
            lseek(0, 0, SEEK_SET);
    }
    return total > 100000;
}

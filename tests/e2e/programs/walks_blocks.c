/* tests/e2e/programs/walks_blocks.c: loops that read a drawn standard input to its end in blocks, read(2) and fread, proven or, by design, not. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
    char buf[8];
    long n, m, total = 0, lines = 0;
    size_t got;
    int fd = 0, zeros = 0;
    while ((n = read(0, buf, sizeof buf)) > 0) {
        for (long i = 0; i < n; i++)
            if (buf[i] == '\n')
                lines++;
        for (long r = 0; r < 2; r++)
            for (long j = 0; j < n; j++)
                total++;
    }
    while ((got = fread(buf, 1, sizeof buf, stdin)) != 0)
        for (size_t i = 0; i < got; i++)
            total++;
    while (fread(buf, 4, 2, stdin) > 0)
        total++;
    while ((m = read(fd, buf, 8)) > 0)
        total += m;
    while ((m = read(0, buf, 8)) != 0)
        total += m;
    while ((m = read(0, buf, 8)) >= 0)
        if (m == 0 && ++zeros > 40)
            break;
    return lines + total > 1000;
}

/* tests/e2e/programs/library_limits.c: loops bounded only by what the C library returns (fread, read, getchar), and by what standard input holds. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <unistd.h>

/* fread gives at most its count: 4-byte records of a 32-byte buffer, 8 passes */
static int records(void)
{
    unsigned char buf[32];
    size_t got = fread(buf, 1, sizeof buf, stdin);
    int s = 0;
    for (size_t off = 0; off + 4 <= got; off += 4)
        s += buf[off];
    return s;
}

/* read gives at most its count of bytes, or -1: 16 passes */
static int chunk(void)
{
    char buf[16];
    ssize_t got = read(0, buf, sizeof buf);
    int s = 0;
    for (ssize_t k = 0; k < got; k++)
        s += buf[k];
    return s;
}

/* getchar gives a byte or EOF: at most 255 passes */
static int up_to_char(void)
{
    int c = getchar(), s = 0;
    for (int i = 0; i < c; i++)
        s += i & 1;
    return s;
}

/* a count read from memory says nothing: left open */
static size_t wanted[1] = {24};
static int records_unknown(void)
{
    unsigned char buf[32];
    size_t got = fread(buf, 1, wanted[0], stdin);
    int s = 0;
    for (size_t off = 0; off + 4 <= got; off += 4)
        s += buf[off];
    return s;
}

/* fread of standard input gives at most what it holds: at most 90 bytes into a
 * 4096-byte buffer, in 4-byte records, 22 passes */
static int records_all(void)
{
    static unsigned char buf[4096];
    size_t got = fread(buf, 1, sizeof buf, stdin);
    int s = 0;
    for (size_t off = 0; off + 4 <= got; off += 4)
        s += buf[off];
    return s;
}

int main(void)
{
    int s = records();
    s += up_to_char();
    s += records_unknown();
    s += chunk();
    s += records_all();
    printf("%d\n", s);
    return 0;
}

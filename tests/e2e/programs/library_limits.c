/* tests/e2e/programs/library_limits.c: loops bounded only by what the C library returns (fread, read, getchar, strlen), and by what standard input holds. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
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

/* strlen of a char array is less than its size: a 24-byte line, 23 passes */
static int line_length(void)
{
    char line[24];
    if (!fgets(line, sizeof line, stdin))
        return 0;
    int s = 0;
    for (size_t i = 0; i < strlen(line); i++)
        s += line[i] == 'a';
    return s;
}

/* strnlen is at most its limit: 10 passes of a longer text */
static char text[64] = "a text longer than its limit";
static int capped(void)
{
    size_t n = strnlen(text, 10);
    int s = 0;
    for (size_t k = 0; k < n; k++)
        s += text[k];
    return s;
}

/* strlen of a pointer says nothing of where it points: left open */
static const char *somewhere = "left open";
static int anywhere(void)
{
    int s = 0;
    for (size_t k = 0; k < strlen(somewhere); k++)
        s += somewhere[k];
    return s;
}

int main(void)
{
    int s = line_length();
    s += records();
    s += up_to_char();
    s += records_unknown();
    s += chunk();
    s += records_all();
    s += capped() + anywhere();
    printf("%d\n", s);
    return 0;
}

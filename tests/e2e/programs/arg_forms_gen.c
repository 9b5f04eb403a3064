/* tests/e2e/programs/arg_forms_gen.c: generators for arg_forms: bytes with NULs inside, and lines for a standard input. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <freqsys/gen.h>

/* 0 to CAP bytes, each 'a' or a NUL with equal odds. */
size_t make_frame(unsigned char *buf, size_t cap)
{
    size_t n = (size_t)fs_int(0, (long long)cap);
    for (size_t i = 0; i < n; i++)
        buf[i] = fs_int(0, 1) ? 'a' : 0;
    return n;
}

/* 1 to 5 lines of "ab". */
void write_lines(FILE *out)
{
    long long n = fs_int(1, 5);
    for (long long i = 0; i < n; i++)
        fputs("ab\n", out);
}

/* An int, not a string: the wrong type for generator(NAME). */
int not_a_string(void)
{
    return 3;
}

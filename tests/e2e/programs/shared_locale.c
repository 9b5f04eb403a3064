/* tests/e2e/programs/shared_locale.c: a walk decided by <ctype.h>, in a program that may leave the C locale. */
/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <locale.h>

int digits(const char *s)
{
    int n = 0;
    if (*s == '~')
        setlocale(LC_ALL, "");
    while (isdigit((unsigned char)*s)) {
        s++;
        n++;
    }
    return n;
}

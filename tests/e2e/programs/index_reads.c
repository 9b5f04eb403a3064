/* index_reads.c: indexes that read a drawn string on every pass, whatever else bounds their loop, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>
#include <string.h>

/* How many bytes equal to C start at S: a count no rule gives a greatest value. */
static size_t run_of(const char *s, char c) {
    size_t n = 0;
    while (s[n] == c) n++;
    return n;
}

/* A number of N digits at P, as a URL parser reads a port between two pointers. */
static int number_at(const char *p, size_t n) {
    int r = 0;
    for (size_t i = 0; i < n; i++) r = r * 10 + (p[i] - '0');
    return r;
}

/* A sum of the first N bytes of P, the NUL among them. */
static unsigned sum_of(const char *p, size_t n) {
    unsigned r = 0;
    for (size_t i = 0; i < n; i++) r += (unsigned char)p[i];
    return r;
}

/* Near miss: only the first three passes read. */
static int first_three(const char *p, size_t n) {
    int r = 0;
    for (size_t i = 0; i < n; i++)
        if (i < 3) r += p[i];
    return r;
}

/* Near miss: the same digits, from one of two objects. */
static int number_either(const char *p, size_t n) {
    int r = 0;
    for (size_t i = 0; i < n; i++) r = r * 10 + (p[i] - '0');
    return r;
}

int index_reads(const char *s, size_t len, int which) {
    const char *p = len > 2 ? s + 2 : s;
    int r = number_at(p, run_of(p, '1'));
    size_t whole = 0;
    while (s[whole]) whole++;
    r += (int)sum_of(s, whole + 1);
    r += first_three(s, 10 * run_of(s, '1'));
    char ones[64];
    memset(ones, '1', sizeof ones - 1);
    ones[sizeof ones - 1] = '\0';
    const char *q = which ? s : ones;
    r += number_either(q, run_of(q, '1'));
    return r;
}

/* tests/e2e/programs/shared_walks.c: loops that advance one pointer through a drawn string, bounded together, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <string.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }

int tokens(const char *s)
{
    int n = 0, i = 0, k = 0;
    const char *p = s, *q = s, *r = s, *t = s, *u, *v, *w, *x, *y, *z = s;
    while (*p) {
        if (*p == ' ') {
            p++;
            continue;
        }
        if (*p == '"') {
            p++;
            while (*p && *p != '"')
                p++;
            if (*p)
                p++;
        } else if (*p == '-' || is_digit(*p)) {
            if (*p == '-')
                p++;
            while (is_digit(*p))
                p++;
        } else {
            for (int k = 0; k < 2; k++)
                n++;
            p++;
        }
        n++;
    }
    for (u = s; *u; n++) {
        while (*u == ' ')
            u++;
        while (*u && *u != ' ')
            u++;
    }
    for (v = s; *v;) {
        while (*v && (*v == ' ' || *v == '1'))
            v++;
        if (*v && *v != ' ' && *v != '1')
            v++;
    }
    for (w = s; *w;) {
        while (isspace((unsigned char)*w))
            w++;
        if (isalpha((unsigned char)*w)) {
            while (isalnum((unsigned char)*w))
                w++;
            n++;
        } else if (*w) {
            w++;
        }
    }
    while (s[i]) {
        while (s[i] == ' ')
            i++;
        if (isdigit((unsigned char)s[i])) {
            while (isdigit((unsigned char)s[i]))
                i++;
            n++;
        } else if (s[i]) {
            i++;
        }
    }
    if (n < 0)
        while (s[k]) {
            if (s[k] == '1')
                k++;
            k++;
        }
    if (n < 0)
        while (*q) {
            if (*q == '1')
                q++;
            q++;
        }
    if (n < 0)
        while (*r) {
            if (*r == 'a')
                r++;
        }
    if (n < 0)
        while (*t) {
            t++;
            if (*t == '-')
                t = s;
        }
    for (x = s; x[0] && x[1]; x += 2)
        n++;
    if (n < 0)
        for (y = s; *y; y += 2)
            n++;
    if (n < 0)
        z = s + 3;
    while (*z)
        z++;
    if (s[0] == 'a' && s[1] == 'b')
        for (const char *f = s + 2; *f; f++)
            n++;
    size_t len = strlen(s);
    while (len > 0 && s[len - 1] == ' ')
        len--;
    return n + (int)len;
}

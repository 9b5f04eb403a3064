/* bench/pgo/regex.c: a backtracking regular-expression matcher (. * + ? ^ $ and classes) counting the lines each pattern matches. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#define MAX_BYTES 65536
#define PASSES 6

static char text[MAX_BYTES + 1];

static const char *const patterns[] = {
    "error", "^the", "ing$", "a.c", "[0-9][0-9]*", "qu+e", "colou?r", "x.*y.*z", "^[a-m]*$", "[aeiou][aeiou]i",
};
#define NPATTERNS (sizeof patterns / sizeof patterns[0])

static int match_here(const char *re, const char *s, const char *end);

/* Whether C is in the class that RE starts with ("[a-z0-9]"); *NEXT is past it. */
static int in_class(const char *re, int c, const char **next)
{
    int hit = 0;
    const char *p = re + 1;
    for (; *p && *p != ']'; p++) {
        if (p[1] == '-' && p[2] && p[2] != ']') { if (c >= p[0] && c <= p[2]) hit = 1; p += 2; }
        else if (c == *p) hit = 1;
    }
    *next = *p ? p + 1 : p;
    return hit;
}

/* Whether the one-character atom at RE matches C; *NEXT is past the atom. */
static int atom(const char *re, int c, const char **next)
{
    if (*re == '[') return in_class(re, c, next);
    *next = re + 1;
    return *re == '.' || *re == c;
}

/* ATOM* (MIN 0) or ATOM+ (MIN 1), then the rest REST, longest first. */
static int match_repeat(const char *re, const char *rest, int min, const char *s, const char *end)
{
    const char *t = s, *next;
    while (t < end && atom(re, (unsigned char)*t, &next)) t++;
    for (; t >= s + min; t--)
        if (match_here(rest, t, end)) return 1;
    return 0;
}

static int match_here(const char *re, const char *s, const char *end)
{
    for (;;) {
        if (!*re) return 1;
        if (re[0] == '$' && !re[1]) return s == end;
        const char *next;
        int c = s < end ? (unsigned char)*s : -1;
        int hit = c >= 0 && atom(re, c, &next);
        if (c < 0) atom(re, 0, &next);
        if (*next == '*') return match_repeat(re, next + 1, 0, s, end);
        if (*next == '+') return match_repeat(re, next + 1, 1, s, end);
        if (*next == '?') { if (hit && match_here(next + 1, s + 1, end)) return 1; re = next + 1; continue; }
        if (!hit) return 0;
        re = next;
        s++;
    }
}

/* Whether RE matches somewhere in the line S .. END. */
static int match(const char *re, const char *s, const char *end)
{
    if (*re == '^') return match_here(re + 1, s, end);
    do {
        if (match_here(re, s, end)) return 1;
    } while (s++ < end);
    return 0;
}

int main(void)
{
    size_t n = fread(text, 1, MAX_BYTES, stdin);
    text[n] = 0;
    unsigned long counts[NPATTERNS] = {0};
    for (int pass = 0; pass < PASSES; pass++)
        for (const char *line = text; line < text + n;) {
            const char *end = memchr(line, '\n', (size_t)(text + n - line));
            if (!end) end = text + n;
            for (size_t k = 0; k < NPATTERNS; k++)
                counts[k] += (unsigned long)match(patterns[k], line, end);
            line = end + 1;
        }
    for (size_t k = 0; k < NPATTERNS; k++)
        printf("%s %lu\n", patterns[k], counts[k] / PASSES);
    return 0;
}

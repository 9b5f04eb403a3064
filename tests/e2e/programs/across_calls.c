/* across_calls.c: loops in helpers that only what their callers pass bounds (tests/e2e/across_calls-t.c). */
#include <stddef.h>

static volatile size_t opaque = 3; /* a value no rule can know */

/* a counted loop against a length the caller passes */
static int count_a(const char *s, size_t len) {
    int n = 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] == 'a') n++;
    return n;
}

/* a walk of the caller's string */
static size_t skip_b(const char *s) {
    size_t i = 0;
    while (s[i] == 'b') i++;
    return i;
}

/* called with the string's length at one site and an unknown count at another */
static int sum_to(const char *s, size_t len) {
    int t = 0;
    for (size_t i = 0; i < len; i++) t += s[0];
    return t;
}

/* called through a pointer */
static int bump(size_t len) {
    int t = 0;
    for (size_t i = 0; i < len; i++) t++;
    return t;
}

/* recursion: never inlined */
static int halves(size_t len) {
    return len == 0 ? 0 : 1 + halves(len / 2);
}

int across_calls(const char *s, size_t len) {
    int (*volatile through)(size_t) = bump;
    int t = count_a(s, len) + count_a(s, len);
    t += (int)skip_b(s);
    size_t j = 0; /* skip_b's walk, written here: the bound skip_b's must equal */
    while (s[j] == 'b') j++;
    t += (int)j;
    t += sum_to(s, len) + sum_to(s, opaque);
    t += through(len);
    return t + halves(len);
}

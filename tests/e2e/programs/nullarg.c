/* tests/e2e/programs/nullarg.c: a function with an optional out-pointer, as C code often has. */
#include <stddef.h>

int count_caps(const char *s, int *out) {
    int n = 0;
    if (s == NULL)
        return -1;                   /* never: s is drawn */
    for (; *s; s++)
        if (*s >= 'A' && *s <= 'Z')
            n++;                     /* half of the characters: 2.5 per call */
    if (out != NULL)
        *out = n;                    /* never: out ~ null */
    return n;
}

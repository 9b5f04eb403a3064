/* tests/e2e/programs/early_returns.c: a matching loop left by returns that clang reduces to one branch each (exact counts). */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

static const char text[] = "abc abd xbc ac abbc aac abc bc";

/* Whether RE ('.', 'x?' and letters) matches at S. */
static int match_here(const char *re, const char *s) {
    for (;;) {
        if (!*re)
            return 1;
        int hit = *s && (*re == '.' || *re == *s);
        if (re[1] == '?') {
            if (hit && match_here(re + 2, s + 1))
                return 1;
            re += 2;
            continue;
        }
        if (!hit)
            return 0;
        re++;
        s++;
    }
}

int main(void) {
    int passes, count = 0;
    scanf("%d", &passes); /* 50 */
    for (int pass = 0; pass < passes; pass++)
        for (const char *s = text; *s; s++)
            count += match_here("ab?c", s);
    printf("%d\n", count);
    return 0;
}

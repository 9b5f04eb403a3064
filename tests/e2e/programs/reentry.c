/* reentry.c: an entry that a function whose address is taken also calls, with a string of its own. */
/* SPDX-License-Identifier: MIT */
#include <string.h>

static char spare[64];

int reentry(const char *s);

/* Kept in a table: a call through it could come from anywhere, so its call of the
 * entry may pass a string the spec does not draw. */
static int spare_walk(void) {
    memset(spare, 'a', sizeof spare - 1);
    spare[sizeof spare - 1] = '\0';
    return reentry(spare);
}

int (*const later[])(void) = {spare_walk};

int reentry(const char *s) {
    const char *p = s;
    int n = 0;
    while (*p) {
        p++;
        n++;
    }
    return n;
}

/* Another way into the entry that no run takes: it leaves the entry's arguments the
 * runtime's. */
int reentry_twice(const char *s) {
    return reentry(s) + reentry(s + 1);
}

/* tests/e2e/programs/host_address.c: host inputs reached through function pointers, not direct calls. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>

static char *(*l_getenv)(const char *) = &getenv;   /* as Lua's loslib.c does */

int main(void)
{
    int (*read_number)(const char *, ...) = scanf;
    int x = 0;
    if (l_getenv("HOME"))
        x = 1;
    read_number("%d", &x);
    return x;
}

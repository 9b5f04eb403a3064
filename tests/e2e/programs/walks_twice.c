/* tests/e2e/programs/walks_twice.c: calls the walks of walks.c from the program, with arguments it passes on. */
/* SPDX-License-Identifier: MIT */
int walks(const char *s, char *t, const int *a, int n);

int twice(const char *s, char *t, const int *a, int n)
{
    return walks(s, t, a, n) + walks(s, t, a, n);
}

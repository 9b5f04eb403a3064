/* tests/e2e/programs/walk_forms_gen.c: bytes for walk_forms.c: up to its capacity of 'a' and ' '. */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>
#include <freqsys/gen.h>

size_t some_bytes(unsigned char *buf, size_t cap)
{
    size_t n = (size_t)fs_int(0, (long long)cap);
    for (size_t i = 0; i < n; i++)
        buf[i] = fs_int(0, 1) ? 'a' : ' ';
    return n;
}

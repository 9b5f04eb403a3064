/* tests/e2e/programs/duff.c: down-counting loops from drawn arguments, Duff's device among them, proven or, by design, not. */
/* SPDX-License-Identifier: MIT */
int copy(char *to, const char *from, int count, int back)
{
    int n = (count + 7) / 8, q = (count + 3) / 4 - 1, s = 0;
    if (count <= 0)
        return 0;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
    switch (count % 4) {
    case 0: do { s++;
    case 3:      s++;
    case 2:      s++;
    case 1:      s++;
            } while (q-- > 0);
    }
    unsigned i = count;
    while (i--)
        s++;
    int j = count % 8 + 1;
    do
        s++;
    while (--j != 0);
    signed char k = back;
    do
        s++;
    while (--k != 0);
    signed char d = back;
    switch (count % 2) {
    case 0: do { s++;
    case 1:      s++;
            } while (--d != 0);
    }
    signed char r = 2;
    for (int o = 0; o < 3; o++)
        switch (o % 2) {
        case 0: do { s++;
        case 1:      s++;
                } while (--r != 0);
        }
    return s;
}

/* tests/bounds/c_locale-t.c: the C locale's classes and case maps the branch decisions use, against the C
 * library's own. */
/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <string.h>
#include "tap.h"
#include "c_locale.h"

/* glibc's table and functions, in the C locale a program starts in */
int main(void) {
    plan(5);
    const unsigned short *table = *__ctype_b_loc();
    int same = 1;
    for (long long c = -128; c <= 255; c++) {
        unsigned bits = 0;
        if (c_locale_class(c, &bits) != 0 || bits != table[c]) {
            same = 0;
            diag("class of %lld: %#x, the library's %#x", c, bits, (unsigned)table[c]);
        }
    }
    ok(same, "every class from -128 to 255 is the library's table entry");
    static const char *const names[] = {"isupper", "islower", "isalpha", "isdigit", "isxdigit", "isspace",
                                        "isprint", "isgraph", "isblank", "iscntrl", "ispunct",  "isalnum"};
    int (*const fns[])(int) = {isupper, islower, isalpha, isdigit, isxdigit, isspace,
                               isprint, isgraph, isblank, iscntrl, ispunct,  isalnum};
    same = 1;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        for (int c = -1; c <= 255; c++) { /* EOF and every unsigned char, where the functions are defined */
            long long v = -2;
            if (c_locale_call(names[k], c, &v) != 0 || (v != 0) != (fns[k](c) != 0)) {
                same = 0;
                diag("%s(%d): %lld, the library's %d", names[k], c, v, fns[k](c));
            }
        }
    ok(same, "the twelve class functions agree with the library's on EOF and 0 to 255");
    same = 1;
    for (int c = -1; c <= 255; c++) {
        long long lo = -2, up = -2;
        if (c_locale_call("tolower", c, &lo) != 0 || c_locale_call("toupper", c, &up) != 0 ||
            lo != tolower(c) || up != toupper(c))
            same = 0;
    }
    ok(same, "tolower and toupper agree with the library's on EOF and 0 to 255");
    unsigned bits;
    long long v;
    ok(c_locale_class(256, &bits) == -1 && c_locale_class(-129, &bits) == -1,
       "values outside -128 to 255 have no class");
    ok(c_locale_call("strlen", 'a', &v) == -1, "a function that is not <ctype.h>'s is not known");
    return done();
}

/* freqsys/transform/scanf_format.c: parses scanf format strings into typed conversions. */
/* SPDX-License-Identifier: MIT */
#include "scanf_format.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "freqsys/abi.h"

/* Length modifiers, ordered by width; long is 64-bit on the targets we build for. */
enum { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_BIG_L };

static int int_kind(int len, int is_signed) {
    switch (len) {
    case LEN_HH:
        return is_signed ? FSABI_KIND_I8 : FSABI_KIND_U8;
    case LEN_H:
        return is_signed ? FSABI_KIND_I16 : FSABI_KIND_U16;
    case LEN_NONE:
        return is_signed ? FSABI_KIND_I32 : FSABI_KIND_U32;
    default:
        return is_signed ? FSABI_KIND_I64 : FSABI_KIND_U64;
    }
}

int scanf_format_parse(const char *format, scanf_conversion *out, int max, char *err, size_t errlen) {
    int n = 0;
    for (const char *p = format; *p; p++) {
        if (*p != '%') continue;
        const char *start = p++;
        if (*p == '%') continue;
        scanf_conversion c = {0};
        if (*p == '*') {
            c.suppressed = 1;
            p++;
        }
        while (isdigit((unsigned char)*p)) c.width = c.width * 10 + (*p++ - '0');
        int len = LEN_NONE;
        if (p[0] == 'h' && p[1] == 'h') {
            len = LEN_HH;
            p += 2;
        } else if (*p == 'h') {
            len = LEN_H;
            p++;
        } else if (p[0] == 'l' && p[1] == 'l') {
            len = LEN_LL;
            p += 2;
        } else if (*p == 'l' || *p == 'j' || *p == 'z' || *p == 't' || *p == 'q') {
            len = LEN_L;
            p++;
        } else if (*p == 'L') {
            len = LEN_BIG_L;
            p++;
        }
        if (*p == '\0') {
            snprintf(err, errlen, "the format \"%s\" ends inside a conversion", format);
            return -1;
        }
        int written = (int)(p - start + 1);
        snprintf(c.spec, sizeof c.spec, "%.*s", written < 7 ? written : 7, start);
        switch (*p) {
        case 'd':
        case 'i':
            c.kind = int_kind(len, 1);
            break;
        case 'u':
        case 'x':
        case 'X':
        case 'o':
            c.kind = int_kind(len, 0);
            break;
        case 'f':
        case 'e':
        case 'g':
        case 'a':
        case 'E':
        case 'G':
        case 'F':
        case 'A':
            if (len == LEN_BIG_L) {
                snprintf(err, errlen, "%s (long double) is not supported", c.spec);
                return -1;
            }
            c.kind = len == LEN_NONE ? FSABI_KIND_F32 : FSABI_KIND_F64;
            break;
        case 'c':
            if (c.width > 1) {
                snprintf(err, errlen, "%s reads %d characters at once; only %%c is supported", c.spec,
                         c.width);
                return -1;
            }
            c.kind = FSABI_KIND_CHAR;
            break;
        case 's':
            c.kind = FSABI_KIND_TEXT;
            break;
        case '[':
            p++;
            if (*p == '^') p++;
            if (*p == ']') p++;
            while (*p && *p != ']') p++;
            if (!*p) {
                snprintf(err, errlen, "the format \"%s\" has an unterminated %%[", format);
                return -1;
            }
            c.kind = FSABI_KIND_TEXT;
            break;
        default:
            snprintf(err, errlen,
                     "%s cannot be replaced by a draw (supported: %%d %%i %%u %%x %%o "
                     "%%f %%e %%g %%c %%s %%[ with h, hh, l, ll)",
                     c.spec);
            return -1;
        }
        if (n == max) {
            snprintf(err, errlen, "the format \"%s\" has more than %d conversions", format, max);
            return -1;
        }
        out[n++] = c;
    }
    return n;
}

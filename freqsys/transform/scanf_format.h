/* freqsys/transform/scanf_format.h: the conversions of a scanf format string. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SCANF_FORMAT_H
#define FREQSYS_SCANF_FORMAT_H

#include <stddef.h>

typedef struct scanf_conversion {
    int kind;       /* fsabi_kind of the destination */
    int suppressed; /* %*d: read, but assigned to nothing */
    int width;      /* maximum field width, 0 when not given */
    char spec[8];   /* as written, e.g. "%lf", for messages */
} scanf_conversion;

/* Parses FORMAT into at most MAX conversions. Returns how many there are, or -1 with
 * a message in ERR for a conversion that cannot be replaced by a draw (%n, %p, %Lf,
 * %5c, an unterminated %[). Literal text and %% are skipped: draws consume no text. */
int scanf_format_parse(const char *format, scanf_conversion *out, int max, char *err, size_t errlen);

#endif

/* freqsys/spec/diagnostic.c: compiler-style error messages with the line and a caret. */
/* SPDX-License-Identifier: MIT */
#include "diagnostic.h"

#include <stdio.h>

int diagnostic_format(char *buf, size_t size, const char *file, int line, int column, const char *text,
                      const char *message) {
    /* The gutter is as wide as the line number, at least 4, like clang's. */
    char num[24];
    int width = snprintf(num, sizeof num, "%d", line);
    if (width < 4) width = 4;
    if (column < 1) column = 1;
    return snprintf(buf, size, "%s:%d:%d: error: %s\n %*d | %s\n %*s | %*s^", file, line, column, message,
                    width, line, text ? text : "", width, "", column - 1, "");
}

/* freqsys/report/html_escape.c: text made safe inside HTML, for the report's and the plan's pages. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

void report_html_escape(const char *s, FILE *out) {
    for (; s && *s; s++) switch (*s) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&#39;", out);
            break;
        default:
            fputc(*s, out);
        }
}

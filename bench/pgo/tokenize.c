/* bench/pgo/tokenize.c: a C-like tokenizer: counts identifiers, keywords, numbers, strings, comments and operators. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#define MAX_TEXT 262144

static char text[MAX_TEXT + 1];
static const char *const keywords[] = {"if", "int", "for", "do", "else", "while", "char", "return"};
static unsigned long counts[8];   /* identifiers, keywords, numbers, strings, comments, operators, lines, errors */

static int is_ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* Whether the identifier S[0..len) is a keyword. */
int keyword(const char *s, size_t len)
{
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
        if (strlen(keywords[k]) == len && memcmp(keywords[k], s, len) == 0)
            return 1;
    return 0;
}

unsigned long tokenize(const char *p, const char *end)
{
    unsigned long hash = 5381;
    while (p < end) {
        int c = (unsigned char)*p;
        if (c == ' ' || c == '\t') {
            p++;
        } else if (is_ident_start(c)) {
            const char *start = p;
            while (p < end && (is_ident_start((unsigned char)*p) || is_digit((unsigned char)*p))) {
                hash = hash * 33 + (unsigned char)*p;
                p++;
            }
            counts[keyword(start, (size_t)(p - start))]++;
        } else if (c == '\n') {
            counts[6]++;
            p++;
        } else if (is_digit(c)) {
            while (p < end && (is_digit((unsigned char)*p) || *p == '.'))
                p++;
            counts[2]++;
        } else if (c == '"') {
            p++;
            while (p < end && *p != '"' && *p != '\n')
                p++;
            if (p < end && *p == '"')
                p++;
            counts[3]++;
        } else if (c == '/' && p + 1 < end && p[1] == '*') {
            p += 2;
            while (p + 1 < end && !(p[0] == '*' && p[1] == '/'))
                p++;
            p = p + 2 < end ? p + 2 : end;
            counts[4]++;
        } else if (strchr("+-*/=<>!&|;,(){}[]", c) && c != 0) {
            p++;
            if (p < end && *p == '=')
                p++;
            counts[5]++;
        } else {
            counts[7]++;
            p++;
        }
    }
    return hash;
}

int main(void)
{
    size_t n = fread(text, 1, MAX_TEXT, stdin);
    unsigned long h = 0;
    for (int pass = 0; pass < 32; pass++)
        h += tokenize(text, text + n);
    printf("%lu", h);
    for (int k = 0; k < 8; k++)
        printf(" %lu", counts[k]);
    printf("\n");
    return 0;
}

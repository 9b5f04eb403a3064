/* examples/nmea/nmea.c: a small NMEA-like sentence parser, the worked example of drawn strings. */
/* SPDX-License-Identifier: MIT */

/* A sentence is "$GP" TYPE "," DIGITS ["*"]: TYPE RMC or GGA, the digits a number.
 * Returns 1000 * kind + the number, or a negative code saying where it was refused. */
int parse_sentence(const char *s)
{
    if (s[0] != '$')
        return -1;                          /* not a sentence at all */
    if (s[1] != 'G' || s[2] != 'P')
        return -2;                          /* another talker */
    int kind;
    if (s[3] == 'R' && s[4] == 'M' && s[5] == 'C')
        kind = 1;                           /* recommended minimum */
    else if (s[3] == 'G' && s[4] == 'G' && s[5] == 'A')
        kind = 2;                           /* fix data */
    else
        return -3;                          /* a type this parser does not know */
    if (s[6] != ',')
        return -4;
    int value = 0, digits = 0;
    for (const char *p = s + 7; *p >= '0' && *p <= '9'; p++) {
        value = value * 10 + (*p - '0');    /* one pass per digit */
        digits++;
    }
    if (digits == 0)
        return -5;                          /* an empty field */
    return kind * 1000 + value;
}

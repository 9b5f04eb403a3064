/* tests/plan/programs/textlog.c: firmware that includes the C library's headers: a log line per ADC reading. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static char line[48];
static unsigned lines_written;

/* Writes the decimal digits of VALUE at OUT; returns how many. Kept a function of its own. */
__attribute__((noinline)) static size_t decimal(char *out, unsigned value) {
    char tmp[12];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    for (size_t i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
    return n;
}

/* "adc=VALUE" into the line buffer, then the digits it holds; EOF when it is empty. */
int log_reading(unsigned value) {
    static const char prefix[] = "adc=";
    memcpy(line, prefix, sizeof prefix - 1);
    size_t n = sizeof prefix - 1 + decimal(line + sizeof prefix - 1, value);
    line[n] = '\0';
    int digits = 0;
    for (size_t i = 0; i < strlen(line); i++)
        if (isdigit((unsigned char)line[i])) digits++;
    lines_written++;
    return digits ? digits : EOF;
}

/* bench/real/roman/oracle.c: roman called on strings drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int roman(const char *s);

static void one_run(void) {
    char s[13];
    oracle_string(s, oracle_uniform_int(1, 12), "IIIVVXXLCDMiIVXLCDMI");
    roman(s);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }

/* bench/real/numlex/oracle.c: lex_numbers called on strings drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int lex_numbers(const char *s);

static void one_run(void) {
    char s[25];
    oracle_string(s, oracle_uniform_int(0, 24), "0123456789 .e-+");
    lex_numbers(s);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }

/* bench/real/sentences/oracle.c: longest_sentence called on texts drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int longest_sentence(const char *text);

static void one_run(void) {
    char s[61];
    oracle_string(s, oracle_uniform_int(0, 60), "abcde  Ab'.,9!?");
    longest_sentence(s);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }

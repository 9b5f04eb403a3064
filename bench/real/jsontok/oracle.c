/* bench/real/jsontok/oracle.c: json_tokens called on strings drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int json_tokens(const char *s);

static void one_run(void) {
    char s[33];
    oracle_string(s, oracle_uniform_int(0, 32), "{}[]:,\" 0123456789-");
    json_tokens(s);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }

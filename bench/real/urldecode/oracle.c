/* bench/real/urldecode/oracle.c: url_decode called on strings drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int url_decode(const char *in);

static void one_run(void) {
    char s[41];
    oracle_string(s, oracle_uniform_int(0, 40), "ab+%%%2F0x");
    url_decode(s);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }

#!/usr/bin/env bash
# bench/gen_blocks.sh: writes a C program of NFUNCS ten-block functions, one of them run per trial, and its spec.
# SPDX-License-Identifier: MIT
#
# usage: bench/gen_blocks.sh NFUNCS DIR
#
# Writes DIR/blocks.c and DIR/blocks.fspec. Each function f_K runs the same loop
# (ten basic blocks at -O0: entry, the loop's condition, body and increment, two
# if/else diamonds' arms and joins, and the exit); main reads a function number k
# and an iteration count n, and calls table[k % NFUNCS](n) through a constant table
# of pointers, so main stays a handful of blocks whatever NFUNCS is. Every program
# this writes draws the same inputs and does the same work per trial: only the
# number of blocks differs (10 * NFUNCS + main's).
set -euo pipefail

if [ $# -ne 2 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: $0 NFUNCS DIR" >&2
    exit 2
fi
nfuncs=$1
dir=$2
mkdir -p "$dir"

awk -v n="$nfuncs" 'BEGIN {
    print "/* blocks.c: " n " functions of ten basic blocks; each trial runs one of them. */"
    print "#include <stdio.h>"
    print ""
    for (k = 0; k < n; k++) {
        # K makes every function different, so no pass can fold two into one.
        printf "static int f_%d(int n) {\n", k
        printf "    int s = %d;\n", k % 97
        printf "    for (int i = 0; i < n; i++) {\n"
        printf "        if ((i ^ %d) & 1)\n", k
        printf "            s += i;\n"
        printf "        else\n"
        printf "            s -= %d;\n", k % 7 + 1
        printf "        if (s > %d)\n", 60 + k % 50
        printf "            s -= 40;\n"
        printf "    }\n"
        printf "    return s;\n"
        printf "}\n\n"
    }
    printf "static int (*const table[%d])(int) = {\n", n
    for (k = 0; k < n; k++) printf "    f_%d,\n", k
    print "};"
    print ""
    print "int main(void) {"
    print "    int k, n;"
    print "    if (scanf(\"%d %d\", &k, &n) != 2)"
    print "        return 1;"
    printf "    return table[k %% %d](n) & 1;\n", n
    print "}"
}' > "$dir/blocks.c"

# The inputs do not depend on NFUNCS: k is drawn from 0..499 for every program.
cat > "$dir/blocks.fspec" <<EOF
# blocks.fspec: $nfuncs generated functions of ten blocks, one run per trial.
program "blocks.c"
k ~ uniform_int(0, 499)
n ~ uniform_int(10, 30)
epsilon 0.01
confidence 0.95
seed 1
EOF

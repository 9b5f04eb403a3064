#!/usr/bin/env bash
# bench/accuracy/accuracy.sh: block-overlap D of freqsys's estimate and of LLVM's static estimate, against exact truths.
# SPDX-License-Identifier: MIT
#
# usage: bench/accuracy/accuracy.sh [-v] [BUILD_DIR]
#
# For each validation program of bench/coverage/programs (collatz coins grid bits
# rare), whose exact block frequencies coverage-bench --truth prints, computes the
# block-overlap metric of the CSSPGO paper (section IV.C),
#
#     D = sum over blocks of min(f_b / sum f, t_b / sum t),
#
# 1 when two profiles give every block the same share, for two estimates f:
#   freqsys   `freqsys run` with the program's spec (its epsilon and seed);
#   llvm      opt-19 -passes='print<block-freq>' on the same -O0 -disable-O0-optnone
#             IR the tool compiles, scaled per run: main's entry block is 1 per run
#             of main, which is LLVM's own scale for the entry function.
# -v also prints every block: truth, freqsys, llvm. BUILD_DIR defaults to build/ and
# must hold freqsys and tests/harness/coverage-bench (cmake --build BUILD_DIR).
set -euo pipefail

verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
tool=$build/freqsys
bench=$build/tests/harness/coverage-bench
for f in "$tool" "$bench"; do
    [ -x "$f" ] || { echo "accuracy.sh: $f is missing; build $build first" >&2; exit 2; }
done
work=$(mktemp -d /tmp/freqsys-accuracy-XXXXXX)
trap 'rm -rf "$work"' EXIT

printf '%-9s %6s %10s %10s %12s\n' program blocks D_freqsys D_llvm trials
for p in collatz coins grid bits rare; do
    src=$root/bench/coverage/programs/$p.c
    "$bench" --truth "$p" > "$work/$p.truth"
    (cd "$root" && "$tool" run "bench/coverage/programs/$p.fspec" -q -j 2 -o "$work/$p.json") || true
    "$tool" report "$work/$p.json" --format csv -o "$work/$p.csv"
    trials=$(sed -n 's/^  "trials": \([0-9]*\),$/\1/p' "$work/$p.json")
    clang-19 -O0 -g -fPIC -fno-discard-value-names -Xclang -disable-O0-optnone -emit-llvm -S \
        "$src" -o "$work/$p.ll"
    opt-19 -passes='print<block-freq>' -disable-output "$work/$p.ll" 2> "$work/$p.bfi"
    # Join on the block label (every program is main alone): truth, freqsys, llvm.
    awk -v verbose=$verbose -v name="$p" -v trials="$trials" '
        FILENAME ~ /truth$/ { order[++n] = $1; t[$1] = $2; next }
        FILENAME ~ /csv$/   { if (FNR > 1) { split($0, c, ","); if (c[1] == "main") f[c[2]] = c[5] } next }
        /^block-frequency-info: / { inmain = ($2 == "main"); next }
        inmain && /^ - / {
            label = $2; sub(/:$/, "", label)
            v = $0; sub(/.*float = /, "", v); sub(/,.*/, "", v); l[label] = v + 0
        }
        END {
            for (i = 1; i <= n; i++) { b = order[i]; st += t[b]; sf += f[b]; sl += l[b] }
            for (i = 1; i <= n; i++) {
                b = order[i]
                df += (f[b] / sf < t[b] / st) ? f[b] / sf : t[b] / st
                dl += (l[b] / sl < t[b] / st) ? l[b] / sl : t[b] / st
                if (verbose) printf "  %-11s truth %10.5f  freqsys %10.5f  llvm %10.5f\n", b, t[b], f[b], l[b]
            }
            printf "%-9s %6d %10.4f %10.4f %12s\n", name, n, df, dl, trials
        }' "$work/$p.truth" "$work/$p.csv" "$work/$p.bfi"
done

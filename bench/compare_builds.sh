#!/usr/bin/env bash
# bench/compare_builds.sh: trials/s of two freqsys executables on the same cases, taken in turn, with the ratio new/old.
# SPDX-License-Identifier: MIT
#
# usage: bench/compare_builds.sh OLD_FREQSYS NEW_FREQSYS [ROUNDS]
#
# For a change that should not cost speed: OLD is a build from before it (copy
# build/freqsys aside first; an executable that needs a runtime library takes the
# one beside it), NEW one from after. Cases, all -j 1: Newton in program mode
# (examples/newton/newton.fspec -e 0.0002 -n 10000000) and the 5,004-block program
# (bench/gen_blocks.sh 500, -e 1e-9 -n 6000000), as in bench/run. Each round runs
# OLD then NEW on a case, so a busy moment of the machine touches both alike;
# every run is printed, and the medians of ROUNDS (default 3) with their ratio.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OLD_FREQSYS NEW_FREQSYS [ROUNDS]" >&2; exit 2; }
old=$1 new=$2 rounds=${3:-3}
for f in "$old" "$new"; do [ -x "$f" ] || { echo "$0: $f is not an executable" >&2; exit 2; }; done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/freqsys-compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$root/bench/gen_blocks.sh" 500 "$tmp/large" >/dev/null

rate() {   # rate FREQSYS ARGS...: the trials/s of one run
    local tool=$1; shift
    local rc=0
    "$tool" run "$@" -j 1 -q -o "$tmp/out.json" 2>"$tmp/err.txt" || rc=$?
    if [ "$rc" -gt 1 ]; then cat "$tmp/err.txt" >&2; exit 2; fi
    grep -o '"trials_per_s": *[-0-9.eE+]*' "$tmp/out.json" | head -n 1 | sed 's/.*: *//'
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "old: $old"
echo "new: $new"
read -r load _ < /proc/loadavg
echo "load average: $load"
compare() {
    local name=$1; shift
    local -a a=() b=()
    echo "$name"
    for ((k = 1; k <= rounds; k++)); do
        a+=("$(rate "$old" "$@")")
        b+=("$(rate "$new" "$@")")
        printf '  round %d: old %.0f, new %.0f trials/s\n' "$k" "${a[-1]}" "${b[-1]}"
    done
    local ma mb
    ma=$(median "${a[@]}") mb=$(median "${b[@]}")
    printf '  medians: old %.0f, new %.0f trials/s: new/old %.3f\n' "$ma" "$mb" "$(awk -v x="$mb" -v y="$ma" 'BEGIN { print x / y }')"
}
compare "newton (program mode), -n 10000000" "$root/examples/newton/newton.fspec" -e 0.0002 -n 10000000
compare "5,004 blocks (bench/gen_blocks.sh 500), -n 6000000" "$tmp/large/blocks.fspec" -e 1e-9 -n 6000000

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
# (bench/gen_blocks.sh 500, -e 1e-9 -n 6000000 --sampling plain: its inputs are
# finite, and would otherwise be enumerated in 10,500 runs). Each round runs
# OLD then NEW on a case, so a busy moment of the machine touches both alike;
# every run is printed, and the medians of ROUNDS (default 3) with their ratio, in
# trials per second of the run (as the result reports them) and per CPU second.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OLD_FREQSYS NEW_FREQSYS [ROUNDS]" >&2; exit 2; }
old=$1 new=$2 rounds=${3:-3}
for f in "$old" "$new"; do [ -x "$f" ] || { echo "$0: $f is not an executable" >&2; exit 2; }; done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/freqsys-compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$root/bench/gen_blocks.sh" 500 "$tmp/large" >/dev/null

# rate FREQSYS ARGS...: "TRIALS_PER_S TRIALS_PER_CPU_S" of one run. The second is the
# trials over the CPU time of the whole command (freqsys, its worker and the compiler
# it runs to build the program, a second or so of the run): on a machine shared with
# other work, CPU time moves far less than wall time.
rate() {
    local tool=$1; shift
    local rc=0 TIMEFORMAT='%U %S'
    { time "$tool" run "$@" -j 1 -q -o "$tmp/out.json" 2>"$tmp/err.txt" || rc=$?; } 2> "$tmp/time.txt"
    if [ "$rc" -gt 1 ]; then cat "$tmp/err.txt" >&2; exit 2; fi
    local per_s trials
    per_s=$(grep -o '"trials_per_s": *[-0-9.eE+]*' "$tmp/out.json" | head -n 1 | sed 's/.*: *//')
    trials=$(grep -o '"trials": *[0-9]*' "$tmp/out.json" | head -n 1 | sed 's/.*: *//')
    read -r user sys < "$tmp/time.txt"
    echo "$per_s $(awk -v n="$trials" -v u="$user" -v s="$sys" 'BEGIN { print n / (u + s) }')"
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v x="$1" -v y="$2" 'BEGIN { printf "%.3f", x / y }'; }

echo "old: $old"
echo "new: $new"
read -r load _ < /proc/loadavg
echo "load average: $load"
compare() {
    local name=$1; shift
    local -a a=() b=() ac=() bc=()
    local ra rb
    echo "$name"
    for ((k = 1; k <= rounds; k++)); do
        read -r ra rac < <(rate "$old" "$@")
        read -r rb rbc < <(rate "$new" "$@")
        a+=("$ra") b+=("$rb") ac+=("$rac") bc+=("$rbc")
        printf '  round %d: old %.0f, new %.0f trials/s; per CPU second: old %.0f, new %.0f\n' "$k" "$ra" "$rb" "$rac" "$rbc"
    done
    local ma mb mac mbc
    ma=$(median "${a[@]}") mb=$(median "${b[@]}") mac=$(median "${ac[@]}") mbc=$(median "${bc[@]}")
    printf '  medians: old %.0f, new %.0f trials/s: new/old %s\n' "$ma" "$mb" "$(ratio "$mb" "$ma")"
    printf '           old %.0f, new %.0f trials per CPU second: new/old %s\n' "$mac" "$mbc" "$(ratio "$mbc" "$mac")"
}
compare "newton (program mode), -n 10000000" "$root/examples/newton/newton.fspec" -e 0.0002 -n 10000000
compare "5,004 blocks (bench/gen_blocks.sh 500), -n 6000000 --sampling plain" "$tmp/large/blocks.fspec" -e 1e-9 -n 6000000 --sampling plain

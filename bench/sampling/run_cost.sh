#!/usr/bin/env bash
# bench/sampling/run_cost.sh: the cost of one program run under each sampling method, against plain sampling's.
# SPDX-License-Identifier: MIT
#
# usage: bench/sampling/run_cost.sh [RUNS [ROUNDS]]   (RUNS program runs a method, default
#   4,000,000; ROUNDS, default 3, the least time of each is taken: the machine is shared)
# environment: FREQSYS, the freqsys to time (default build/freqsys, built first)
#
# For Newton and the three smooth programs of bench/sampling, each method makes RUNS
# program runs with one job (-n trials of its replicate size, an epsilon no run
# reaches), and the time the run reports (elapsed_s, without the build) is divided
# by the runs. A replicate method pays for its points and for counting each run into
# its replicate; the ratio says what that costs against plain sampling's own run,
# measured in the same rounds. The variance each method saves is bench/sampling/run's.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-4000000}
rounds=${2:-3}
freqsys=${FREQSYS:-build/freqsys}
[ -n "${FREQSYS:-}" ] || make --no-print-directory build >/dev/null
out=$(mktemp -d "${TMPDIR:-/tmp}/run-cost-XXXXXX")
trap 'rm -rf "$out"' EXIT

methods="plain:1 antithetic:2 stratified:8 qmc:16"
printf '%-44s %-11s %10s %8s\n' program method "ns a run" "x plain"
for spec in examples/newton/newton.fspec bench/sampling/exponential_loop.fspec bench/sampling/grid.fspec \
    bench/sampling/smooth_branch.fspec; do
    declare -A best=()
    for ((r = 0; r < rounds; r++)); do
        for m in $methods; do
            name=${m%%:*} size=${m##*:}
            # exit 1 is expected (no run reaches that epsilon); a run with no result is not
            rm -f "$out/r.json"
            "$freqsys" run "$spec" -q -j 1 -s 1 -n $((runs / size)) -e 0.0000000001 --sampling "$name" \
                -o "$out/r.json" >"$out/log" 2>&1 || true
            [ -s "$out/r.json" ] || { echo "run_cost: $spec under $name wrote no result:" >&2; cat "$out/log" >&2; exit 1; }
            ns=$(jq -r '(.elapsed_s / .runs) * 1e9' "$out/r.json")
            if [ -z "${best[$name]:-}" ] || awk -v a="$ns" -v b="${best[$name]}" 'BEGIN { exit !(a < b) }'; then
                best[$name]=$ns
            fi
        done
    done
    for m in $methods; do
        name=${m%%:*}
        awk -v p="$spec" -v n="$name" -v t="${best[$name]}" -v b="${best[plain]}" \
            'BEGIN { printf "%-44s %-11s %10.1f %8.2f\n", p, n, t, t / b }'
    done
    unset best
done

#!/usr/bin/env bash
# bench/coverage/coverage.sh: measured coverage and trials against the oracle n*, for each method and guarantee.
# SPDX-License-Identifier: MIT
#
# usage: bench/coverage/coverage.sh [-R RUNS] [BUILD_DIR]
#
# Runs tests/harness/coverage-bench (built with the tests) on the validation programs
# of bench/coverage/programs in four settings: per block with the default (clt)
# method, --simultaneous (Bonferroni), --method anytime, and both. Each table gives,
# per block, the exact truth, the method the rule used, the share of RUNS runs within
# epsilon of the truth with its 95% Clopper-Pearson interval, the mean trials at
# which the block first settled, the oracle n* = (u sigma / epsilon)^2 (u for the
# block's own confidence), their ratio, and (u'/u)^2: the cost of the Berry-Esseen
# widening at n* under the true moments. RUNS defaults to 1000. Last, quantiles-bench:
# each block's 0.5, 0.9 and 0.99 quantiles, the share of runs whose interval held
# the exact quantile.
set -euo pipefail

runs=1000
if [ "${1:-}" = "-R" ]; then runs=$2; shift 2; fi
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=${1:-$root/build}/tests/harness/coverage-bench
[ -x "$bench" ] || { echo "coverage.sh: $bench is missing; build first" >&2; exit 2; }

echo "== per block, clt (the default)"
"$bench" -R "$runs"
echo
echo "== --simultaneous (Bonferroni), clt"
"$bench" -R "$runs" --simultaneous
echo
echo "== per block, --method anytime"
"$bench" -R "$runs" --method anytime
echo
echo "== --simultaneous, --method anytime"
"$bench" -R "$runs" --simultaneous --method anytime
echo
echo "== quantiles (0.5, 0.9, 0.99 of every block), the run's own check"
"${bench%/coverage-bench}/quantiles-bench" -R "$runs"

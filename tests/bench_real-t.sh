#!/bin/sh
# tests/bench_real-t.sh: bench/real/run on its programs: every tick within the estimate's interval (as the confidence allows), the fully proven programs settled.
# SPDX-License-Identifier: MIT
set -u
build=$1
here=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp "${TMPDIR:-/tmp}/freqsys-bench-real.XXXXXX")
trap 'rm -f "$out"' EXIT
echo "1..5"
# fewer oracle runs than the benchmark's default: the miss test widens by the oracle's own error
if RUNS=20000 "$here/bench/real/run" "$build" > "$out" 2>/dev/null; then
    echo "ok 1 - every tick matched to one block, misses within what the confidence allows"
else
    echo "not ok 1 - every tick matched to one block, misses within what the confidence allows"
    sed 's/^/# /' "$out"
fi
programs=$(ls -d "$here"/bench/real/*/ | wc -l)
rows=$(awk 'NF == 11 && ($2 == "program" || $2 == "function")' "$out" | wc -l)
if [ "$rows" -eq "$programs" ]; then
    echo "ok 2 - one row for each of the $programs programs"
else
    echo "not ok 2 - one row for each of the $programs programs (got $rows)"
fi
# these have every loop bounded by a proof (or every input enumerated): they settle
# without a cap; quicksort has loops no rule reaches
proven="backoff base64 bsearch bubble crc32 fletcher gcd horner isort jsontok keyval lz77 matmul nmea numlex rle roman sentences sieve stackvm tone urldecode utf8"
settled=0
for name in $proven; do
    settled=$((settled + $(awk -v p="$name" '$1 == p && NF == 11 && $5 == "0"' "$out" | wc -l)))
done
if [ "$settled" -eq 23 ]; then
    echo "ok 3 - the 23 programs every loop of which is proven bounded exit 0"
else
    echo "not ok 3 - the 23 programs every loop of which is proven bounded exit 0 (got $settled)"
fi
# a run that exits 1 names the blocks it could not bound; one that exits 0 has none open
bad=0
for name in $(awk 'NF == 11 && ($2 == "program" || $2 == "function") { print $1 ":" $5 }' "$out"); do
    program=${name%:*} status=${name#*:}
    listed=$(grep -c "^  $program: " "$out")
    if [ "$status" = 0 ] && [ "$listed" -ne 0 ]; then bad=1; fi
    if [ "$status" = 1 ] && [ "$listed" -ne 1 ]; then bad=1; fi
done
if [ "$bad" -eq 0 ]; then
    echo "ok 4 - open blocks listed exactly for the runs that exit 1"
else
    echo "not ok 4 - open blocks listed exactly for the runs that exit 1"
fi
# no program needs a cap line: the benchmark measures the verdicts without one
if grep -l '^[[:space:]]*cap[[:space:]]' "$here"/bench/real/*/*.fspec >/dev/null 2>&1; then
    echo "not ok 5 - no spec of bench/real has a cap line"
else
    echo "ok 5 - no spec of bench/real has a cap line"
fi

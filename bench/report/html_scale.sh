#!/usr/bin/env bash
# bench/report/html_scale.sh: the html page's time, size and memory at two program sizes, against a baseline build.
# SPDX-License-Identifier: MIT
#
# usage: bench/report/html_scale.sh [SMALL LARGE]   (functions of ten blocks each,
#   default 900 and 3500: about 9,000 and 35,000 blocks)
# environment: FREQSYS, the freqsys to measure (default build/freqsys, built first);
#   BASE, a second build to measure the same way (another checkout's), for the ratio
#
# bench/gen_blocks.sh writes each program; a run of 200 trials gives its result,
# and `report --format html` of that result is timed (wall seconds, peak resident
# memory, the page's bytes). The last lines say how each grows from the small to the
# large program, against the blocks' growth: a page that grows no faster than the
# blocks has a growth at most the blocks'.
set -euo pipefail
cd "$(dirname "$0")/../.."
small=${1:-900}
large=${2:-3500}
freqsys=${FREQSYS:-build/freqsys}
[ -n "${FREQSYS:-}" ] || make --no-print-directory build >/dev/null
builds=("$freqsys")
[ -n "${BASE:-}" ] && builds+=("$BASE")
work=$(mktemp -d "${TMPDIR:-/tmp}/html-scale-XXXXXX")
trap 'rm -rf "$work"' EXIT

declare -A secs=() bytes=() peak=() nblocks=()
for n in "$small" "$large"; do
    bench/gen_blocks.sh "$n" "$work/p$n"
    (cd "$work/p$n" && "$OLDPWD/$freqsys" run blocks.fspec -q -n 200 -o r.json) || true
    nblocks[$n]=$(grep -c '"block":' "$work/p$n/r.json")
    for b in "${builds[@]}"; do
        exe=$(cd "$(dirname "$b")" && pwd)/$(basename "$b")
        /usr/bin/time -f '%e %M' -o "$work/time" "$exe" report "$work/p$n/r.json" --format html \
            -o "$work/p$n/page.html" 2>/dev/null
        read -r s m <"$work/time"
        secs[$b,$n]=$s peak[$b,$n]=$m bytes[$b,$n]=$(stat -c %s "$work/p$n/page.html")
    done
done
printf '%-28s %8s %10s %10s %12s\n' build blocks seconds "MB page" "MB peak"
for b in "${builds[@]}"; do
    for n in "$small" "$large"; do
        awk -v b="$b" -v n="${nblocks[$n]}" -v s="${secs[$b,$n]}" -v p="${bytes[$b,$n]}" -v m="${peak[$b,$n]}" \
            'BEGIN { printf "%-28s %8s %10s %10.1f %12.1f\n", b, n, s, p / 1e6, m / 1e3 }'
    done
done
grow() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "blocks grow $(grow "${nblocks[$large]}" "${nblocks[$small]}")x from the small program to the large"
for b in "${builds[@]}"; do
    echo "$b: time $(grow "${secs[$b,$large]}" "${secs[$b,$small]}")x, page $(grow "${bytes[$b,$large]}" "${bytes[$b,$small]}")x, peak memory $(grow "${peak[$b,$large]}" "${peak[$b,$small]}")x"
done
if [ -n "${BASE:-}" ]; then
    echo "large program, this build against the baseline: time $(grow "${secs[$freqsys,$large]}" "${secs[$BASE,$large]}")x, page $(grow "${bytes[$freqsys,$large]}" "${bytes[$BASE,$large]}")x"
fi

#!/usr/bin/env bash
# bench/same_results.sh: checks that two builds give the same result JSON on every example and bench spec.
#
#   bench/same_results.sh OLD_FREQSYS NEW_FREQSYS [SPEC...]
#
# A change meant to move code, not behaviour (a restructure), must leave every
# result as it was. Each spec runs under both builds with the same seed and budget
# (`-s 1 -n TRIALS`, TRIALS default 3000); the JSON is compared after taking out
# what measures the machine rather than the program (seconds, rates, a measured
# time limit). Exit 0 when every spec gives the same JSON and exit code.
set -uo pipefail

if [ $# -lt 2 ]; then
    echo "usage: $0 OLD_FREQSYS NEW_FREQSYS [SPEC...]" >&2
    exit 2
fi
old=$1
new=$2
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
trials=${TRIALS:-3000}
command -v jq >/dev/null || { echo "$0: needs jq (apt-get install jq)" >&2; exit 2; }
for b in "$old" "$new"; do
    [ -x "$b" ] || { echo "$0: $b is not an executable" >&2; exit 2; }
done

if [ $# -gt 0 ]; then
    specs=("$@")
else
    mapfile -t specs < <(cd "$here" && find examples bench -name '*.fspec' | sort)
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/same_results.XXXXXX")
trap 'rm -rf "$work"' EXIT

# What varies from one run to the next on the same seed: time, rate, the machine, and a
# trial's time limit where the run measured it (timeout_calibrated).
strip='(if .timeout_calibrated == true then del(.timeout_s) else . end)
       | del(.. | .elapsed_s?, .trials_per_s?, .seconds?, .started?, .finished?, .timestamp?,
             .wall_s?, .cpu_s?, .build_s?, .host?, .freqsys?, .command?, .rate?, .eta_s?)'

differ=0
for spec in "${specs[@]}"; do
    path=$spec
    [ -f "$path" ] || path=$here/$spec
    name=$(echo "$spec" | tr '/' '_')
    for side in old new; do
        bin=$old
        [ $side = new ] && bin=$new
        (cd "$here" && "$bin" run "$path" -q -s 1 -j 2 -n "$trials" -o "$work/$name.$side.json" \
            >/dev/null 2>"$work/$name.$side.err")
        echo $? >"$work/$name.$side.rc"
        if [ -s "$work/$name.$side.json" ]; then
            jq -S "$strip" "$work/$name.$side.json" >"$work/$name.$side.norm" 2>/dev/null ||
                cp "$work/$name.$side.json" "$work/$name.$side.norm"
        else
            : >"$work/$name.$side.norm"
        fi
    done
    rc_old=$(cat "$work/$name.old.rc")
    rc_new=$(cat "$work/$name.new.rc")
    if [ "$rc_old" != "$rc_new" ] || ! cmp -s "$work/$name.old.norm" "$work/$name.new.norm"; then
        echo "DIFFERS  $spec (exit $rc_old / $rc_new)"
        diff "$work/$name.old.norm" "$work/$name.new.norm" | head -8
        differ=$((differ + 1))
    else
        echo "same     $spec (exit $rc_new, $(jq -r '.trials // "no result"' "$work/$name.new.json" 2>/dev/null) trials)"
    fi
done
echo "${#specs[@]} specs, $differ differ"
[ $differ -eq 0 ]

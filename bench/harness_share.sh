#!/usr/bin/env bash
# bench/harness_share.sh: the worker's own share of a trial (collecting counts) at three program sizes, for two builds.
# SPDX-License-Identifier: MIT
#
# usage: [ROUNDS=R] bench/harness_share.sh [OLD_FREQSYS] NEW_FREQSYS
#
# Writes three programs shaped like an interpreter (a dispatch function of NCASES
# cases of about four blocks each, an eighth of which call one of NFUNCS ten-block
# functions): about 1,000, 9,000 and 35,000 blocks, the sizes of a small program,
# of Lua and of SQLite. A trial runs 10 to 30 cases from a random start, ROUNDS
# times over (default 40, as a script's loop runs its statements again), so it
# runs a hundred or so distinct blocks however big the program is, each about
# ROUNDS times; ROUNDS=1 is the harshest case for the harness, whose cost follows
# the distinct blocks a trial ran, where the program's follows the executions.
# For each size and build it runs `freqsys run -j 1 --sampling plain` for a fixed
# number of trials under `perf record` (when perf can run here) and prints trials
# per second and, of the worker's samples, the share in the harness's own code
# (collecting the counters, counting them into the chunk's histograms, sending
# them), in the kernel, and in the program (module.so: the blocks and the
# runtime), and the new/old ratio of trials per second. Last, the new build at
# 35,000 blocks with -j 1 and -j 2. Every figure is one run; the script prints the
# load average before and after.
set -euo pipefail

case $# in
    1) old="" new=$1 ;;
    2) old=$1 new=$2 ;;
    *) echo "usage: $0 [OLD_FREQSYS] NEW_FREQSYS" >&2; exit 2 ;;
esac
for f in $old "$new"; do [ -x "$f" ] || { echo "$0: $f is not an executable" >&2; exit 2; }; done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/freqsys-share.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

rounds=${ROUNDS:-40}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "$0: ROUNDS must be a positive integer" >&2; exit 2; }

# gen NCASES NFUNCS DIR: DIR/interp.c and DIR/interp.fspec.
gen() {
    local nc=$1 nf=$2 dir=$3
    mkdir -p "$dir"
    awk -v nc="$nc" -v n="$nf" -v rounds="$rounds" 'BEGIN {
        print "/* interp.c: a dispatch function of " nc " cases and " n " ten-block functions. */"
        print "#include <stdio.h>\n"
        for (k = 0; k < n; k++) {
            printf "static int f_%d(int n) {\n    int s = %d;\n    for (int i = 0; i < n; i++) {\n", k, k % 97
            printf "        if ((i ^ %d) & 1)\n            s += i;\n        else\n            s -= %d;\n", k, k % 7 + 1
            printf "        if (s > %d)\n            s -= 40;\n    }\n    return s;\n}\n\n", 60 + k % 50
        }
        printf "static int (*const table[%d])(int) = {\n", n
        for (k = 0; k < n; k++) printf "    f_%d,\n", k
        print "};\n\nstatic int step(int op, int s) {\n    switch (op) {"
        for (j = 0; j < nc; j++) {
            if (j % 8 == 0)
                printf "    case %d:\n        s += table[%d](3);\n        break;\n", j, (j / 8) % n
            else
                printf "    case %d:\n        if ((s ^ %d) & 1)\n            s += %d;\n        else\n            s -= %d;\n        break;\n", j, j, j % 13 + 1, j % 11 + 1
        }
        print "    }\n    return s;\n}\n"
        print "int main(void) {\n    int k, n, s = 0;\n    if (scanf(\"%d %d\", &k, &n) != 2)\n        return 1;"
        printf "    for (int r = 0; r < %d; r++)\n", rounds
        printf "        for (int i = 0; i < n; i++)\n            s = step((k * 31 + i * 7) %% %d, s);\n    return s & 1;\n}\n", nc
    }' > "$dir/interp.c"
    cat > "$dir/interp.fspec" <<EOF
# interp.fspec: a trial runs 10 to 30 of $nc cases.
program "interp.c"
k ~ uniform_int(0, $((nc - 1)))
n ~ uniform_int(10, 30)
epsilon 0.01
confidence 0.95
seed 1
EOF
}

have_perf=0
if command -v perf >/dev/null && perf record -q -o "$tmp/probe.data" -- true >/dev/null 2>&1; then have_perf=1; fi

# measure FREQSYS DIR TRIALS JOBS: prints "TRIALS_PER_S HARNESS KERNEL PROGRAM", the shares in
# percent of the worker's samples ("-" without perf): the worker's counting code,
# the kernel (the chunks' pipe writes, but also interrupts that land anywhere),
# module.so. The rest is the trial's setup (setjmp, the input draws). The worker is
# the freqsys process with the most samples in module.so.
measure() {
    local tool=$1 dir=$2 n=$3 jobs=$4 rc=0
    local -a run=("$tool" run "$dir/interp.fspec" -e 1e-9 -n "$n" --sampling plain -j "$jobs" -q -o "$dir/out.json")
    if [ "$have_perf" = 1 ]; then
        perf record -q -F 999 -o "$dir/perf.data" -- "${run[@]}" >/dev/null 2>"$dir/err.txt" || rc=$?
    else
        "${run[@]}" 2>"$dir/err.txt" || rc=$?
    fi
    if [ "$rc" -gt 1 ]; then cat "$dir/err.txt" >&2; exit 2; fi
    local per_s
    per_s=$(grep -o '"trials_per_s": *[-0-9.eE+]*' "$dir/out.json" | head -n 1 | sed 's/.*: *//')
    if [ "$have_perf" = 0 ]; then
        echo "$per_s - - -"
        return
    fi
    perf report -i "$dir/perf.data" --no-children --sort pid,dso,sym -t '|' 2>/dev/null | grep -v '^#' |
        awk -F'|' -v per_s="$per_s" '
        function trim(s) { gsub(/^ +| +$/, "", s); return s }
        NF >= 4 {
            p = trim($1); sub(/%/, "", p); pid = trim($2); dso = trim($3); sym = trim($4)
            if (pid !~ /:freqsys$/) next
            all[pid] += p
            if (dso ~ /module\.so/) prog[pid] += p
            else if (dso ~ /kernel/) kern[pid] += p
            else if (sym ~ /collect|count_|tally_|send_chunk|put_bin|flush|record|pattern_table|path_tallies|worker_loop|run_warm_trials|note_|wire_write/) own[pid] += p
        }
        END {
            best = ""
            for (q in prog) if (best == "" || prog[q] > prog[best]) best = q
            if (best == "" || all[best] == 0) { print per_s, "-", "-", "-"; exit }
            printf "%s %.1f %.1f %.1f\n", per_s, 100 * own[best] / all[best], 100 * kern[best] / all[best], 100 * prog[best] / all[best]
        }'
}

read -r load _ < /proc/loadavg
echo "load average at the start: $load; perf: $([ "$have_perf" = 1 ] && echo yes || echo "not available, shares not measured"); rounds: $rounds"
[ -n "$old" ] && echo "old: $old"
echo "new: $new"
printf '%-22s %-5s %12s %9s %9s %9s %9s\n' "program" "build" "trials/s" "harness" "kernel" "program" "new/old"
# name NCASES NFUNCS TRIALS (for one round: a few seconds a run)
for size in "1k 125 50 3000000" "9k 1100 450 1000000" "35k 4400 1750 1000000"; do
    read -r name nc nf n <<< "$size"
    n=$((n / rounds < 50000 ? 50000 : n / rounds))
    gen "$nc" "$nf" "$tmp/$name"
    blocks=$((4 * nc + 10 * nf))
    label="about $blocks blocks"
    old_rate=""
    if [ -n "$old" ]; then
        read -r old_rate own kern prog < <(measure "$old" "$tmp/$name" "$n" 1)
        printf '%-22s %-5s %12.0f %8s%% %8s%% %8s%% %9s\n' "$label" old "$old_rate" "$own" "$kern" "$prog" ""
    fi
    read -r rate own kern prog < <(measure "$new" "$tmp/$name" "$n" 1)
    ratio=$([ -n "$old_rate" ] && awk -v a="$rate" -v b="$old_rate" 'BEGIN { printf "%.2fx", a / b }' || echo -)
    printf '%-22s %-5s %12.0f %8s%% %8s%% %8s%% %9s\n' "$label" new "$rate" "$own" "$kern" "$prog" "$ratio"
done

n=$((3000000 / rounds < 100000 ? 100000 : 3000000 / rounds))
read -r one _ < <(measure "$new" "$tmp/35k" "$n" 1)
read -r two _ < <(measure "$new" "$tmp/35k" "$n" 2)
printf 'new build, about 35,000 blocks, %d trials: -j 1 %.0f, -j 2 %.0f trials/s: %s\n' "$n" "$one" "$two" \
    "$(awk -v a="$two" -v b="$one" 'BEGIN { printf "%.2fx", a / b }')"
read -r load _ < /proc/loadavg
echo "load average at the end: $load"

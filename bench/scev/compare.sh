#!/usr/bin/env bash
# bench/scev/compare.sh: the loops freqsys's rules bound against those LLVM's ScalarEvolution bounds.
#
#   bench/scev/compare.sh [SPEC...]          # default: every bench/real program
#   FREQSYS=path/to/freqsys DETAILS=1 bench/scev/compare.sh SPEC
#
# For each loop of the spec's sources (as clang -O0 writes it, the code freqsys
# proves), two opinions on how often it can iterate per entry:
#  - freqsys: `freqsys check --unbounded` lists the loops no rule bounds ("open"),
#    those inside an open loop ("nested": their own bound is not judged) and the
#    functions whose loops are not judged ("unjudged"); the other loops of the
#    functions a run counts are "proven".
#  - LLVM: `opt-19 -passes='print<scalar-evolution>'` on the sources at -O1 (no
#    inlining, so each loop stays in its function): a constant maximum of the
#    backedges ("constant", below the type's own limit), a maximum as an expression
#    of the arguments and outer loops' counters ("symbolic"), one that needs a
#    value loaded from memory ("memory", not counted as a bound), none ("none"),
#    or the loop is gone at -O1 (unrolled or computed in closed form:
#    "gone", a constant count in practice).
# A -O1 loop is matched to a -O0 loop when it is the innermost whose lines hold the
# -O0 header's line; loops are named by function and line (a loop in a header is
# listed under the source that includes it). SCEV's counts assume no undefined behaviour (signed overflow),
# which freqsys does not assume, so this compares reach, not soundness.
# Needs clang-19, opt-19 and jq; prints one line per loop with DETAILS=1, a summary
# per spec, and the totals.
set -uo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
freqsys=${FREQSYS:-$here/build/freqsys}
for tool in clang-19 opt-19 jq; do
    command -v $tool >/dev/null || { echo "$0: needs $tool" >&2; exit 2; }
done
[ -x "$freqsys" ] || { echo "$0: no $freqsys (make build, or FREQSYS=...)" >&2; exit 2; }

if [ $# -gt 0 ]; then
    specs=("$@")
else
    mapfile -t specs < <(ls "$here"/bench/real/*/*.fspec)
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/scev_compare.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

# Per block of a .ll file: "FUNCTION BLOCK LINE..." (the block's source lines, the
# first one first).
block_lines() {
    awk '
        NR == FNR {
            if (match($0, /^![0-9]+ = (distinct )?!DILocation\(line: [0-9]+/)) {
                id = substr($1, 2); s = substr($0, RSTART, RLENGTH); sub(/.*line: /, "", s); loc[id] = s
            }
            next
        }
        /^define / { fn = $0; sub(/^[^@]*@/, "", fn); sub(/\(.*/, "", fn); gsub(/"/, "", fn); block = ""; next }
        /^}/ { if (block != "") print fn, block, lines; fn = ""; block = ""; next }
        fn != "" && /^[A-Za-z$._0-9-]+:/ {
            if (block != "") print fn, block, lines
            block = $1; sub(/:.*/, "", block); lines = ""; next
        }
        fn != "" && /!dbg ![0-9]+/ {
            if (block == "") { block = "entry"; lines = "" }
            m = $0; sub(/.*!dbg !/, "", m); sub(/[^0-9].*/, "", m)
            if (m in loc && loc[m] > 0) lines = lines " " loc[m]
        }
    ' "$1" "$1"
}

# Per loop: "FUNCTION HEADER BLOCK..." from print<loops>.
loops_of() {
    opt-19 -disable-output -passes='print<loops>' "$1" 2>&1 | awk '
        /^Loop info for function / { fn = $0; sub(/^[^'\'']*'\''/, "", fn); sub(/'\''.*/, "", fn); next }
        /Loop at depth/ {
            s = $0; sub(/.*containing: /, "", s); n = split(s, parts, ",")
            out = ""; head = ""
            for (i = 1; i <= n; i++) {
                b = parts[i]; sub(/^%/, "", b)
                if (b ~ /<header>/) { head = b; sub(/<.*/, "", head) }
                sub(/<.*/, "", b); out = out " " b
            }
            print fn, head, out
        }'
}

# Per loop header at -O1: "FUNCTION HEADER KIND VALUE". A symbolic maximum counts as
# one ("symbolic") only when it is an expression of the function's parameters and
# outer loops' counters; one that needs a value loaded from memory ("memory") bounds
# the loop only as far as something else bounds that value.
scev_of() {
    opt-19 -disable-output -passes='print<scalar-evolution>' "$1" 2>&1 | awk -v ll="$1" '
        BEGIN {
            while ((getline line < ll) > 0) {
                if (line !~ /^define /) continue
                f = line; sub(/^[^@]*@/, "", f); sub(/\(.*/, "", f); gsub(/"/, "", f)
                a = line; sub(/^[^(]*\(/, "", a); sub(/\)[^)]*$/, "", a)
                while (match(a, /%[A-Za-z0-9_.]+/)) { param[f " " substr(a, RSTART, RLENGTH)] = 1; a = substr(a, RSTART + RLENGTH) }
            }
        }
        /^Printing analysis .Scalar Evolution Analysis. for function / {
            fn = $0; sub(/.* for function '\''/, "", fn); sub(/'\''.*/, "", fn); next
        }
        /^Loop %[^:]*: constant max backedge-taken count is / {
            h = $2; sub(/^%/, "", h); sub(/:$/, "", h); v = $NF; w = $(NF - 1)
            bits = substr(w, 2) + 0
            # a maximum near its type'\''s limit (or int'\''s, widened) says nothing
            limit = (bits >= 32) ? 2 ^ 30 : 2 ^ (bits - 1) - 3
            if (v + 0 >= 0 && v + 0 < limit) cmax[fn " " h] = v
            next
        }
        /^Loop %[^:]*: symbolic max backedge-taken count is / {
            h = $2; sub(/^%/, "", h); sub(/:$/, "", h)
            e = $0; sub(/.*count is /, "", e)
            # a bare constant is the same type-derived maximum as above
            if (e ~ /^i[0-9]+ -?[0-9]+$/) { split(e, q, " "); if (q[2] + 0 >= 2 ^ 30 || q[2] + 0 < 0) e = "" }
            if ($0 !~ /COULDNOTCOMPUTE/ && e != "") smax[fn " " h] = e
            seen[fn " " h] = 1
            next
        }
        /^Loop %[^:]*: / { h = $2; sub(/^%/, "", h); sub(/:$/, "", h); seen[fn " " h] = 1 }
        END {
            for (k in seen) {
                if (k in cmax) print k, "constant", cmax[k]
                else if (k in smax) {
                    e = smax[k]; split(k, kk, " "); rest = e; kind = "symbolic"
                    gsub(/<%[^>]*>/, "", rest)
                    while (match(rest, /%[A-Za-z0-9_.]+/)) {
                        if (!((kk[1] " " substr(rest, RSTART, RLENGTH)) in param)) kind = "memory"
                        rest = substr(rest, RSTART + RLENGTH)
                    }
                    gsub(/ /, "_", e); print k, kind, e
                }
                else print k, "none", "-"
            }
        }'
}

total_both=0 total_ours=0 total_scev=0 total_neither=0 total_loops=0 total_unjudged=0
printf '%-12s %6s %7s %9s %9s %8s %9s\n' SPEC LOOPS BOTH OURS_ONLY LLVM_ONLY NEITHER UNJUDGED
for spec in "${specs[@]}"; do
    dir=$(cd "$(dirname "$spec")" && pwd)
    name=$(basename "$spec" .fspec)
    w=$work/$name
    mkdir -p "$w"
    # the sources: `program "a.c" "b.c"`, with `cflags "..."`
    mapfile -t sources < <(grep -E '^program ' "$spec" | grep -oE '"[^"]+"' | tr -d '"')
    cflags=$(grep -E '^cflags ' "$spec" | grep -oE '"[^"]+"' | tr -d '"' | tr '\n' ' ')
    (cd "$dir" && "$freqsys" check --unbounded "$(basename "$spec")" >"$w/check.txt" 2>&1)
    (cd "$dir" && "$freqsys" run "$(basename "$spec")" -q -n 30 -s 1 -o "$w/r.json" >/dev/null 2>&1)
    # the functions a run can enter: a function proven never to run (max_runs 0 at its
    # entry, nothing calls it) has every loop bounded by 0, which says nothing here
    jq -r '[.blocks[] | select(.max_runs != 0) | .function] | unique | .[]' "$w/r.json" 2>/dev/null \
        >"$w/counted_fns"
    : >"$w/rows"
    for src in "${sources[@]}"; do
        base=$(basename "$src" .c)
        # shellcheck disable=SC2086
        (cd "$dir" && clang-19 -O0 -g -Xclang -disable-O0-optnone -fno-discard-value-names $cflags \
            -emit-llvm -S -o "$w/$base.O0.ll" "$src" 2>/dev/null &&
            clang-19 -O1 -fno-inline -g -fno-discard-value-names $cflags \
                -emit-llvm -S -o "$w/$base.O1.ll" "$src" 2>/dev/null) || continue
        block_lines "$w/$base.O0.ll" >"$w/$base.O0.lines"
        block_lines "$w/$base.O1.ll" >"$w/$base.O1.lines"
        loops_of "$w/$base.O0.ll" >"$w/$base.O0.loops"
        loops_of "$w/$base.O1.ll" >"$w/$base.O1.loops"
        scev_of "$w/$base.O1.ll" >"$w/$base.O1.scev"
        awk -v file="$(basename "$src")" -v counted="$w/counted_fns" -v check="$w/check.txt" \
            -v l0="$w/$base.O0.lines" -v l1="$w/$base.O1.lines" -v loops1="$w/$base.O1.loops" \
            -v scev="$w/$base.O1.scev" '
            BEGIN {
                while ((getline line < counted) > 0) counted_fn[line] = 1
                while ((getline line < check) > 0) {
                    if (line ~ /^  loop /) {
                        split(line, p, " "); at = p[2]; sub(/.*:/, "", at); fnn = p[4]; sub(/:$/, "", fnn)
                        status[fnn " " at] = (line ~ /inside the loop at/) ? "nested" : "open"
                    } else if (line ~ /^  function /) {
                        split(line, p, " "); unjudged[p[2]] = 1
                    }
                }
                while ((getline line < l0) > 0) { n = split(line, p, " "); first0[p[1] " " p[2]] = (n >= 3 ? p[3] : 0) }
                while ((getline line < l1) > 0) {
                    n = split(line, p, " "); s = ""
                    for (i = 3; i <= n; i++) s = s " " p[i] " "
                    lines1[p[1] " " p[2]] = s
                }
                nl = 0
                while ((getline line < loops1) > 0) {
                    n = split(line, p, " "); nl++; lfn[nl] = p[1]; lhead[nl] = p[2]; lsize[nl] = n - 2; lset[nl] = ""
                    for (i = 3; i <= n; i++) lset[nl] = lset[nl] lines1[p[1] " " p[i]]
                }
                while ((getline line < scev) > 0) { split(line, p, " "); kind[p[1] " " p[2]] = p[3]; val[p[1] " " p[2]] = p[4] }
            }
            {   # a -O0 loop: FUNCTION HEADER BLOCKS...
                fn = $1; head = $2; line = first0[fn " " head]
                if (!(fn in counted_fn) || line == 0) next
                where = file ":" line
                ours = "proven"
                if (fn in unjudged) ours = "unjudged"
                else if ((fn " " line) in status) ours = status[fn " " line]
                best = 0
                for (i = 1; i <= nl; i++)
                    if (lfn[i] == fn && index(lset[i], " " line " ") && (best == 0 || lsize[i] < lsize[best])) best = i
                if (best == 0) { k = "gone"; v = "-" }
                else { key = fn " " lhead[best]; k = (key in kind) ? kind[key] : "none"; v = (key in val) ? val[key] : "-" }
                print fn, where, ours, k, v
            }' "$w/$base.O0.loops" >>"$w/rows"
    done
    awk -v name="$name" -v details="${DETAILS:-0}" '
        {
            loops++
            if (details) printf "  %-28s %-24s %-9s %-9s %s\n", $1, $2, $3, $4, $5
            llvm = ($4 != "none" && $4 != "memory")
            if ($3 == "unjudged" || $3 == "nested") unjudged++
            else if ($3 == "proven" && llvm) both++
            else if ($3 == "proven") ours++
            else if (llvm) scev++
            else neither++
        }
        END { printf "%-12s %6d %7d %9d %9d %8d %9d\n", name, loops, both, ours, scev, neither, unjudged
              print loops + 0, both + 0, ours + 0, scev + 0, neither + 0, unjudged + 0 > "/dev/stderr" }
    ' "$w/rows" 2>"$w/sum"
    read -r l b o s n u <"$w/sum"
    total_loops=$((total_loops + l)) total_both=$((total_both + b)) total_ours=$((total_ours + o))
    total_scev=$((total_scev + s)) total_neither=$((total_neither + n)) total_unjudged=$((total_unjudged + u))
done
printf '%-12s %6d %7d %9d %9d %8d %9d\n' total "$total_loops" "$total_both" "$total_ours" "$total_scev" \
    "$total_neither" "$total_unjudged"

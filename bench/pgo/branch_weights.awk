# bench/pgo/branch_weights.awk: the branch weights of an LLVM IR dump, one line per weighted branch, with its source place.
# SPDX-License-Identifier: MIT
#
# usage: awk -f branch_weights.awk DUMP DUMP     (the same file twice: metadata first)
#
# DUMP is what clang prints with -mllvm -print-after=PASS -mllvm -print-module-scope.
# Prints, for every `br i1` or `switch` with !prof branch weights:
#     FUNCTION LINE:COLUMN#K SHARE,SHARE,...
# K counts the branches of FUNCTION at that place (1 for the first), so that two
# dumps of one source can be joined; each SHARE is a successor's weight over the sum.

FNR == NR {
    if (match($0, /^![0-9]+ = /)) {
        id = substr($0, 1, RLENGTH - 3)
        md[id] = substr($0, RLENGTH + 1)
    }
    next
}

/^define / {
    fn = $0
    sub(/^[^@]*@/, "", fn)
    sub(/\(.*/, "", fn)
    gsub(/"/, "", fn)
    delete seen
    next
}

/^  *(br i1|switch) / || /^  *\], !prof / {
    if (!match($0, /!prof ![0-9]+/)) next
    prof = md[substr($0, RSTART + 6, RLENGTH - 6)]
    if (prof !~ /branch_weights/) next
    place = "?"
    if (match($0, /!dbg ![0-9]+/)) {
        loc = md[substr($0, RSTART + 5, RLENGTH - 5)]
        if (match(loc, /line: [0-9]+/)) {
            place = substr(loc, RSTART + 6, RLENGTH - 6)
            if (match(loc, /column: [0-9]+/)) place = place ":" substr(loc, RSTART + 8, RLENGTH - 8)
        }
    }
    n = 0
    total = 0
    rest = prof
    while (match(rest, /i32 [0-9]+/)) {
        w[++n] = substr(rest, RSTART + 4, RLENGTH - 4) + 0
        total += w[n]
        rest = substr(rest, RSTART + RLENGTH)
    }
    if (n < 2 || total == 0) next
    shares = ""
    for (k = 1; k <= n; k++) shares = shares (k > 1 ? "," : "") sprintf("%.3f", w[k] / total)
    key = fn " " place
    printf "%s#%d %s\n", key, ++seen[key], shares
}

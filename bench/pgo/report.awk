# bench/pgo/report.awk: the table of bench/pgo/run, gains per program and their means, from gains.awk's lines.
# SPDX-License-Identifier: MIT
#
# usage: awk -v seeds="1001 3003 5005" -v gcc=1 -f report.awk SUMMARY
#
# SUMMARY lines: PROGRAM BUILD SECONDS GAIN (gains.awk), and PROGRAM @overlap WHAT VALUE.
# Trained PGO is itself a random result: each training set gives other counts, other
# decisions and another gain. So it is built once per training set (instr-SEED,
# gcc-fdo-SEED), and freqsys's gain is set against their mean and against each one.
# "O2 again" is the -O2 binary timed a second time: the gain that noise alone shows.

function pct(x) { return sprintf("%+6.1f%%", 100 * x) }
function ratio(g, base) { return base > 0 ? sprintf("%.2f", g / base) : "-" }

$2 == "@overlap" { overlap[$1, $3] = $4; next }
$2 == "@cost" { cost[$1] = sprintf("training on one set %s s, freqsys run and exports %s s", $3, $4); next }
{
    if (!($1 in seen)) { seen[$1] = 1; programs[++np] = $1 }
    secs[$1, $2] = $3
    gain[$1, $2] = $4
}

function table(title, o2, again, trained, freqsys, labels,
               p, P, k, s, line, sum, mean_t, n_f, f, parts, nk, seed_list, label, total_t, total_noise,
               col_t, col_f) {
    nk = split(seeds, seed_list, " ")
    n_f = split(freqsys, parts, " ")
    split(labels, label, " ")
    printf "%s: gain over -O2, the median of the repetitions' paired gains\n", title
    line = sprintf("%-9s %7s %9s |", "program", "-O2", "-O2 again")
    for (k = 1; k <= nk; k++) line = line sprintf(" %7s", "set " seed_list[k])
    line = line sprintf(" %7s |", "mean")
    for (f = 1; f <= n_f; f++) line = line sprintf(" %9s", label[f])
    print line
    for (p = 1; p <= np; p++) {
        P = programs[p]
        line = sprintf("%-9s %6.3fs %9s |", P, secs[P, o2], pct(gain[P, again]))
        sum = 0
        for (k = 1; k <= nk; k++) {
            s = gain[P, trained seed_list[k]]
            line = line sprintf(" %7s", pct(s))
            sum += s
            col_t[k] += s
        }
        mean_t = sum / nk
        line = line sprintf(" %7s |", pct(mean_t))
        total_t += mean_t
        total_noise += gain[P, again]
        for (f = 1; f <= n_f; f++) {
            line = line sprintf(" %9s", pct(gain[P, parts[f]]))
            col_f[f] += gain[P, parts[f]]
        }
        print line
    }
    line = sprintf("%-9s %7s %9s |", "mean", "", pct(total_noise / np))
    for (k = 1; k <= nk; k++) line = line sprintf(" %7s", pct(col_t[k] / np))
    line = line sprintf(" %7s |", pct(total_t / np))
    for (f = 1; f <= n_f; f++) line = line sprintf(" %9s", pct(col_f[f] / np))
    print line
    for (f = 1; f <= n_f; f++) {
        line = sprintf("  ratio of freqsys %s's mean gain to trained's: %s (to each training set's: ",
                       label[f], ratio(col_f[f], total_t))
        for (k = 1; k <= nk; k++) line = line (k > 1 ? ", " : "") ratio(col_f[f], col_t[k])
        print line ")"
    }
}

END {
    if (!np) exit
    table("clang", "O2", "O2-again", "instr-", "fs-instr sample sample-line sample-classic sample-cs sample-probes",
          "instr sample sample-line classic contexts probes")
    if (gcc != 0) {
        print ""
        table("gcc", "gcc-O2", "gcc-O2-again", "gcc-fdo-", "gcc-gcda gcc-afdo gcc-afdo-line", "gcda afdo afdo-line")
    }
    print ""
    print "llvm-profdata overlap with training set " substr(seeds, 1, index(seeds " ", " ") - 1) \
          "'s profile (1 = the same shares of counts):"
    for (p = 1; p <= np; p++) {
        P = programs[p]
        printf "%-9s other training sets %s; freqsys instr %s   (%s)\n", P, overlap[P, "trained"],
               overlap[P, "freqsys"], cost[P]
    }
}

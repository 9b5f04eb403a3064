# bench/pgo/gains.awk: each build's gain over its compiler's -O2 build, from bench/pgo/timer's lines, repetition by repetition.
# SPDX-License-Identifier: MIT
#
# usage: awk -v program=P -f gains.awk TIMES >> SUMMARY
#
# TIMES has one line per build: its path, its median seconds, then the seconds of each
# repetition. A build named gcc-* is compared with gcc-O2, every other one with O2.
# In repetition r, the gain is t_base[r] / t_build[r] - 1: the two ran moments apart,
# so a slow phase of a shared machine slows both. The build's gain is the median over
# the repetitions. Prints one line per build: PROGRAM BUILD MEDIAN_SECONDS GAIN.

function median_of(values, n,    i, j, v) {
    for (i = 2; i <= n; i++) {           # insertion sort: a handful of repetitions
        v = values[i]
        for (j = i - 1; j >= 1 && values[j] > v; j--)
            values[j + 1] = values[j]
        values[j + 1] = v
    }
    return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
}

{
    name = $1
    sub(/.*\//, "", name)
    builds[++count] = name
    seconds[name] = $2
    reps = NF - 2
    for (r = 1; r <= reps; r++)
        t[name, r] = $(r + 2)
}

END {
    for (b = 1; b <= count; b++) {
        name = builds[b]
        base = name ~ /^gcc-/ ? "gcc-O2" : "O2"
        if (!((base, 1) in t)) {
            print "gains.awk: no " base " build to compare " name " with" > "/dev/stderr"
            exit 2
        }
        delete g
        for (r = 1; r <= reps; r++)
            g[r] = t[base, r] / t[name, r] - 1
        printf "%s %s %.4f %.5f\n", program, name, seconds[name], median_of(g, reps)
    }
}

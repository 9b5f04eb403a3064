/* freqsys/plan/mca_cycles.c: one llvm-mca run over many blocks, each a code region, and its summary read
 * back. */
/* SPDX-License-Identifier: MIT */
#include "mca_cycles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "transform.h"

#ifndef FREQSYS_MCA
#define FREQSYS_MCA "llvm-mca-19"
#endif

static int write_regions(const char *path, char comment, char *const *text, size_t n) {
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    for (size_t i = 0; i < n; i++) {
        if (!text[i] || !*text[i]) continue;
        fprintf(f, "%c LLVM-MCA-BEGIN b%zu\n%s\n%c LLVM-MCA-END\n", comment, i, text[i], comment);
    }
    return fclose(f);
}

/* Reads the report: "[k] Code Region - bI", its "Iterations:" and "Total Cycles:", and
 * the instruction info rows, whose column [7] is the encoding size. */
static void read_report(FILE *f, size_t n, double *cycles, uint64_t *bytes) {
    char line[4096];
    size_t at = n, size_column = 0;
    double iterations = 0;
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        const char *region = strstr(line, "Code Region - b");
        size_t k;
        double v;
        if (region && sscanf(region + 15, "%zu", &k) == 1) {
            at = k < n ? k : n;
            rows = 0;
            continue;
        }
        if (at >= n) continue;
        if (sscanf(line, "Iterations: %lf", &v) == 1)
            iterations = v;
        else if (sscanf(line, "Total Cycles: %lf", &v) == 1 && iterations > 0)
            cycles[at] = v / iterations;
        else if (!strncmp(line, "[1]", 3) && strstr(line, "[7]")) {
            size_column = (size_t)(strstr(line, "[7]") - line);
            rows = 1;
        } else if (rows && (line[0] == '\n' || line[0] == '\0'))
            rows = 0;
        else if (rows && strlen(line) > size_column)
            bytes[at] += strtoull(line + size_column, NULL, 10);
    }
}

int mca_cycles_measure(const char *triple, const char *cpu, char comment, char *const *text, size_t n,
                       double *cycles, uint64_t *bytes, char *err, size_t errlen) {
    memset(cycles, 0, n * sizeof *cycles);
    memset(bytes, 0, n * sizeof *bytes);
    char in[4096], out[4096];
    int fi = compile_temp_path(in, sizeof in, "freqsys-mca-XXXXXX.s") == 0 ? mkstemps(in, 2) : -1;
    int fo = compile_temp_path(out, sizeof out, "freqsys-mca-XXXXXX.txt") == 0 ? mkstemps(out, 4) : -1;
    int rc = -1;
    if (fi < 0 || fo < 0) {
        snprintf(err, errlen, "cannot create a temporary file for llvm-mca");
        goto done;
    }
    if (write_regions(in, comment, text, n) != 0) {
        snprintf(err, errlen, "cannot write %s", in);
        goto done;
    }
    char mtriple[160], mcpu[96], iterations[48];
    snprintf(mtriple, sizeof mtriple, "-mtriple=%s", triple);
    snprintf(mcpu, sizeof mcpu, "-mcpu=%s", cpu && *cpu ? cpu : "generic");
    snprintf(iterations, sizeof iterations, "-iterations=%d", MCA_ITERATIONS);
    char *argv[] = {FREQSYS_MCA,
                    mtriple,
                    mcpu,
                    iterations,
                    "-all-views=false",
                    "-summary-view",
                    "-instruction-info",
                    "-show-encoding",
                    "--skip-unsupported-instructions=any",
                    "-o",
                    out,
                    in,
                    NULL};
    if (compile_run_tool(argv, err, errlen) != 0) goto done;
    FILE *f = fopen(out, "r");
    if (!f) {
        snprintf(err, errlen, "cannot read llvm-mca's report %s", out);
        goto done;
    }
    read_report(f, n, cycles, bytes);
    fclose(f);
    rc = 0;
done:
    if (fi >= 0) {
        close(fi);
        unlink(in);
    }
    if (fo >= 0) {
        close(fo);
        unlink(out);
    }
    return rc;
}

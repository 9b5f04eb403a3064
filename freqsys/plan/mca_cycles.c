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

/* A CPU of the same architecture whose timing llvm-mca has, for a CPU it has none
 * for (the Cortex-M0+, a RISC-V core named by -march alone): the Cortex-M4, in order
 * and single-issue as the M0+ (one cycle for most instructions, two for a load), and
 * Rocket, the in-order five-stage RISC-V core. NULL when none is known. */
static const char *stand_in(const char *triple, const char *cpu) {
    if (!strncmp(triple, "thumb", 5) || !strncmp(triple, "arm", 3))
        return strcmp(cpu, "cortex-m4") ? "cortex-m4" : NULL;
    if (!strncmp(triple, "riscv32", 7)) return strcmp(cpu, "rocket-rv32") ? "rocket-rv32" : NULL;
    if (!strncmp(triple, "riscv64", 7)) return strcmp(cpu, "rocket-rv64") ? "rocket-rv64" : NULL;
    return NULL;
}

/* One llvm-mca run over IN for CPU into OUT. Returns its exit status, with its
 * message in ERR when not 0. */
static int run_mca(const char *triple, const char *cpu, const char *features, const char *in, const char *out,
                   char *err, size_t errlen) {
    char mtriple[160], mcpu[96], mattr[1024], iterations[48];
    snprintf(mtriple, sizeof mtriple, "-mtriple=%s", triple);
    snprintf(mcpu, sizeof mcpu, "-mcpu=%s", cpu);
    snprintf(mattr, sizeof mattr, "-mattr=%s", features ? features : "");
    snprintf(iterations, sizeof iterations, "-iterations=%d", MCA_ITERATIONS);
    char *argv[16];
    size_t k = 0;
    static char *const views[] = {"-all-views=false", "-summary-view", "-instruction-info", "-show-encoding",
                                  "--skip-unsupported-instructions=any"};
    argv[k++] = FREQSYS_MCA;
    argv[k++] = mtriple;
    argv[k++] = mcpu;
    if (features && *features) argv[k++] = mattr; /* the RISC-V extensions: compressed code */
    argv[k++] = iterations;
    for (size_t v = 0; v < sizeof views / sizeof views[0]; v++) argv[k++] = views[v];
    argv[k++] = "-o";
    argv[k++] = (char *)out;
    argv[k++] = (char *)in;
    argv[k] = NULL;
    return compile_run_tool(argv, err, errlen);
}

int mca_cycles_measure(const char *triple, const char *cpu, const char *features, char comment,
                       char *const *text, size_t n, double *cycles, uint64_t *bytes, char *timing,
                       size_t timinglen, char *err, size_t errlen) {
    memset(cycles, 0, n * sizeof *cycles);
    memset(bytes, 0, n * sizeof *bytes);
    if (timinglen) timing[0] = '\0';
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
    const char *model = cpu && *cpu ? cpu : "generic";
    if (run_mca(triple, model, features, in, out, err, errlen) != 0) {
        const char *other = stand_in(triple, model);
        if (!other || !strstr(err, "unable to find instruction-level scheduling information")) goto done;
        snprintf(timing, timinglen, "llvm-mca has no timing model for %s: the cycles are those of %s", model,
                 other);
        if (run_mca(triple, other, features, in, out, err, errlen) != 0) goto done;
    }
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

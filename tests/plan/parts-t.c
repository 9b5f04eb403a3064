/* tests/plan/parts-t.c: a plan over the parts of an -Os build whose helpers are inlined: optimal, linked,
 * cycles checked by llvm-mca. */
/* SPDX-License-Identifier: MIT */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tmp.h"

#define TOOL FREQSYS_BINARY_DIR "/freqsys"
#define M4                                                                                                   \
    "--target=thumbv7em-none-eabi -mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16 "                       \
    "-isystem /usr/lib/arm-none-eabi/include -ffreestanding -ffunction-sections -Os"
#define WAIT 5

static json_t *load(const char *dir, const char *name) {
    char path[2048];
    json_error_t je;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return json_load_file(path, 0, &je);
}

/* Whether NAME is the function of an item of ITEMS in the subset MASK. */
static int in_subset(json_t *items, unsigned long mask, const char *name) {
    for (size_t j = 0; j < json_array_size(items); j++)
        if ((mask >> j & 1) &&
            !strcmp(json_string_value(json_object_get(json_array_get(items, j), "function")), name))
            return 1;
    return 0;
}

/* The best heat within BUDGET over every subset of ITEMS (the test's own), each callee
 * of the subset outside it costing THUNK bytes once; -1 with too many items. */
static double optimum(json_t *items, long long budget, long long thunk) {
    size_t n = json_array_size(items);
    if (n > 20) return -1;
    double best = 0;
    for (unsigned long mask = 0; mask < 1ul << n; mask++) {
        long long bytes = 0;
        double heat = 0;
        const char *counted[256];
        size_t ncounted = 0;
        for (size_t i = 0; i < n; i++) {
            if (!(mask >> i & 1)) continue;
            json_t *it = json_array_get(items, i), *callees = json_object_get(it, "callees");
            bytes += json_integer_value(json_object_get(it, "size"));
            heat += json_real_value(json_object_get(it, "heat"));
            for (size_t k = 0; k < json_array_size(callees); k++) {
                const char *c = json_string_value(json_array_get(callees, k));
                int seen = in_subset(items, mask, c);
                for (size_t m = 0; m < ncounted && !seen; m++) seen = !strcmp(counted[m], c);
                if (!seen && ncounted < 256) {
                    counted[ncounted++] = c;
                    bytes += thunk;
                }
            }
        }
        if (bytes <= budget && heat > best) best = heat;
    }
    return best;
}

/* llvm-mca's cycles per iteration for the instructions of FILE (100 iterations). */
static double mca(const char *file) {
    char cmd[4096], line[512];
    snprintf(cmd, sizeof cmd,
             "llvm-mca-19 -mtriple=thumbv7em-none-eabihf -mcpu=cortex-m4 -iterations=100 "
             "--skip-unsupported-instructions=any -all-views=false -summary-view '%s' 2>/dev/null",
             file);
    FILE *p = popen(cmd, "r");
    double cycles = -1, v;
    while (p && fgets(line, sizeof line, p))
        if (sscanf(line, "Total Cycles: %lf", &v) == 1) cycles = v / 100;
    if (p) pclose(p);
    return cycles;
}

typedef struct insn {
    unsigned long addr;
    int bytes;
    char text[160];
} insn;

/* The instructions of FUNCTION in the linked ELF, by llvm-objdump-19. */
static size_t disassemble(const char *elf, const char *function, insn *out, size_t max) {
    char cmd[4096], line[512];
    snprintf(cmd, sizeof cmd, "llvm-objdump-19 -d --disassemble-symbols=%s '%s'", function, elf);
    FILE *p = popen(cmd, "r");
    size_t n = 0;
    while (p && fgets(line, sizeof line, p) && n < max) {
        unsigned long addr;
        int at;
        if (sscanf(line, " %lx: %n", &addr, &at) != 1 || !strchr(line, '\t')) continue;
        char *hex = line + at, *tab = strchr(hex, '\t');
        int bytes = 0;
        for (char *s = hex; s < tab; s++) bytes += (s[0] != ' ' && (s == hex || s[-1] == ' '));
        char *angle = strchr(tab, '<'), *nl = strchr(tab, '\n');
        if (angle) *angle = '\0';
        if (nl) *nl = '\0';
        if (!strncmp(tab + 1, ".word", 5) || !strncmp(tab + 1, ".short", 6)) continue; /* literals */
        out[n].addr = addr;
        out[n].bytes = bytes * 2 == 4 ? 4 : bytes * 2 == 8 ? 4 : bytes * 2; /* objdump prints halfwords */
        snprintf(out[n].text, sizeof out[n].text, "%s", tab);
        n++;
    }
    if (p) pclose(p);
    return n;
}

static double region_cycles(const char *dir, const insn *code, size_t from, size_t to, double *bytes) {
    char path[2048];
    snprintf(path, sizeof path, "%s/region.s", dir);
    FILE *f = fopen(path, "w");
    *bytes = 0;
    for (size_t k = from; f && k <= to; k++) {
        fprintf(f, "%s\n", code[k].text);
        *bytes += code[k].bytes;
    }
    if (f) fclose(f);
    return mca(path);
}

int main(void) {
    plan(13);
    const char *dir = tmp_dir();
    char cmd[20000];
    /* epsilon 0.05: the parts need a result to plan from, not the spec's 0.02, whose
     * intervals on the calibration's range of 6,500 take minutes of trials */
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && '%s' run examples/firmware_inlined/control.fspec -e 0.05 -q -o '%s/ctl.json' >/dev/null",
        FREQSYS_SOURCE_DIR, TOOL, dir);
    if (!ok(system(cmd) == 0, "the inlined firmware runs")) bail("no result to plan from");

    /* three budgets: the knapsack optimum over the parts, by the test's own DP */
    static const long long budgets[] = {96, 256, 600};
    json_t *plan256 = NULL;
    for (size_t k = 0; k < 3; k++) {
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && '%s' plan '%s/ctl.json' --budget %lld --flash-wait %d --format json "
                 "-o '%s/plan%lld.json'",
                 FREQSYS_SOURCE_DIR, TOOL, dir, budgets[k], WAIT, dir, budgets[k]);
        char name[64];
        snprintf(name, sizeof name, "plan%lld.json", budgets[k]);
        json_t *p = system(cmd) == 0 ? load(dir, name) : NULL;
        json_t *items = json_object_get(p, "items");
        long long used = 0;
        int cold_part = 0;
        double heat = 0;
        for (size_t i = 0; i < json_array_size(items); i++) {
            json_t *it = json_array_get(items, i);
            if (strstr(json_string_value(json_object_get(it, "function")), ".cold.")) cold_part = 1;
            if (json_is_true(json_object_get(it, "selected"))) {
                used += json_integer_value(json_object_get(it, "size"));
                heat += json_real_value(json_object_get(it, "heat"));
            }
        }
        double claimed = json_real_value(json_object_get(p, "selected_heat"));
        ok(p && json_array_size(items) >= 5 && cold_part && json_is_true(json_object_get(p, "parts")) &&
               used <= budgets[k],
           "%lld bytes: %zu parts, an outlined cold part among them, %lld bytes used", budgets[k],
           json_array_size(items), used);
        long long thunk = json_integer_value(json_object_get(p, "thunk_size")),
                  thunks = json_integer_value(json_object_get(p, "thunk_bytes"));
        double best = optimum(items, budgets[k], thunk);
        ok(fabs(claimed - heat) <= 1e-9 * (1 + heat) && fabs(claimed - best) <= 1e-9 * (1 + heat) &&
               thunk == 12 && used + thunks <= budgets[k],
           "...and the selected heat %.2f is the best of every subset, with %lld bytes of thunks counted",
           claimed, thunks);
        if (budgets[k] == 256)
            plan256 = p;
        else
            json_decref(p);
    }

    /* the 256-byte plan's fragment in a link with the profile-guided build and newlib */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' plan '%s/ctl.json' --budget 256 --format ld -o '%s/fast.ld' && "
             "'%s' report '%s/ctl.json' --format instr --scale 1000000 > '%s/ctl.proftext' && "
             "llvm-profdata-19 merge -o '%s/ctl.profdata' '%s/ctl.proftext' && "
             "clang-19 " M4 " -fprofile-instr-use='%s/ctl.profdata' -mllvm -hot-cold-split=true "
             "-mllvm -profile-summary-cutoff-cold=999000 -mllvm -profile-guided-section-prefix=false "
             "-c examples/firmware_inlined/control.c -o '%s/control.o'",
             FREQSYS_SOURCE_DIR, TOOL, dir, dir, TOOL, dir, dir, dir, dir, dir, dir);
    int built = system(cmd) == 0;
    char path[2048];
    snprintf(path, sizeof path, "%s/script.ld", dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f,
                "MEMORY\n{\n  FLASH (rx) : ORIGIN = 0x08000000, LENGTH = 1M\n"
                "  FAST (rwx) : ORIGIN = 0x00000000, LENGTH = 16K\n  RAM (rwx) : ORIGIN = 0x20000000, LENGTH "
                "= 64K\n}\n"
                "SECTIONS\n{\n  INCLUDE %s/fast.ld\n  .text : { *(.text*) *(.rodata*) } > FLASH\n"
                "  .data : { *(.data*) } > RAM AT > FLASH\n  .bss : { *(.bss*) *(COMMON) } > RAM\n}\n",
                dir);
        fclose(f);
    }
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && ld.lld-19 -T script.ld control.o "
        "/usr/lib/arm-none-eabi/newlib/thumb/v7e-m+fp/hard/libc.a -e control_tick -o control.elf 2>link.err",
        dir);
    ok(built && system(cmd) == 0, "ld.lld links the profile-guided build with the fragment and newlib");
    /* the fast section the linker made, thunks and all, within the budget */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && llvm-readelf-19 -S --wide control.elf | awk '{ for (i = 1; i < NF; i++) "
             "if ($i == \".freqsys_fast\") print $(i + 4) }'",
             dir);
    FILE *readelf = popen(cmd, "r");
    unsigned long fast_bytes = 0;
    int read_size = readelf && fscanf(readelf, "%lx", &fast_bytes) == 1;
    if (readelf) pclose(readelf);
    ok(read_size && fast_bytes <= 256,
       "...and its fast section, the linker's thunks included, is within the 256 bytes (%lu)", fast_bytes);
    /* every part where the plan says: fast ones below 16K, the rest in flash */
    json_t *items = json_object_get(plan256, "items");
    int placed = json_array_size(items) >= 5;
    for (size_t i = 0; i < json_array_size(items); i++) {
        json_t *it = json_array_get(items, i);
        const char *name = json_string_value(json_object_get(it, "function"));
        snprintf(cmd, sizeof cmd,
                 "llvm-readelf-19 -s '%s/control.elf' | awk '$8 == \"%s\" {print $2}' | "
                 "grep -qE '^%s'",
                 dir, name, json_is_true(json_object_get(it, "selected")) ? "0000[0-3]" : "08");
        if (system(cmd) != 0) {
            placed = 0;
            diag("%s is not where the plan put it", name);
        }
    }
    ok(placed, "...and llvm-readelf finds each part in fast memory or flash as the plan says");

    /* the saving against llvm-mca over the hot path: control_tick run once, its loops as
     * the source fixes them (16 frame bytes, 14 CRC bytes of 8 bits, 8 filter taps) */
    snprintf(path, sizeof path, "%s/control.elf", dir);
    static insn code[512];
    size_t n = disassemble(path, "control_tick", code, 512);
    double bytes_once, cycles_once = region_cycles(dir, code, 0, n ? n - 1 : 0, &bytes_once);
    /* loops: backward branches, in address order; the CRC's bit loop is the one nested in another */
    size_t lo[8], hi[8], nl = 0;
    for (size_t k = 0; k < n && nl < 8; k++) {
        unsigned long target;
        char *x = strstr(code[k].text, "0x");
        /* a conditional branch back (an unconditional one returns from an outlined call) */
        int conditional = code[k].text[1] == 'b' && code[k].text[2] != '\t' &&
                          strncmp(code[k].text + 1, "b.w", 3) && strncmp(code[k].text + 1, "bl", 2);
        if (conditional && x && sscanf(x, "%lx", &target) == 1 && target < code[k].addr)
            for (size_t j = 0; j < k; j++)
                if (code[j].addr == target) {
                    lo[nl] = j;
                    hi[nl] = k;
                    nl++;
                    break;
                }
    }
    for (size_t k = 0; k < nl; k++) diag("loop %zu: %#lx..%#lx", k, code[lo[k]].addr, code[hi[k]].addr);
    ok(nl == 4, "control_tick has four loops (frame, CRC bytes, CRC bits, filter): %zu", nl);
    /* runs beyond the one pass, in the order the loops close: frame, CRC bits (inside), CRC bytes, filter */
    static const double extra[4] = {16 - 1, 14 * 8 - 14, 14 - 1, 8 - 1};
    double hot_cycles = cycles_once, hot_bytes = bytes_once;
    for (size_t k = 0; k < nl && k < 4; k++) {
        double b, c = region_cycles(dir, code, lo[k], hi[k], &b);
        hot_cycles += extra[k] * c;
        hot_bytes += extra[k] * b;
    }
    json_t *tick = NULL;
    for (size_t i = 0; i < json_array_size(items); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(items, i), "function")), "control_tick"))
            tick = json_array_get(items, i);
    /* what fast memory saves of control_tick: its stall, as the plan counts it */
    double saved = json_real_value(json_object_get(tick, "stall"));
    double plan_cycles = json_real_value(json_object_get(tick, "cycles"));
    double want_saved = WAIT * hot_bytes / 4;
    diag("hot path: %.0f cycles, %.0f bytes fetched by llvm-mca; plan: %.0f cycles, %.0f saved (%.0f by the "
         "hot path)",
         hot_cycles, hot_bytes, plan_cycles, saved, want_saved);
    /* stated factor: 1.25. The plan weighs blocks by expected runs (the fault and
     * calibration calls, the taken or not conditional paths) where the hot path runs
     * every loop its full count, and measures blocks alone where the path measures
     * loops whole; more than a quarter apart would be a wrong model, not noise. */
    ok(tick && plan_cycles > hot_cycles / 1.25 && plan_cycles < hot_cycles * 1.25,
       "control_tick's estimated cycles per call are within a factor 1.25 of llvm-mca over the hot path");
    ok(saved > want_saved / 1.25 && saved < want_saved * 1.25,
       "...and the estimated saving at %d wait states is within 1.25 of the hot path's fetch stalls", WAIT);
    json_decref(plan256);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) diag("could not remove %s", dir);
    return done();
}

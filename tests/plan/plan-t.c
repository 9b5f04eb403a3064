/* tests/plan/plan-t.c: a plan for the firmware example: within budget, optimal, and accepted by ld.lld. */
/* SPDX-License-Identifier: MIT */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tap.h"
#include "tmp.h"

#define TOOL FREQSYS_BINARY_DIR "/freqsys"

static int sh(const char *fmt, const char *a, const char *b) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, fmt, a, b);
    int status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The best heat of any subset of the listed items within BUDGET, by trying them all. */
static double brute(json_t *items, long long budget) {
    size_t n = json_array_size(items);
    double best = 0;
    for (unsigned long set = 0; set < (1ul << n); set++) {
        long long size = 0;
        double heat = 0;
        for (size_t i = 0; i < n; i++)
            if (set & (1ul << i)) {
                json_t *it = json_array_get(items, i);
                size += json_integer_value(json_object_get(it, "size"));
                heat += json_real_value(json_object_get(it, "heat"));
            }
        if (size <= budget && heat > best) best = heat;
    }
    return best;
}

int main(void) {
    plan(9);
    const char *dir = tmp_dir();
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' run examples/firmware/tick.fspec -q -o '%s/tick.json' >/dev/null",
             FREQSYS_SOURCE_DIR, TOOL, dir);
    if (!ok(system(cmd) == 0, "the firmware example runs")) bail("no result to plan from");
    const long long budget = 256;
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' plan '%s/tick.json' --budget 256 --format json -o '%s/plan.json'",
             FREQSYS_SOURCE_DIR, TOOL, dir, dir);
    is_int(system(cmd), 0, "plan --format json succeeds for a 256-byte budget on thumbv7em");
    char path[2048];
    snprintf(path, sizeof path, "%s/plan.json", dir);
    json_error_t je;
    json_t *p = json_load_file(path, 0, &je);
    if (!ok(p != NULL, "the plan reads as JSON")) bail("%s", je.text);
    json_t *items = json_object_get(p, "items");
    long long used = 0;
    double heat = 0, total = 0;
    for (size_t i = 0; i < json_array_size(items); i++) {
        json_t *it = json_array_get(items, i);
        total += json_real_value(json_object_get(it, "heat"));
        if (json_is_true(json_object_get(it, "selected"))) {
            used += json_integer_value(json_object_get(it, "size"));
            heat += json_real_value(json_object_get(it, "heat"));
        }
    }
    ok(json_array_size(items) >= 4 && used <= budget, "the selected functions take %lld of %lld bytes", used, budget);
    double claimed = json_real_value(json_object_get(p, "selected_heat"));
    is_double(claimed, heat, 1e-9 * (1 + heat), "selected_heat is the heat of the selected functions");
    is_double(claimed, brute(items, budget), 1e-9 * (1 + claimed), "...and the knapsack optimum over the items");
    is_double(json_real_value(json_object_get(p, "total_heat")), total, 1e-9 * (1 + total), "total_heat adds up");

    /* The ld fragment, in a real link of the firmware for a Cortex-M4. */
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' plan '%s/tick.json' --budget 256 --format ld -o '%s/fast.ld'",
             FREQSYS_SOURCE_DIR, TOOL, dir, dir);
    int rc = system(cmd);
    snprintf(path, sizeof path, "%s/script.ld", dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "MEMORY\n{\n  FLASH (rx) : ORIGIN = 0x08000000, LENGTH = 1M\n"
                   "  FAST (rwx) : ORIGIN = 0x00000000, LENGTH = 16K\n}\nSECTIONS\n{\n"
                   "  INCLUDE %s/fast.ld\n  .text : { *(.text*) } > FLASH\n}\n", dir);
        fclose(f);
    }
    int link = sh("cd '%s' && clang-19 --target=thumbv7em-none-eabi -mcpu=cortex-m4 -ffreestanding -O2 "
                  "-ffunction-sections -c examples/firmware/firmware.c -o %s/firmware.o",
                  FREQSYS_SOURCE_DIR, dir);
    snprintf(cmd, sizeof cmd, "cd '%s' && ld.lld-19 -T script.ld firmware.o --defsym=HAL_GetTick=0x08000001 "
             "-e tick -o firmware.elf 2>link.err", dir);
    ok(rc == 0 && link == 0 && system(cmd) == 0, "ld.lld links the firmware with the fragment");
    /* the selected functions landed in the fast section */
    snprintf(cmd, sizeof cmd, "cd '%s' && test \"$(llvm-nm-19 firmware.elf | "
             "grep -cE '^0000[0-3][0-9a-f]{3} T (adc_filtered|adc_read)$')\" = 2", dir);
    ok(system(cmd) == 0, "...and the hottest functions sit in fast memory");
    json_decref(p);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) diag("could not remove %s", dir);
    return done();
}

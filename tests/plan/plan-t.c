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
/* The whole file at PATH, to free; NULL when unreadable. */
static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t len = 0, cap = 0, got;
    char chunk[4096];
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (len + got + 1 > cap) {
            cap = 2 * (len + got + 1);
            char *more = realloc(buf, cap);
            if (!more) break;
            buf = more;
        }
        memcpy(buf + len, chunk, got);
        len += got;
    }
    fclose(f);
    if (buf) buf[len] = '\0';
    return buf;
}

/* TEXT up to END with HTML's &lt; &gt; &quot; &#39; &amp; undone, to free. */
static char *unescaped(const char *text, const char *end) {
    char *out = malloc((size_t)(end - text) + 1), *o = out;
    static const struct {
        const char *entity;
        char c;
    } map[] = {{"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}, {"&amp;", '&'}};
    while (out && text < end) {
        size_t k = 0;
        while (k < 5 && strncmp(text, map[k].entity, strlen(map[k].entity)) != 0) k++;
        if (k < 5) {
            *o++ = map[k].c;
            text += strlen(map[k].entity);
        } else {
            *o++ = *text++;
        }
    }
    if (out) *o = '\0';
    return out;
}

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

/* The size of section .text.NAME in the object at PATH, by llvm-readelf; -1 when absent. */
static long long section_size(const char *path, const char *name) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "llvm-readelf-19 -S --wide '%s'", path);
    FILE *p = popen(cmd, "r");
    if (!p) return -1;
    char line[1024], want[256];
    snprintf(want, sizeof want, " .text.%s ", name);
    long long size = -1;
    while (fgets(line, sizeof line, p)) {
        char *at = strstr(line, want);
        unsigned long long addr, off, sz;
        if (at && sscanf(at + strlen(want), " PROGBITS %llx %llx %llx", &addr, &off, &sz) == 3)
            size = (long long)sz;
    }
    pclose(p);
    return size;
}

/* The profiles as a user's build compiles them: clang -Os with -ffunction-sections and
 * the bare-metal C library's headers. */
static const struct {
    const char *name, *flags;
} targets[] = {
    {"cortex-m0plus", "--target=thumbv6m-none-eabi -mcpu=cortex-m0plus -mfloat-abi=soft -isystem "
                      "/usr/lib/arm-none-eabi/include"},
    {"cortex-m4", "--target=thumbv7em-none-eabi -mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16 -isystem "
                  "/usr/lib/arm-none-eabi/include"},
    {"cortex-m7", "--target=thumbv7em-none-eabi -mcpu=cortex-m7 -mfloat-abi=hard -mfpu=fpv5-d16 -isystem "
                  "/usr/lib/arm-none-eabi/include"},
    {"rv32imc", "--target=riscv32-unknown-elf -march=rv32imc -mabi=ilp32 -isystem "
                "/usr/lib/picolibc/riscv64-unknown-elf/include"},
};

/* A program that includes <stdio.h>, <string.h> and <ctype.h>: on each target its plan
 * uses the real C library headers (no retargeted host build) and every function's
 * size is what clang -Os gives for that target. On the Cortex-M4 the plan's fragment
 * then links with newlib's libc.a. */
static void real_sizes(const char *dir) {
    char cmd[8192], path[2048], err[256];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' run tests/plan/programs/textlog.fspec -q -o '%s/tl.json' >/dev/null",
             FREQSYS_SOURCE_DIR, TOOL, dir);
    if (!ok(system(cmd) == 0, "the program with <stdio.h> runs on the host")) return;
    for (size_t k = 0; k < sizeof targets / sizeof targets[0]; k++) {
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && '%s' plan '%s/tl.json' --budget 128 --target %s --format json "
                 "-o '%s/tl-%s.json' && clang-19 %s -ffreestanding -Os -ffunction-sections -c "
                 "tests/plan/programs/textlog.c -o '%s/tl-%s.o'",
                 FREQSYS_SOURCE_DIR, TOOL, dir, targets[k].name, dir, targets[k].name, targets[k].flags, dir,
                 targets[k].name);
        int rc = system(cmd);
        snprintf(path, sizeof path, "%s/tl-%s.json", dir, targets[k].name);
        json_error_t je;
        json_t *p = rc == 0 ? json_load_file(path, 0, &je) : NULL;
        json_t *items = json_object_get(p, "items");
        const char *libc = json_string_value(json_object_get(p, "libc"));
        snprintf(path, sizeof path, "%s/tl-%s.o", dir, targets[k].name);
        int same = json_array_size(items) == 2;
        for (size_t i = 0; i < json_array_size(items); i++) {
            json_t *it = json_array_get(items, i);
            long long want = section_size(path, json_string_value(json_object_get(it, "function")));
            if (want <= 0 || json_integer_value(json_object_get(it, "size")) != want) same = 0;
        }
        snprintf(err, sizeof err, "%s", libc ? libc : "(none)");
        ok(p && !json_object_get(p, "note") && libc && strstr(libc, k == 3 ? "picolibc" : "newlib") && same,
           "%s: sizes from the target's own headers (%s), equal to clang -Os's sections", targets[k].name,
           err);
        json_decref(p);
    }
    /* the Cortex-M4 plan, linked with its fragment and newlib */
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' plan '%s/tl.json' --budget 128 --format ld -o '%s/tl-fast.ld'",
             FREQSYS_SOURCE_DIR, TOOL, dir, dir);
    int rc = system(cmd);
    snprintf(path, sizeof path, "%s/tl-script.ld", dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f,
                "MEMORY\n{\n  FLASH (rx) : ORIGIN = 0x08000000, LENGTH = 1M\n"
                "  FAST (rwx) : ORIGIN = 0x00000000, LENGTH = 16K\n  RAM (rwx) : ORIGIN = 0x20000000, LENGTH "
                "= 64K\n}\n"
                "SECTIONS\n{\n  INCLUDE %s/tl-fast.ld\n  .text : { *(.text*) *(.rodata*) } > FLASH\n"
                "  .data : { *(.data*) } > RAM AT > FLASH\n  .bss : { *(.bss*) *(COMMON) } > RAM\n}\n",
                dir);
        fclose(f);
    }
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && ld.lld-19 -T tl-script.ld tl-cortex-m4.o "
        "/usr/lib/arm-none-eabi/newlib/thumb/v7e-m+fp/hard/libc.a -e log_reading -o tl.elf 2>tl-link.err",
        dir);
    ok(rc == 0 && system(cmd) == 0,
       "ld.lld links the <stdio.h> program with the fragment and newlib's libc.a");
    /* the fast section holds decimal (90 bytes) and not log_reading; strlen comes from newlib */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && llvm-readelf-19 -S --wide tl.elf | grep -q ' .freqsys_fast .* 00000000 ' && "
             "test \"$(llvm-nm-19 tl.elf | grep -cE '^0000[0-3][0-9a-f]{3} t decimal$')\" = 1 && "
             "llvm-nm-19 tl.elf | grep -qE '^08[0-9a-f]{6} T log_reading$' && "
             "llvm-nm-19 tl.elf | grep -qE '^08[0-9a-f]{6} T strlen$'",
             dir);
    ok(system(cmd) == 0,
       "...the chosen function sits in .freqsys_fast at FAST, the rest and newlib's strlen in FLASH");
}

/* plan --compact on the firmware: the sizes are clang's at -Oz and -O2 in the build
 * the fragment names, the totals add up, and the choice keeps within the budget. */
static void compaction(const char *dir) {
    char cmd[20000], path[2048];
    static const char *const flags =
        "--target=thumbv7em-none-eabi -mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16 "
        "-isystem /usr/lib/arm-none-eabi/include -ffreestanding -ffunction-sections -fno-inline "
        "-fno-unroll-loops "
        "-fno-vectorize -fno-slp-vectorize";
    /* the builds use the estimate as a profile, with cold regions outlined */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' report '%s/tick.json' --format instr --scale 1000000 > '%s/tick.proftext' && "
             "llvm-profdata-19 merge -o '%s/tick.profdata' '%s/tick.proftext'",
             FREQSYS_SOURCE_DIR, TOOL, dir, dir, dir, dir);
    int profiled = system(cmd) == 0;
    char pgo[4096];
    snprintf(pgo, sizeof pgo,
             "-fprofile-instr-use='%s/tick.profdata' -mllvm -hot-cold-split=true -mllvm "
             "-profile-summary-cutoff-cold=999000 -mllvm -profile-guided-section-prefix=false",
             dir);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' plan '%s/tick.json' --compact --max-slowdown 5%% --format json "
             "-o '%s/compact.json' && clang-19 %s %s -Oz -c examples/firmware/firmware.c -o '%s/fw-oz.o' && "
             "clang-19 %s %s -O2 -c examples/firmware/firmware.c -o '%s/fw-o2.o'",
             FREQSYS_SOURCE_DIR, TOOL, dir, dir, flags, pgo, dir, flags, pgo, dir);
    int rc = profiled ? system(cmd) : -1;
    snprintf(path, sizeof path, "%s/compact.json", dir);
    json_error_t je;
    json_t *p = rc == 0 ? json_load_file(path, 0, &je) : NULL;
    json_t *items = json_object_get(p, "items");
    char oz[2048], o2[2048];
    snprintf(oz, sizeof oz, "%s/fw-oz.o", dir);
    snprintf(o2, sizeof o2, "%s/fw-o2.o", dir);
    int sizes = json_array_size(items) >= 5;
    long long size = 0;
    double cycles = 0, all_o2 = 0;
    for (size_t i = 0; i < json_array_size(items); i++) {
        json_t *it = json_array_get(items, i);
        const char *name = json_string_value(json_object_get(it, "function"));
        long long soz = json_integer_value(json_object_get(it, "size_oz"));
        long long so2 = json_integer_value(json_object_get(it, "size_o2"));
        if (soz != section_size(oz, name) || so2 != section_size(o2, name)) sizes = 0;
        int is_oz = !strcmp(json_string_value(json_object_get(it, "choice")), "Oz");
        size += is_oz ? soz : so2;
        cycles += json_real_value(json_object_get(it, is_oz ? "cycles_oz" : "cycles_o2"));
        all_o2 += json_real_value(json_object_get(it, "cycles_o2"));
    }
    ok(p && sizes, "--compact: every function's -Oz and -O2 size is clang's section in that build");
    ok(p && size == json_integer_value(json_object_get(p, "size")) && cycles <= 1.05 * all_o2 * (1 + 1e-12) &&
           size <= json_integer_value(json_object_get(p, "size_all_o2")),
       "...the chosen sizes add up, and the estimated cycles are within 5%% of all -O2");
    json_decref(p);
}

int main(void) {
    plan(9 + 2 + 2 + 7 + 3 + 1);
    const char *dir = tmp_dir();
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' run examples/firmware/tick.fspec -q -o '%s/tick.json' >/dev/null",
             FREQSYS_SOURCE_DIR, TOOL, dir);
    if (!ok(system(cmd) == 0, "the firmware example runs")) bail("no result to plan from");
    const long long budget = 256;
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' plan '%s/tick.json' --budget 256 --format json -o '%s/plan.json'",
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
    ok(json_array_size(items) >= 4 && used <= budget, "the selected functions take %lld of %lld bytes", used,
       budget);
    double claimed = json_real_value(json_object_get(p, "selected_heat"));
    is_double(claimed, heat, 1e-9 * (1 + heat), "selected_heat is the heat of the selected functions");
    is_double(claimed, brute(items, budget), 1e-9 * (1 + claimed),
              "...and the knapsack optimum over the items");
    is_double(json_real_value(json_object_get(p, "total_heat")), total, 1e-9 * (1 + total),
              "total_heat adds up");

    /* The ld fragment, in a real link of the firmware for a Cortex-M4. */
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' plan '%s/tick.json' --budget 256 --format ld -o '%s/fast.ld'",
             FREQSYS_SOURCE_DIR, TOOL, dir, dir);
    int rc = system(cmd);
    snprintf(path, sizeof path, "%s/script.ld", dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f,
                "MEMORY\n{\n  FLASH (rx) : ORIGIN = 0x08000000, LENGTH = 1M\n"
                "  FAST (rwx) : ORIGIN = 0x00000000, LENGTH = 16K\n}\nSECTIONS\n{\n"
                "  INCLUDE %s/fast.ld\n  .text : { *(.text*) } > FLASH\n}\n",
                dir);
        fclose(f);
    }
    int link = sh("cd '%s' && clang-19 --target=thumbv7em-none-eabi -mcpu=cortex-m4 -ffreestanding -O2 "
                  "-ffunction-sections -c examples/firmware/firmware.c -o %s/firmware.o",
                  FREQSYS_SOURCE_DIR, dir);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && ld.lld-19 -T script.ld firmware.o --defsym=HAL_GetTick=0x08000001 "
             "-e tick -o firmware.elf 2>link.err",
             dir);
    ok(rc == 0 && link == 0 && system(cmd) == 0, "ld.lld links the firmware with the fragment");
    /* the selected items landed in the fast section: with a profile the -Os build
     * inlines the helpers into tick, which is too large for 256 bytes */
    int fast = 0, placed = 1;
    for (size_t i = 0; i < json_array_size(items); i++) {
        json_t *it = json_array_get(items, i);
        if (!json_is_true(json_object_get(it, "selected"))) continue;
        fast++;
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && llvm-nm-19 firmware.elf | grep -qE '^0000[0-3][0-9a-f]{3} T %s$'", dir,
                 json_string_value(json_object_get(it, "function")));
        if (system(cmd) != 0) placed = 0;
    }
    ok(fast > 0 && placed, "...and the selected items sit in fast memory");
    /* At 400 bytes tick goes to fast memory too, and its calls to flash get ld.lld's
     * long-branch thunks in the fast section: none larger than the 12 bytes the plan
     * counts for each. */
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && '%s' plan '%s/tick.json' --budget 400 --format ld -o '%s/thunks.ld' && cd '%s' && "
        "sed 's/fast[.]ld/thunks.ld/' script.ld > thunks-script.ld && "
        "ld.lld-19 -T thunks-script.ld firmware.o --defsym=HAL_GetTick=0x08000001 -e tick -o thunks.elf && "
        "llvm-readelf-19 -s thunks.elf | awk '/LongThunk/ && $7 == 1 { n++; if ($3 > 12) big++ } "
        "END { exit !(n > 0 && big == 0) }'",
        FREQSYS_SOURCE_DIR, TOOL, dir, dir, dir);
    ok(system(cmd) == 0,
       "at 400 bytes the linker adds thunks to the fast section, each within the 12 bytes counted");

    /* The plan's page: every item in rank order with its place, the curve's points,
     * and the very fragment --format ld writes. */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' plan '%s/tick.json' --budget 256 --format html -o '%s/plan.html'",
             FREQSYS_SOURCE_DIR, TOOL, dir, dir);
    is_int(system(cmd), 0, "plan --format html writes a page");
    snprintf(path, sizeof path, "%s/plan.html", dir);
    char *page = slurp(path);
    int in_order = page != NULL;
    const char *at = page ? strstr(page, "<table id=\"items\">") : NULL;
    for (size_t i = 0; at && i < json_array_size(items); i++) {
        json_t *it = json_array_get(items, i);
        const char *where = json_is_true(json_object_get(it, "selected")) ? "fast"
                            : json_is_true(json_object_get(it, "cold"))   ? "compress"
                                                                          : "flash";
        char row[512];
        snprintf(row, sizeof row, "<tr class=\"%s\"><td class=\"num\">%zu</td><td><code>%s</code>", where,
                 i + 1, json_string_value(json_object_get(it, "function")));
        const char *next = strstr(at, row);
        if (!next) in_order = 0;
        at = next;
    }
    size_t points = 0;
    for (const char *c = page; c && (c = strstr(c, "<circle class=\"point\"")) != NULL; c++) points++;
    ok(in_order && points == json_array_size(json_object_get(p, "curve")) && points > 0,
       "...each item in rank order with its place, and the curve's %zu points", points);
    snprintf(path, sizeof path, "%s/fast.ld", dir);
    char *ld = slurp(path);
    const char *pre = page ? strstr(page, "<pre id=\"fragment\">") : NULL;
    const char *pre_end = pre ? strstr(pre, "</pre>") : NULL;
    char *shown = pre && pre_end ? unescaped(pre + strlen("<pre id=\"fragment\">"), pre_end) : NULL;
    ok(ld && shown && !strcmp(ld, shown), "...and the linker fragment exactly as --format ld writes it");
    free(shown);
    free(ld);
    free(page);
    /* the function order, as a fragment inside .text: the linked functions follow it */
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' plan '%s/tick.json' --budget 256 --order -o '%s/order.ld'",
             FREQSYS_SOURCE_DIR, TOOL, dir, dir);
    rc = system(cmd);
    snprintf(path, sizeof path, "%s/order-script.ld", dir);
    f = fopen(path, "w");
    if (f) {
        fprintf(f,
                "MEMORY\n{\n  FLASH (rx) : ORIGIN = 0x08000000, LENGTH = 1M\n}\nSECTIONS\n{\n"
                "  .text : { INCLUDE %s/order.ld\n *(.text*) } > FLASH\n}\n",
                dir);
        fclose(f);
    }
    snprintf(cmd, sizeof cmd,
             "cd '%s' && ld.lld-19 -T order-script.ld firmware.o --defsym=HAL_GetTick=0x08000001 "
             "-e tick -o ordered.elf 2>order.err && sed -n 's/^\\*(\\.text\\.\\([A-Za-z_0-9]*\\)).*/\\1/p' "
             "order.ld "
             "> want.txt && llvm-nm-19 -n ordered.elf | awk '$2 == \"T\" {print $3}' | grep -xFf want.txt > "
             "got.txt && "
             "test -s want.txt && cmp -s want.txt got.txt",
             dir);
    ok(rc == 0 && system(cmd) == 0, "--order: ld.lld lays the functions out in the fragment's order");
    json_t *order = json_object_get(p, "order");
    ok(json_array_size(order) == json_array_size(items) &&
           !strcmp(json_string_value(json_object_get(json_array_get(order, 0), "function")), "tick"),
       "the JSON lists the order, the dispatcher tick first with its callees after it");
    json_decref(p);
    compaction(dir);
    real_sizes(dir);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) diag("could not remove %s", dir);
    return done();
}

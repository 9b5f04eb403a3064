/* freqsys/stuck_loop.c: the loop of the program that a code address of a stuck trial lies in. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "stuck_loop.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "natural_loop.h"

/* The innermost frame at offset OFF of the shared object PATH that is a function of
 * MOD, as its index, with its line in *LINE; -1 when none. */
static long locate(const fsabi_module *mod, const char *path, uintptr_t off, uint32_t *line) {
    if (strchr(path, '\'')) return -1;   /* not quoted below */
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "llvm-symbolizer-19 --inlining --obj='%s' 0x%llx 2>/dev/null", path,
             (unsigned long long)off);
    FILE *f = popen(cmd, "r");
    if (!f) return -1;
    char name[1024], where[2048];
    long found = -1;
    /* pairs of lines, the innermost inlined frame first: a name, then FILE:LINE:COLUMN */
    while (found < 0 && fgets(name, sizeof name, f) && fgets(where, sizeof where, f)) {
        name[strcspn(name, "\n")] = '\0';
        char *colon = strrchr(where, ':');
        if (colon) *colon = '\0';   /* the column */
        colon = strrchr(where, ':');
        if (!colon) continue;
        for (uint64_t i = 0; i < mod->nfunctions; i++)
            if (!strcmp(mod->functions[i].name, name)) {
                found = (long)i;
                *line = (uint32_t)strtoul(colon + 1, NULL, 10);
                break;
            }
    }
    pclose(f);
    return found;
}

/* A name the module's file can be read by while this process maps it: the file
 * itself is deleted once loaded, so its mapping (from /proc/self/maps, the one
 * holding BASE) is named through /proc/PID/map_files. Returns 0, or -1. */
static int mapped_name(uintptr_t base, char *out, size_t n) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return -1;
    char line[4400];
    int rc = -1;
    while (rc && fgets(line, sizeof line, maps)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx", &lo, &hi) != 2 || base < lo || base >= hi) continue;
        snprintf(out, n, "/proc/%ld/map_files/%lx-%lx", (long)getpid(), lo, hi);
        rc = 0;
    }
    fclose(maps);
    return rc;
}

void stuck_loop_mark(void *ctx, uint64_t pc, uint8_t *stuck) {
    const fsabi_module *mod = ctx;
    Dl_info at, self;
    if (!dladdr((void *)(uintptr_t)pc, &at) || !dladdr(mod, &self) || at.dli_fbase != self.dli_fbase ||
        !at.dli_fname)
        return;   /* outside the module: the trial waits in the C library, or is lost */
    uint32_t line = 0;
    char file[128];
    if (mapped_name((uintptr_t)at.dli_fbase, file, sizeof file) != 0) return;
    long fi = locate(mod, file, (uintptr_t)pc - (uintptr_t)at.dli_fbase, &line);
    if (fi < 0) return;
    const fsabi_function *f = &mod->functions[fi];
    /* the blocks that start at the line, or else the last one starting before it */
    uint32_t before = UINT32_MAX, best_line = 0;
    int any = 0;
    for (uint32_t b = f->first_block; b < f->first_block + f->nblocks; b++) {
        uint32_t l = mod->blocks[b].line;
        if (l == line) {
            any = 1;
            natural_loop_mark(mod, b, stuck);
        } else if (l && l < line && l >= best_line) {
            best_line = l;
            before = b;
        }
    }
    if (!any && before != UINT32_MAX) natural_loop_mark(mod, before, stuck);
}

/* freqsys/result/code_place.c: where in the program a code address of a stuck or crashed trial lies: its
 * block, its loop. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "code_place.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "natural_loop.h"

/* The innermost frame at offset OFF of the shared object PATH that is a function of
 * MOD, as its index, with its line in *LINE; -1 when none. */
static long locate(const fsabi_module *mod, const char *path, uintptr_t off, uint32_t *line) {
    if (strchr(path, '\'')) return -1; /* not quoted below */
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
        if (colon) *colon = '\0'; /* the column */
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

/* The places found so far: a crash site or a stuck loop is the same few addresses
 * in trial after trial, and the symbolizer takes tens of milliseconds a call. */
#define PLACE_CACHE 256
static struct known_place {
    uint64_t pc;
    long function;
    uint32_t line;
} known[PLACE_CACHE];
static size_t nknown;

static long place_uncached(const fsabi_module *mod, uint64_t pc, uint32_t *line);

/* The function (its index) and line of PC when it lies in MOD; -1 when not. */
static long place(const fsabi_module *mod, uint64_t pc, uint32_t *line) {
    for (size_t i = 0; i < nknown; i++)
        if (known[i].pc == pc) {
            *line = known[i].line;
            return known[i].function;
        }
    long fi = place_uncached(mod, pc, line);
    if (nknown < PLACE_CACHE) known[nknown++] = (struct known_place){pc, fi, *line};
    return fi;
}

static long place_uncached(const fsabi_module *mod, uint64_t pc, uint32_t *line) {
    Dl_info at, self;
    /* an address the worker reported, not a pointer this process made */
    if (!dladdr((void *)(uintptr_t)pc, &at) ||   // NOLINT(performance-no-int-to-ptr)
        !dladdr(mod, &self) || at.dli_fbase != self.dli_fbase)
        return -1; /* outside the module: the C library, or lost */
    char file[128];
    if (mapped_name((uintptr_t)at.dli_fbase, file, sizeof file) != 0) return -1;
    return locate(mod, file, (uintptr_t)pc - (uintptr_t)at.dli_fbase, line);
}

/* The blocks of function FI that start at LINE, each given to FN; or, when none
 * does, the last one starting before it. Returns how many were given. */
static int blocks_at(const fsabi_module *mod, long fi, uint32_t line,
                     void (*fn)(const fsabi_module *, uint32_t, void *), void *arg) {
    const fsabi_function *f = &mod->functions[fi];
    uint32_t before = UINT32_MAX, best_line = 0;
    int any = 0;
    for (uint32_t b = f->first_block; b < f->first_block + f->nblocks; b++) {
        uint32_t l = mod->blocks[b].line;
        if (l == line) {
            any++;
            fn(mod, b, arg);
        } else if (l && l < line && l >= best_line) {
            best_line = l;
            before = b;
        }
    }
    if (!any && before != UINT32_MAX) {
        fn(mod, before, arg);
        any = 1;
    }
    return any;
}

static void mark_loop(const fsabi_module *mod, uint32_t b, void *stuck) {
    natural_loop_mark(mod, b, stuck);
}

void code_place_mark_loop(void *ctx, uint64_t pc, uint8_t *stuck) {
    const fsabi_module *mod = ctx;
    uint32_t line = 0;
    long fi = place(mod, pc, &line);
    if (fi >= 0) blocks_at(mod, fi, line, mark_loop, stuck);
}

/* Of the blocks starting at one line, the last: the then-block of a one-line `if
 * (p) *q = 1;`, where such a line's fault is. */
static void last_block(const fsabi_module *mod, uint32_t b, void *out) {
    (void)mod;
    long *block = out;
    *block = b;
}

long code_place_block(void *ctx, const uint64_t *pcs, int n) {
    const fsabi_module *mod = ctx;
    for (int i = 0; i < n; i++) {
        /* a return address is just past its call: the call is a byte back */
        uint64_t at = i ? pcs[i] - 1 : pcs[i];
        uint32_t line = 0;
        long fi = place(mod, at, &line), block = -1;
        if (fi >= 0 && blocks_at(mod, fi, line, last_block, &block) && block >= 0) return block;
    }
    return -1;
}

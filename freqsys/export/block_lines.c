/* freqsys/export/block_lines.c: every block's lines and discriminators, from the program compiled as clang's
 * front end emits it. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "block_lines.h"

#include <stdlib.h>
#include <string.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include "frontend_blocks.h"

/* A line profile (clang's sample profile, GCC's AutoFDO file) keys its counts by the
 * line and the discriminator of each instruction; blocks that share a line are told
 * apart only by discriminators, which the compiler assigns when it reads the profile:
 *
 * clang: AddDiscriminators runs first in the pipeline of -fprofile-sample-use, on the
 *   code as the front end emits it at -O2 (the result's blocks, without the counters
 *   that -fprofile-instr-generate adds, and with the blocks that end a loop
 *   variable's lifetime, which have no count of their own here). It walks the blocks in order; the
 *   first block to hold code of a line keeps discriminator 0 there, each later block
 *   holding the line gets the next number of that line; then in each block every call
 *   on a line after the first call on it gets the next number. Intrinsics but memory
 *   ones are skipped. This is followed here exactly.
 * GCC 12's AutoFDO reads a position as its line alone (the afdo export, report_afdo.c,
 *   says why), so only the lines matter there. */

typedef struct line_counter {
    char *file;
    int line;
    unsigned last;
} line_counter;

typedef struct ctx {
    const result *r;
    block_lines *out;
    size_t cap;
    line_counter *counters;
    size_t ncounters, counters_cap;
    char *err;
    size_t errlen;
} ctx;

static int oom(ctx *c) {
    snprintf(c->err, c->errlen, "out of memory");
    return -1;
}

/* The next discriminator of FILE:LINE in the function (numbers are per line). */
static unsigned next_of(ctx *c, const char *file, int line, unsigned *out) {
    for (size_t k = 0; k < c->ncounters; k++)
        if (c->counters[k].line == line && !strcmp(c->counters[k].file, file))
            return *out = ++c->counters[k].last, 0;
    if (c->ncounters == c->counters_cap) {
        size_t cap = c->counters_cap ? 2 * c->counters_cap : 64;
        line_counter *v = realloc(c->counters, cap * sizeof *v);
        if (!v) return (unsigned)oom(c);
        c->counters = v;
        c->counters_cap = cap;
    }
    char *f = strdup(file);
    if (!f) return (unsigned)oom(c);
    c->counters[c->ncounters++] = (line_counter){.file = f, .line = line, .last = 1};
    *out = 1;
    return 0;
}

static void reset_counters(ctx *c) {
    for (size_t k = 0; k < c->ncounters; k++) free(c->counters[k].file);
    c->ncounters = 0;
}

/* Whether AddDiscriminators gives INST a discriminator: not an intrinsic, unless one
 * of memory (SROA may turn it into loads and stores). */
static int discriminated(LLVMValueRef inst) {
    return !LLVMIsAIntrinsicInst(inst) || LLVMIsAMemIntrinsic(inst);
}

static const char *file_of(LLVMValueRef inst) {
    unsigned len = 0;
    const char *f = LLVMGetDebugLocFilename(inst, &len);
    return f && len ? f : NULL;
}

/* Whether INST has a line: instructions without a location have line 0. */
static int located(LLVMValueRef inst) {
    return LLVMGetDebugLocLine(inst) > 0 && file_of(inst);
}

static int add(ctx *c, block_position p) {
    if (c->out->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 256;
        block_position *v = realloc(c->out->v, cap * sizeof *v);
        if (!v) return oom(c);
        c->out->v = v;
        c->cap = cap;
    }
    c->out->v[c->out->n++] = p;
    return 0;
}

/* A line of a block, with the discriminator clang gives the block's code there. */
typedef struct held_line {
    size_t block;
    const char *file;
    int line;
    unsigned d;
} held_line;

static held_line *find_held(held_line *v, size_t n, size_t block, const char *file, int line, int any_block) {
    for (size_t k = 0; k < n; k++)
        if ((any_block || v[k].block == block) && v[k].line == line && v[k].file && file &&
            !strcmp(v[k].file, file))
            return &v[k];
    return NULL;
}

/* AddDiscriminators' first walk: the discriminator of each block on each of its lines.
 * Returns the list (*N entries), or NULL with ERR set. */
static held_line *clang_lines(ctx *c, LLVMBasicBlockRef *bbs, size_t n, size_t *count) {
    held_line *v = NULL;
    size_t len = 0, cap = 0;
    reset_counters(c);
    for (size_t b = 0; b < n; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(bbs[b]); i; i = LLVMGetNextInstruction(i)) {
            if (!discriminated(i) || !located(i)) continue;
            int line = (int)LLVMGetDebugLocLine(i);
            const char *f = file_of(i);
            if (find_held(v, len, b, f, line, 0)) continue;
            unsigned d = 0;
            if (find_held(v, len, b, f, line, 1) && next_of(c, f, line, &d) != 0) {
                free(v);
                return NULL;
            }
            if (len == cap) {
                cap = cap ? 2 * cap : 64;
                held_line *w = realloc(v, cap * sizeof *w);
                if (!w) {
                    free(v);
                    oom(c);
                    return NULL;
                }
                v = w;
            }
            v[len++] = (held_line){.block = b, .file = f, .line = line, .d = d};
        }
    *count = len;
    return v ? v : calloc(1, sizeof *v);
}

/* Whether local variable A lives in a register once in SSA form: every use a load
 * from it, a store to it, or a lifetime or debug mark (what mem2reg promotes). */
static int promotable(LLVMValueRef a) {
    for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user)) continue;
        if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == a && LLVMGetOperand(user, 0) != a) continue;
        if (LLVMIsAIntrinsicInst(user) && !LLVMIsAMemIntrinsic(user)) continue;
        return 0;
    }
    return 1;
}

/* Whether GCC keeps a statement for INST when its AutoFDO pass reads the counts, on
 * the code in SSA form: not for a jump (GCC keeps no statement for a goto), nor for a
 * load or store of a local variable in a register (a constant or a copy put in one,
 * as a for statement's `i = 0`, is an argument of a PHI node there, which it does not
 * count). */
static int gcc_statement(LLVMValueRef inst) {
    if (LLVMGetInstructionOpcode(inst) == LLVMBr && !LLVMIsConditional(inst)) return 0;
    LLVMValueRef at = LLVMIsALoadInst(inst)    ? LLVMGetOperand(inst, 0)
                      : LLVMIsAStoreInst(inst) ? LLVMGetOperand(inst, 1)
                                               : NULL;
    return !(at && LLVMIsAAllocaInst(at) && promotable(at));
}

/* Adds the place of an instruction of block BLOCK unless the block has it already; a
 * call always gets one, with its callee. STMT: whether GCC has a statement for it. */
static int place(ctx *c, uint32_t block, int line, unsigned d, const char *callee, int stmt) {
    /* the block's places so far are the last ones added */
    for (size_t k = c->out->n; !callee && k > 0 && c->out->v[k - 1].block == block; k--) {
        block_position *p = &c->out->v[k - 1];
        if (p->line == line && p->clang_discriminator == d && !p->callee) {
            p->gcc_statement |= stmt;
            return 0;
        }
    }
    char *name = callee ? strdup(callee) : NULL;
    if (callee && !name) return oom(c);
    int rc = add(
        c,
        (block_position){
            .block = block, .line = line, .clang_discriminator = d, .callee = name, .gcc_statement = stmt});
    if (rc != 0) free(name);
    return rc;
}

/* The places of IR function FN, whose blocks MAP gives the result's. */
static int places(ctx *c, LLVMValueRef fn, LLVMBasicBlockRef *bbs, size_t n, const size_t *map) {
    LLVMMetadataRef sp = LLVMGetSubprogram(fn);
    unsigned len = 0;
    const char *file = sp ? LLVMDIFileGetFilename(LLVMDIScopeGetFile(sp), &len) : NULL;
    if (!file || !len) return 0; /* no debug information: no places */
    char *own = strndup(file, len);
    size_t nheld = 0;
    held_line *held = NULL;
    int rc = !own ? oom(c) : 0;
    if (rc == 0 && !(held = clang_lines(c, bbs, n, &nheld))) rc = -1;
    /* the second walk: in each block, a call on a line after the first call on it gets
     * the line's next number; the numbers go on from the first walk's */
    for (size_t b = 0; b < n && rc == 0; b++) {
        held_line *calls = NULL;
        size_t ncalls = 0;
        for (LLVMValueRef i = LLVMGetFirstInstruction(bbs[b]); i && rc == 0; i = LLVMGetNextInstruction(i)) {
            if (!discriminated(i) || !located(i)) continue;
            int line = (int)LLVMGetDebugLocLine(i);
            const char *f = file_of(i);
            held_line *h = find_held(held, nheld, b, f, line, 0);
            unsigned d = h ? h->d : 0;
            const char *callee = NULL;
            if (LLVMIsACallInst(i) && !LLVMIsAIntrinsicInst(i)) {
                if (find_held(calls, ncalls, b, f, line, 0)) {
                    rc = next_of(c, f, line, &d) != 0 ? -1 : 0;
                } else {
                    held_line *w = realloc(calls, (ncalls + 1) * sizeof *w);
                    if (!w) {
                        rc = oom(c);
                        break;
                    }
                    calls = w;
                    calls[ncalls++] = (held_line){.block = b, .file = f, .line = line};
                }
                LLVMValueRef target = LLVMGetCalledValue(i);
                if (target && LLVMIsAFunction(target) && *LLVMGetValueName(target))
                    callee = LLVMGetValueName(target);
            }
            if (rc == 0 && map[b] != SIZE_MAX && !strcmp(f, own))
                rc = place(c, (uint32_t)map[b], line, d, callee, gcc_statement(i));
        }
        free(calls);
    }
    free(held);
    free(own);
    return rc;
}

int block_lines_compute(const result *r, const char *spec_path, block_lines *out, char *err, size_t errlen) {
    *out = (block_lines){0};
    ctx c = {.r = r, .out = out, .err = err, .errlen = errlen};
    LLVMContextRef lc = LLVMContextCreate();
    LLVMModuleRef m = NULL;
    int rc = frontend_module_compile(spec_path, lc, &m, err, errlen);
    for (LLVMValueRef fn = m ? LLVMGetFirstFunction(m) : NULL; fn && rc == 0; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn)) continue;
        size_t n = LLVMCountBasicBlocks(fn);
        LLVMBasicBlockRef *bbs = malloc((n + 1) * sizeof *bbs);
        size_t *map = malloc((n + 1) * sizeof *map);
        char *extra = malloc(n + 1);
        if (!bbs || !map || !extra) rc = oom(&c);
        if (rc == 0) {
            LLVMGetBasicBlocks(fn, bbs);
            rc = frontend_blocks_match(r, LLVMGetValueName(fn), bbs, n, map, extra, err, errlen);
        }
        if (rc == 0) rc = places(&c, fn, bbs, n, map);
        free(bbs);
        free(map);
        free(extra);
    }
    if (m) LLVMDisposeModule(m);
    LLVMContextDispose(lc);
    reset_counters(&c);
    free(c.counters);
    if (rc != 0) block_lines_free(out);
    return rc;
}

void block_lines_free(block_lines *b) {
    for (size_t k = 0; k < b->n; k++) free(b->v[k].callee);
    free(b->v);
    *b = (block_lines){0};
}

/* freqsys/export/frontend_blocks.c: the program as clang's optimising front end emits it, its blocks matched
 * to a result's. */
/* SPDX-License-Identifier: MIT */
#include "frontend_blocks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "profile_flags.h"
#include "result_spec.h"
#include "transform.h"

/* The spec's flags without those that make clang add counters, and then those that
 * make the front end emit what it emits when optimising (its lifetime markers come
 * with blocks of their own, which discriminators and probes number) with no pass run
 * after it. */
static char **plain_flags(char **flags, size_t n, size_t *kept) {
    static char *const optimising[] = {"-O2", "-Xclang", "-disable-llvm-passes"};
    size_t extra = sizeof optimising / sizeof optimising[0];
    char **v = calloc(n + extra + 1, sizeof *v);
    *kept = 0;
    for (size_t k = 0; v && k < n; k++)
        if (!profile_flags_generates(flags[k])) v[(*kept)++] = flags[k];
    for (size_t k = 0; v && k < extra; k++) v[(*kept)++] = optimising[k];
    return v;
}

int frontend_module_compile(const char *spec_path, LLVMContextRef lc, LLVMModuleRef *out, char *err,
                            size_t errlen) {
    *out = NULL;
    spec *s;
    if (result_spec_parse(spec_path, &s, err, errlen) != 0) return -1;
    char **cflags = s->cflags;
    size_t ncflags = s->ncflags, kept;
    char **plain = plain_flags(cflags, ncflags, &kept);
    int rc = 0;
    if (!plain) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    } else {
        s->cflags = plain;
        s->ncflags = kept;
        if (compile_sources(s, lc, out, err, errlen) != 0) {
            rc = -1;
        }
        s->cflags = cflags;
        s->ncflags = ncflags;
    }
    free(plain);
    spec_free(s);
    return rc;
}

static size_t stem_len(const char *name) {
    size_t n = strlen(name);
    while (n > 0 && name[n - 1] >= '0' && name[n - 1] <= '9') n--;
    return n;
}

int block_names_same_stem(const char *a, const char *b) {
    size_t n = stem_len(a);
    return n == stem_len(b) && strncmp(a, b, n) == 0;
}

/* The first line of BB's code, 0 when none is known. */
static int first_line(LLVMBasicBlockRef bb) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMGetDebugLocLine(i) > 0) return (int)LLVMGetDebugLocLine(i);
    return 0;
}

/* The first of R's blocks [FROM, END) named like LABEL, the first of them on LINE when
 * one is; END when none is named so. */
static size_t next_match(const result *r, size_t from, size_t end, const char *label, int line) {
    size_t any = end;
    for (size_t i = from; i < end; i++)
        if (block_names_same_stem(r->blocks[i].block, label)) {
            if (line && r->blocks[i].line == line) return i;
            if (any == end) any = i;
        }
    return any;
}

int frontend_blocks_match(const result *r, const char *name, LLVMBasicBlockRef *bbs, size_t n, size_t *map,
                          char *extra, char *err, size_t errlen) {
    size_t first, end;
    result_function_blocks(r, name, &first, &end);
    size_t j = first;
    for (size_t k = 0; k < n; k++) {
        extra[k] = 0;
        if (first == SIZE_MAX) {
            map[k] = SIZE_MAX;
            continue;
        }
        const char *label = LLVMGetBasicBlockName(bbs[k]);
        while (j < end && !block_names_same_stem(r->blocks[j].block, label) &&
               report_counting_block(r->blocks[j].block))
            j++;
        /* a block with no count of the run's own: one the optimising front end adds */
        int later = 0;
        for (size_t i = j; i < end && !later; i++) later = block_names_same_stem(r->blocks[i].block, label);
        if (!later) {
            map[k] = SIZE_MAX;
            extra[k] = 1;
            continue;
        }
        /* Result blocks before it that the front end's code lacks: at -O2 it sends an
         * empty `case X: break;` straight to the switch's end, where -O0 gives it a
         * block of its own. The run counted them; no place of this code has them. */
        if (!block_names_same_stem(r->blocks[j].block, label))
            j = next_match(r, j, end, label, first_line(bbs[k]));
        if (j == end) {
            snprintf(err, errlen,
                     "%s: block %s is not among the result's blocks (the sources changed since the "
                     "run?)",
                     name, label);
            return -1;
        }
        map[k] = j++;
    }
    return 0;
}

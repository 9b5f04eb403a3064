/* freqsys/plan/code_parts.c: the functions of an optimised object split into machine blocks, with runs,
 * cycles and bytes. */
/* SPDX-License-Identifier: MIT */
#include "code_parts.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "block_freq.h"
#include "mca_cycles.h"

/* A machine block being read: its instructions as llvm-mca will see them. */
typedef struct pending {
    char *text;
    size_t len, cap;
} pending;

static int append(pending *p, const char *line, size_t n) {
    if (p->len + n + 2 > p->cap) {
        size_t cap = (p->cap + n + 2) * 2;
        char *t = realloc(p->text, cap);
        if (!t) return -1;
        p->text = t;
        p->cap = cap;
    }
    if (p->len) p->text[p->len++] = '\n';
    memcpy(p->text + p->len, line, n);
    p->len += n;
    p->text[p->len] = '\0';
    return 0;
}

typedef struct reader {
    code_parts *out;
    pending *texts; /* one per block of all parts, in order */
    size_t ntexts, captexts;
    char comment;
    int thumb;
} reader;

static code_block *new_block(reader *r, const char *label) {
    code_part *p = &r->out->parts[r->out->n - 1];
    code_block *b = realloc(p->blocks, (p->nblocks + 1) * sizeof *b);
    if (!b) return NULL;
    p->blocks = b;
    b = &p->blocks[p->nblocks++];
    memset(b, 0, sizeof *b);
    b->label = strdup(label);
    if (r->ntexts == r->captexts) {
        size_t cap = r->captexts ? r->captexts * 2 : 64;
        pending *t = realloc(r->texts, cap * sizeof *t);
        if (!t) return NULL;
        r->texts = t;
        r->captexts = cap;
    }
    memset(&r->texts[r->ntexts++], 0, sizeof *r->texts);
    return b->label ? b : NULL;
}

/* The IR block a block line names ("@ %for.body.i" after its label), or "". */
static void block_label(const char *line, char comment, char *label, size_t size) {
    char mark[4] = {comment, ' ', '%', '\0'};
    const char *at = NULL;
    for (const char *s = strstr(line, mark); s; s = strstr(s + 1, mark)) at = s;
    label[0] = '\0';
    if (!at) return;
    at += 3;
    size_t n = 0;
    while (at[n] && !isspace((unsigned char)at[n])) n++;
    if (n && at[n - 1] == ':') return; /* "%bb.7:" names the machine block only */
    snprintf(label, size, "%.*s", (int)n, at);
}

static int add_callee(code_block *b, const char *name, size_t n) {
    for (size_t k = 0; k < b->ncallees; k++)
        if (strlen(b->callees[k]) == n && !strncmp(b->callees[k], name, n)) return 0;
    char **c = realloc(b->callees, (b->ncallees + 1) * sizeof *c);
    if (!c) return -1;
    b->callees = c;
    c[b->ncallees] = strndup(name, n);
    return c[b->ncallees++] ? 0 : -1;
}

/* One instruction line of the current block: calls are noted and, for llvm-mca,
 * replaced by an instruction of the same size (it models a call as 100 cycles of
 * latency; the callee's cycles are its own part's). */
static int instruction(reader *r, const char *s) {
    code_part *p = &r->out->parts[r->out->n - 1];
    code_block *b = &p->blocks[p->nblocks - 1];
    pending *t = &r->texts[r->ntexts - 1];
    size_t n = strlen(s);
    const char *c = memchr(s, r->comment, n);
    if (c) n = (size_t)(c - s);
    while (n && isspace((unsigned char)s[n - 1])) n--;
    if (!n) return 0;
    char op[16] = "";
    size_t k = 0;
    while (k < n && k < sizeof op - 1 && !isspace((unsigned char)s[k])) {
        op[k] = s[k];
        k++;
    }
    op[k] = '\0';
    const char *target = s + k;
    while (target < s + n && isspace((unsigned char)*target)) target++;
    size_t tn = (size_t)(s + n - target);
    if (tn > 3 && !strncmp(target, "ra,", 3)) {
        target += 3;
        tn -= 3;
        while (tn && isspace((unsigned char)*target)) {
            target++;
            tn--;
        }
    }
    int named = tn && (isalpha((unsigned char)target[0]) || target[0] == '_') && !memchr(target, ',', tn) &&
                !memchr(target, '[', tn);
    int call = !strcmp(op, "bl") || !strcmp(op, "blx") || !strcmp(op, "call") || !strcmp(op, "jal");
    int jump = !strcmp(op, "b") || !strcmp(op, "b.w") || !strcmp(op, "tail") || !strcmp(op, "j");
    if (named && (call || jump) && add_callee(b, target, tn) != 0) return -1;
    if (named && call) return r->thumb ? append(t, "\tnop.w", 6) : append(t, "\tnop\n\tnop", 9);
    return append(t, s, n);
}

static int read_asm(reader *r, const char *text) {
    char fn[512] = "", label[256];
    int in = 0;
    const char *line = text;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char buf[1024];
        snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf - 1 ? n : sizeof buf - 1), line);
        line += n + (end ? 1 : 0);
        const char *s = buf;
        while (isspace((unsigned char)*s)) s++;
        if (!strncmp(s, ".type", 5) && (strstr(s, ",%function") || strstr(s, ",@function"))) {
            const char *name = s + 5;
            while (isspace((unsigned char)*name)) name++;
            snprintf(fn, sizeof fn, "%.*s", (int)strcspn(name, ","), name);
            continue;
        }
        if (!in && fn[0] && buf[0] != '\t' && !strncmp(buf, fn, strlen(fn)) && buf[strlen(fn)] == ':') {
            code_part *parts = realloc(r->out->parts, (r->out->n + 1) * sizeof *parts);
            if (!parts) return -1;
            r->out->parts = parts;
            memset(&parts[r->out->n], 0, sizeof *parts);
            parts[r->out->n].name = strdup(fn);
            r->out->n++;
            if (!parts[r->out->n - 1].name || !new_block(r, "")) return -1;
            in = 1;
            continue;
        }
        if (!in) continue;
        if (!strncmp(s, ".Lfunc_end", 10)) {
            in = 0;
            fn[0] = '\0';
            continue;
        }
        int bb_comment = s[0] == r->comment && !strncmp(s + 1 + strspn(s + 1, " "), "%bb.", 4);
        if (!strncmp(s, ".LBB", 4) || bb_comment) {
            block_label(s, r->comment, label, sizeof label);
            code_part *p = &r->out->parts[r->out->n - 1];
            code_block *last = &p->blocks[p->nblocks - 1];
            if (r->texts[r->ntexts - 1].len == 0 && last->ncallees == 0) {
                /* nothing read yet: this line names the block already begun */
                if (label[0]) {
                    free(last->label);
                    last->label = strdup(label);
                }
            } else if (!new_block(r, label))
                return -1;
            continue;
        }
        if (s[0] == '.' || s[0] == r->comment || s[0] == '\0' || buf[0] != '\t') continue;
        if (instruction(r, s) != 0) return -1;
    }
    return 0;
}

/* Each block's runs: those of the IR block it names, or of the block before it. */
static int block_runs(LLVMModuleRef m, code_part *p, double scale, double entries) {
    LLVMValueRef f = LLVMGetNamedFunction(m, p->name);
    size_t n = f ? LLVMCountBasicBlocks(f) : 0;
    double *runs = calloc(n + 1, sizeof *runs);
    LLVMBasicBlockRef *bbs = calloc(n + 1, sizeof *bbs);
    int rc = -1;
    if (!runs || !bbs) goto done;
    if (f &&
        (entries > 0 ? block_freq_solve_entries(f, entries, runs) : block_freq_solve(f, scale, runs)) != 0)
        goto done;
    if (f) LLVMGetBasicBlocks(f, bbs);
    double last = n ? runs[0] : 0;
    for (size_t k = 0; k < p->nblocks; k++) {
        code_block *b = &p->blocks[k];
        for (size_t j = 0; j < n && b->label[0]; j++) {
            const char *name = LLVMGetBasicBlockName(bbs[j]);
            if (name && !strcmp(name, b->label)) {
                last = runs[j];
                break;
            }
        }
        b->runs = last;
    }
    p->entries = p->nblocks ? p->blocks[0].runs : 0;
    rc = 0;
done:
    free(runs);
    free(bbs);
    return rc;
}

/* The extensions M's functions are compiled for, as -mattr takes them ("+m,+c"):
 * those its first function's "target-features" turns on; "" when it names none. */
static void target_features(LLVMModuleRef m, char *buf, size_t size) {
    buf[0] = '\0';
    LLVMValueRef f = LLVMGetFirstFunction(m);
    while (f && LLVMIsDeclaration(f)) f = LLVMGetNextFunction(f);
    LLVMAttributeRef a =
        f ? LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "target-features", 15) : NULL;
    unsigned len = 0;
    const char *all = a ? LLVMGetStringAttributeValue(a, &len) : "";
    size_t used = 0;
    for (unsigned i = 0; i < len;) {
        unsigned end = i;
        while (end < len && all[end] != ',') end++;
        if (all[i] == '+' && used + (end - i) + 2 < size)
            used +=
                (size_t)snprintf(buf + used, size - used, "%s%.*s", used ? "," : "", (int)(end - i), all + i);
        i = end + 1;
    }
}

int code_parts_read(LLVMModuleRef m, LLVMTargetMachineRef tm, const char *triple, const char *cpu,
                    double scale, code_parts *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    reader r = {.out = out,
                .comment = !strncmp(triple, "riscv", 5) ? '#' : '@',
                .thumb = !strncmp(triple, "thumb", 5)};
    if (strncmp(triple, "thumb", 5) && strncmp(triple, "arm", 3) && strncmp(triple, "riscv", 5))
        r.comment = '#';
    char features[1024];
    target_features(m, features, sizeof features);
    LLVMSetTargetMachineAsmVerbosity(tm, 1);
    char *msg = NULL;
    LLVMMemoryBufferRef buf = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, LLVMAssemblyFile, &msg, &buf)) {
        snprintf(err, errlen, "emitting assembly failed: %s", msg);
        LLVMDisposeMessage(msg);
        return -1;
    }
    size_t len = LLVMGetBufferSize(buf);
    char *text = malloc(len + 1);
    int rc = -1;
    if (text) {
        memcpy(text, LLVMGetBufferStart(buf), len);
        text[len] = '\0';
    }
    LLVMDisposeMemoryBuffer(buf);
    if (!text || read_asm(&r, text) != 0) {
        snprintf(err, errlen, "out of memory reading the assembly");
        goto done;
    }
    for (size_t i = 0; i < out->n; i++)
        if (block_runs(m, &out->parts[i], scale, 0) != 0) {
            snprintf(err, errlen, "out of memory");
            goto done;
        }
    /* an outlined part may have no entry count: its entries are its callers' calls */
    for (size_t i = 0; i < out->n; i++) {
        if (out->parts[i].entries > 0) continue;
        double calls = 0;
        for (size_t j = 0; j < out->n; j++)
            for (size_t k = 0; j != i && k < out->parts[j].nblocks; k++)
                for (size_t c = 0; c < out->parts[j].blocks[k].ncallees; c++)
                    if (!strcmp(out->parts[j].blocks[k].callees[c], out->parts[i].name))
                        calls += out->parts[j].blocks[k].runs;
        if (calls > 0 && block_runs(m, &out->parts[i], scale, calls) != 0) {
            snprintf(err, errlen, "out of memory");
            goto done;
        }
    }
    char **texts = calloc(r.ntexts + 1, sizeof *texts);
    double *cycles = calloc(r.ntexts + 1, sizeof *cycles);
    uint64_t *bytes = calloc(r.ntexts + 1, sizeof *bytes);
    if (texts && cycles && bytes) {
        for (size_t k = 0; k < r.ntexts; k++) texts[k] = r.texts[k].text;
        if (mca_cycles_measure(triple, cpu, features, r.comment, texts, r.ntexts, cycles, bytes, out->timing,
                               sizeof out->timing, err, errlen) == 0) {
            size_t k = 0;
            for (size_t i = 0; i < out->n; i++)
                for (size_t j = 0; j < out->parts[i].nblocks; j++, k++) {
                    out->parts[i].blocks[j].cycles = cycles[k];
                    out->parts[i].blocks[j].bytes = bytes[k];
                }
            rc = 0;
        }
    } else
        snprintf(err, errlen, "out of memory");
    free(texts);
    free(cycles);
    free(bytes);
done:
    for (size_t k = 0; k < r.ntexts; k++) free(r.texts[k].text);
    free(r.texts);
    free(text);
    if (rc != 0) code_parts_free(out);
    return rc;
}

code_part *code_parts_find(const code_parts *c, const char *name) {
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->parts[i].name, name)) return &c->parts[i];
    return NULL;
}

void code_parts_free(code_parts *c) {
    for (size_t i = 0; i < c->n; i++) {
        code_part *p = &c->parts[i];
        for (size_t j = 0; j < p->nblocks; j++) {
            for (size_t k = 0; k < p->blocks[j].ncallees; k++) free(p->blocks[j].callees[k]);
            free(p->blocks[j].callees);
            free(p->blocks[j].label);
        }
        free(p->blocks);
        free(p->name);
    }
    free(c->parts);
    memset(c, 0, sizeof *c);
}

/* freqsys/bounds/walk_bounds.c: bounds on loops that walk a drawn string or a char array, or standard
 * input to its end. */
/* SPDX-License-Identifier: MIT */
#include "walk_bounds.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
#include "given_walks.h"
#include "int_values.h"
#include "loop_cfg.h"
#include "object_steps.h"

/* Both rules count passes. A pass is one way round the loop, from its header H back
 * to H; the pass's value is taken in a block D that every pass crosses once (D is on
 * every way round and in no inner cycle). If, when the value is the one that ends
 * the walk (a NUL byte, EOF), no way leads from D back to H, then every return to H
 * follows a pass whose value was something else, and the rule bounds how many such
 * passes an entry into the loop can make. */

#define EVAL_BUDGET   512 /* values looked at to decide one branch */
#define START_BUDGET  64  /* loads followed to find where a pointer points */
#define TRIPS_LIMIT   (1LL << 31)
#define TEXT_READ_MAX 24 /* runtime.c writes a %s read's number with %lld or %.17g: 24 characters at most */
#define LINE_READ_MAX 25 /* ...and an fgets line adds a '\n' */

typedef struct walk {
    const walk_loop *l;
    unsigned d;           /* the block that takes the pass's value */
    LLVMValueRef value;   /* the byte loaded, or getchar's result */
    uint64_t ends;        /* the value that ends the walk: 0, or EOF (all ones) */
    unsigned char *after; /* [n] blocks a pass reaches after D, before H */
    /* a string walk only */
    LLVMValueRef var;          /* the pointer or index variable (an alloca) */
    int indexed;               /* var indexes the object, else points into it */
    LLVMValueRef var_load;     /* var's load in D the byte's address comes from */
    LLVMValueRef step;         /* var's one store inside the loop */
    unsigned s;                /* the step's block */
    unsigned char *after_step; /* [n] blocks a pass reaches after the step, before H */
    LLVMValueRef object;       /* the string's storage: the entry's parameter, or a buffer */
    long long inside;          /* an index's base points into an object of this many bytes, not
                                * at its start (no object then); -1: not so */
    long long least_start;     /* the least byte of it a walk starts at, over the entries */
    long long most_start;      /* the greatest */
    unsigned char *reads;      /* [n] blocks holding a read into a buffer object */
    long long *filled;         /* [n] a block ending in the C library's fgets into the buffer and a
                                * test of its result: the successor it takes when fgets filled the
                                * buffer; -1 elsewhere */
    long long read_max;        /* the most characters those reads write before the NUL */
    unsigned budget;
} walk;

static long long block_of(const walk_loop *l, LLVMValueRef i) {
    return ptr_map_get(l->ids, LLVMGetInstructionParent(i));
}

static int is_call(LLVMValueRef i) {
    return LLVMIsACallInst(i) || LLVMIsAInvokeInst(i);
}

static const char *callee_name(LLVMValueRef call) {
    LLVMValueRef f = LLVMGetCalledValue(call);
    size_t n;
    return f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
}

int walk_bounds_is_variable(LLVMValueRef a) {
    if (!a || !LLVMIsAAllocaInst(a)) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user)) continue;
        if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 1) != a || LLVMGetOperand(user, 0) == a) return 0;
    }
    return 1;
}

/* Whether I comes before J in their (same) block. */
static int before(LLVMValueRef i, LLVMValueRef j) {
    for (LLVMValueRef k = LLVMGetNextInstruction(i); k; k = LLVMGetNextInstruction(k))
        if (k == j) return 1;
    return 0;
}

/* Whether a store to VAR lies strictly between I and J of one block. */
static int stored_between(LLVMValueRef var, LLVMValueRef i, LLVMValueRef j) {
    for (LLVMValueRef k = LLVMGetNextInstruction(i); k && k != j; k = LLVMGetNextInstruction(k))
        if (LLVMIsAStoreInst(k) && LLVMGetOperand(k, 1) == var) return 1;
    return 0;
}

/* MARK: the blocks of the loop reachable from FROM's successors without passing
 * through the header (nor AVOID, when not -1). Returns whether the header itself
 * was reached. */
static int onward(const walk_loop *l, unsigned from, long avoid, unsigned char *mark) {
    memset(mark, 0, l->n);
    unsigned *stack = malloc((l->n + 1) * sizeof *stack);
    if (!stack) return 1;
    size_t top = 0;
    int header = 0;
    stack[top++] = from;
    int first = 1;
    while (top) {
        unsigned x = stack[--top];
        if (!first && x == l->header) {
            header = 1;
            continue;
        }
        first = 0;
        for (unsigned e = l->sfirst[x]; e < l->sfirst[x + 1]; e++) {
            unsigned y = l->succ[e];
            if (!l->comp[y] || (long)y == avoid || mark[y]) continue;
            mark[y] = 1;
            stack[top++] = y;
        }
    }
    free(stack);
    return header;
}

/* Whether every way round the loop passes block B once: B is the header, or in no
 * inner cycle with no way from the header back to it that avoids B. */
static int every_pass(const walk_loop *l, unsigned b, unsigned char *scratch) {
    if (b == l->header) return 1;
    return !l->inner[b] && !onward(l, l->header, b, scratch);
}

/* ---- what a pass that takes the ending value does ---- */

static int eval(walk *w, LLVMValueRef x, LLVMBasicBlockRef at, LLVMBasicBlockRef from, uint64_t *out);

/* Whether the load L of w->var sees the value var had when D loaded it: in D before
 * the step, or after D and before the step. */
static int fresh_var(walk *w, LLVMValueRef load) {
    long long b = block_of(w->l, load);
    if (b < 0 || LLVMGetOperand(load, 0) != w->var) return 0;
    if ((unsigned)b == w->s)
        return !before(w->step, load) && ((unsigned)b != w->d || !stored_between(w->var, w->var_load, load));
    if ((unsigned)b == w->d) return 1;
    return w->after[b] && !w->after_step[b];
}

static LLVMValueRef start_of(LLVMValueRef v, unsigned *budget);

/* Whether ADDR, in this pass, is the address of the byte D loaded. */
static int same_byte(walk *w, LLVMValueRef addr) {
    if (!w->var) return 0;
    if (addr == LLVMGetOperand(w->value, 0)) return 1;
    if (!w->indexed) return LLVMIsALoadInst(addr) && fresh_var(w, addr);
    LLVMValueRef base, index;
    unsigned budget = START_BUDGET;
    return walk_bounds_byte_address(addr, &base, &index) && LLVMIsALoadInst(index) && fresh_var(w, index) &&
           start_of(base, &budget) == w->object;
}

/* A load's value in the pass: a variable every store to which inside the loop is in D
 * and gives the same known value (the walked value kept, as `c = getchar()` keeps
 * it), loaded after D's store; or the byte D loaded, loaded again. */
static int eval_load(walk *w, LLVMValueRef load, uint64_t *out) {
    LLVMValueRef a = LLVMGetOperand(load, 0);
    if (w->var && LLVMTypeOf(load) == LLVMTypeOf(w->value) && same_byte(w, a)) {
        *out = w->ends & int_mask(LLVMGetIntTypeWidth(LLVMTypeOf(load)));
        return 0;
    }
    if (!walk_bounds_is_variable(a)) return -1;
    long long b = block_of(w->l, load);
    int known = 0, seen_in_d = 0;
    uint64_t v = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(st)) continue;
        long long sb = block_of(w->l, st);
        if (sb < 0 || !w->l->comp[sb]) continue; /* before the loop: a later pass stored over it */
        if ((unsigned)sb != w->d) return -1;
        uint64_t c;
        if (eval(w, LLVMGetOperand(st, 0), NULL, NULL, &c) != 0 || (known && c != v)) return -1;
        v = c;
        known = 1;
        if ((unsigned)b == w->d && before(st, load)) seen_in_d = 1;
    }
    if (!known || b < 0 || !(((unsigned)b == w->d && seen_in_d) || w->after[b])) return -1;
    *out = v;
    return 0;
}

/* The value X has in a pass whose walked value is the ending one, masked to X's
 * width, into OUT. AT, FROM: the block whose branch is decided and the block it was
 * entered from, whose values AT's phis take (NULL: not known). Returns 0, or -1
 * when unknown. */
static int eval(walk *w, LLVMValueRef x, LLVMBasicBlockRef at, LLVMBasicBlockRef from, uint64_t *out) {
    LLVMTypeRef ty = LLVMTypeOf(x);
    if (w->budget == 0) return -1;
    if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind) {
        /* a pointer: fgets's result (NULL when the walk ends), a null constant, or
         * one of those kept in a variable; no other pointer has a known value */
        w->budget--;
        if (x == w->value || LLVMIsAConstantPointerNull(x)) {
            *out = x == w->value ? w->ends : 0;
            return 0;
        }
        return LLVMIsALoadInst(x) ? eval_load(w, x, out) : -1;
    }
    if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ty) > 64) return -1;
    w->budget--;
    unsigned bits = LLVMGetIntTypeWidth(ty);
    uint64_t m = int_mask(bits), a, b;
    if (x == w->value) {
        *out = w->ends & m;
        return 0;
    }
    if (LLVMIsAConstantInt(x)) {
        *out = LLVMConstIntGetZExtValue(x) & m;
        return 0;
    }
    if (!LLVMIsAInstruction(x)) return -1;
    switch (LLVMGetInstructionOpcode(x)) {
    case LLVMTrunc:
    case LLVMZExt:
        if (eval(w, LLVMGetOperand(x, 0), at, from, &a) != 0) return -1;
        *out = a & m;
        return 0;
    case LLVMSExt:
        if (eval(w, LLVMGetOperand(x, 0), at, from, &a) != 0) return -1;
        *out = (uint64_t)int_signed(a, LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(x, 0)))) & m;
        return 0;
    case LLVMICmp: {
        LLVMValueRef p = LLVMGetOperand(x, 0);
        LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(p));
        if ((kind != LLVMIntegerTypeKind && kind != LLVMPointerTypeKind) || eval(w, p, at, from, &a) != 0 ||
            eval(w, LLVMGetOperand(x, 1), at, from, &b) != 0)
            return -1;
        *out = (uint64_t)int_compare(LLVMGetICmpPredicate(x), a, b,
                                     kind == LLVMPointerTypeKind ? 64 : LLVMGetIntTypeWidth(LLVMTypeOf(p)));
        return 0;
    }
    case LLVMAnd:
    case LLVMOr:
    case LLVMXor:
    case LLVMAdd:
    case LLVMSub: {
        if (eval(w, LLVMGetOperand(x, 0), at, from, &a) != 0 ||
            eval(w, LLVMGetOperand(x, 1), at, from, &b) != 0)
            return -1;
        LLVMOpcode op = LLVMGetInstructionOpcode(x);
        *out = (op == LLVMAnd   ? a & b
                : op == LLVMOr  ? a | b
                : op == LLVMXor ? a ^ b
                : op == LLVMAdd ? a + b
                                : a - b) &
               m;
        return 0;
    }
    case LLVMSelect:
        if (eval(w, LLVMGetOperand(x, 0), at, from, &a) == 0)
            return eval(w, LLVMGetOperand(x, a ? 1 : 2), at, from, out);
        if (eval(w, LLVMGetOperand(x, 1), at, from, &a) != 0 ||
            eval(w, LLVMGetOperand(x, 2), at, from, &b) != 0 || a != b)
            return -1;
        *out = a;
        return 0;
    case LLVMPHI: {
        unsigned n = LLVMCountIncoming(x);
        if (at && from && LLVMGetInstructionParent(x) == at) {
            for (unsigned k = 0; k < n; k++)
                if (LLVMGetIncomingBlock(x, k) == from)
                    return eval(w, LLVMGetIncomingValue(x, k), NULL, NULL, out);
            return -1;
        }
        for (unsigned k = 0; k < n; k++) { /* entered from anywhere: every way in must agree */
            if (eval(w, LLVMGetIncomingValue(x, k), NULL, NULL, &b) != 0 || (k && b != a)) return -1;
            a = b;
        }
        if (n == 0) return -1;
        *out = a;
        return 0;
    }
    case LLVMLoad:
        return eval_load(w, x, out);
    default:
        return -1;
    }
}

/* Whether a pass whose value is the ending one can go from D back to the header:
 * a search along the edges its branches can take, each branch decided where the
 * ending value decides it. Unknown (out of budget) counts as yes. */
static int way_back(walk *w) {
    const walk_loop *l = w->l;
    unsigned nedges = l->sfirst[l->n];
    unsigned char *seen = calloc(nedges + 1, 1);
    unsigned *stack = malloc((nedges + 2) * sizeof *stack); /* edge indices; D's own: nedges */
    if (!seen || !stack) {
        free(seen);
        free(stack);
        return 1;
    }
    size_t top = 0;
    int back = 0;
    stack[top++] = nedges;
    while (top && !back) {
        unsigned e = stack[--top];
        unsigned y = e == nedges ? w->d : l->succ[e];
        LLVMBasicBlockRef from = NULL;
        if (e != nedges)
            for (unsigned x = 0; x < l->n && !from; x++)
                if (e >= l->sfirst[x] && e < l->sfirst[x + 1]) from = l->bbs[x];
        LLVMValueRef term = LLVMGetBasicBlockTerminator(l->bbs[y]);
        LLVMBasicBlockRef only = NULL;
        if (LLVMIsABranchInst(term) && LLVMIsConditional(term)) {
            uint64_t c;
            w->budget = EVAL_BUDGET;
            if (eval(w, LLVMGetCondition(term), l->bbs[y], from, &c) == 0)
                only = LLVMGetSuccessor(term, c ? 0 : 1);
        }
        for (unsigned f = l->sfirst[y]; f < l->sfirst[y + 1]; f++) {
            unsigned z = l->succ[f];
            if (seen[f] || !l->comp[z] || (only && l->bbs[z] != only)) continue;
            if (z == l->header) {
                back = 1;
                break;
            }
            seen[f] = 1;
            stack[top++] = f;
        }
    }
    free(seen);
    free(stack);
    return back;
}

/* ---- the string and where it lives ---- */

/* The storage V points to the start of: a parameter, or a local char array; through
 * zero offsets and variables every store to which points there. NULL: unknown. */
static LLVMValueRef start_of(LLVMValueRef v, unsigned *budget) {
    if (!v || *budget == 0) return NULL;
    --*budget;
    if (LLVMIsAArgument(v)) return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind ? v : NULL;
    if (LLVMIsAAllocaInst(v)) {
        LLVMTypeRef t = LLVMGetAllocatedType(v);
        return LLVMGetTypeKind(t) == LLVMArrayTypeKind &&
                       LLVMGetElementType(t) == LLVMInt8TypeInContext(LLVMGetTypeContext(t))
                   ? v
                   : NULL;
    }
    if (LLVMIsAGetElementPtrInst(v) ||
        (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr)) {
        for (int k = 1; k < LLVMGetNumOperands(v); k++) {
            LLVMValueRef idx = LLVMGetOperand(v, (unsigned)k);
            if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) != 0) return NULL;
        }
        return start_of(LLVMGetOperand(v, 0), budget);
    }
    if (!LLVMIsALoadInst(v) || !walk_bounds_is_variable(LLVMGetOperand(v, 0))) return NULL;
    LLVMValueRef var = LLVMGetOperand(v, 0), object = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(st)) continue;
        LLVMValueRef o = start_of(LLVMGetOperand(st, 0), budget);
        if (!o || (object && o != object)) return NULL;
        object = o;
    }
    return object;
}

int walk_bounds_byte_address(LLVMValueRef addr, LLVMValueRef *base, LLVMValueRef *index) {
    if (!LLVMIsAGetElementPtrInst(addr)) return 0;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(addr), i8 = LLVMInt8TypeInContext(LLVMGetTypeContext(t));
    int n = LLVMGetNumOperands(addr);
    if (t == i8 && n == 2) {
        *index = LLVMGetOperand(addr, 1);
    } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind && LLVMGetElementType(t) == i8 && n == 3 &&
               LLVMIsAConstantInt(LLVMGetOperand(addr, 1)) &&
               LLVMConstIntGetZExtValue(LLVMGetOperand(addr, 1)) == 0) {
        *index = LLVMGetOperand(addr, 2);
    } else {
        return 0;
    }
    *base = LLVMGetOperand(addr, 0);
    if (LLVMIsASExtInst(*index) || LLVMIsAZExtInst(*index)) *index = LLVMGetOperand(*index, 0);
    return 1;
}

/* Whether FORMAT is a constant printf format with no %n (the one conversion that writes). */
static int format_reads_only(LLVMValueRef format) {
    if (LLVMIsAConstantExpr(format) && LLVMGetConstOpcode(format) == LLVMGetElementPtr)
        format = LLVMGetOperand(format, 0);
    if (!LLVMIsAGlobalVariable(format) || !LLVMIsGlobalConstant(format)) return 0;
    LLVMValueRef init = LLVMGetInitializer(format);
    if (!init || !LLVMIsConstantString(init)) return 0;
    size_t len;
    const char *s = LLVMGetAsString(init, &len);
    for (size_t k = 0; k < len; k++) {
        if (s[k] != '%') continue;
        k++;
        while (k < len && strchr("-+ #0123456789.*'hlLqjzt$", s[k])) k++;
        if (k < len && s[k] == 'n') return 0;
    }
    return 1;
}

static int named(const char *name, const char *const *list) {
    for (size_t k = 0; list[k]; k++)
        if (strcmp(name, list[k]) == 0) return 1;
    return 0;
}

/* The C library's line reads. */
static const char *const fgets_names[] = {"fgets", "fgets_unlocked", NULL};

/* What a call does with V, its argument at POS: 0 reads through it only, 1 returns a
 * pointer into it too, 2 it is a read filling a buffer, 3 the C library's fgets of
 * standard input into it (which fills it only when it does not return NULL: the
 * drawn standard input is text in memory, which no read fails on), -1 it may write
 * or keep it. */
static int call_use(LLVMValueRef call, unsigned pos, int buffer) {
    static const char *const reads[] = {"strlen",     "strnlen",     "strcmp", "strncmp", "memcmp",
                                        "strcasecmp", "strncasecmp", "strspn", "strcspn", "puts",
                                        "atoi",       "atol",        "atoll",  "atof",    NULL};
    static const char *const finds[] = {"strchr", "strrchr", "strstr", "strpbrk", "memchr", NULL};
    static const char *const copies[] = {"memcpy", "memmove", "strcpy", "strncpy", "strcat", "strncat", NULL};
    const char *name = callee_name(call);
    if (LLVMGetCalledValue(call) == LLVMGetOperand(call, pos)) return -1;
    if (!strncmp(name, "llvm.dbg.", 9) || !strncmp(name, "llvm.lifetime.", 14)) return 0;
    if (named(name, reads)) return 0;
    if (named(name, finds)) return pos == 0 ? 1 : 0;
    if (named(name, copies) || !strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "llvm.memmove.", 13))
        return pos == 1 ? 0 : -1;
    if (!strcmp(name, "fputs")) return pos == 0 ? 0 : -1;
    if (!strcmp(name, "printf")) return pos > 0 && format_reads_only(LLVMGetOperand(call, 0)) ? 0 : -1;
    if (!strcmp(name, "fprintf")) return pos > 1 && format_reads_only(LLVMGetOperand(call, 1)) ? 0 : -1;
    if (buffer && pos == 1 && (!strcmp(name, FSABI_READ_TEXT) || !strcmp(name, FSABI_READ_LINE))) return 2;
    if (buffer && pos == 0 && named(name, fgets_names) && LLVMGetNumArgOperands(call) == 3 &&
        walk_bounds_is_stdin(LLVMGetOperand(call, 2)))
        return 3;
    return -1;
}

int walk_bounds_call_use(LLVMValueRef call, unsigned pos) {
    int how = call_use(call, pos, 0);
    return how == 0 || how == 1 ? how : -1;
}

/* The successor of the block of CALL (the C library's fgets) that its branch takes
 * when fgets returned its buffer, not NULL: the block must end in a branch on a test
 * of the result against NULL. -1 when there is none. */
static long long filled_successor(const walk_loop *l, LLVMValueRef call) {
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(call);
    LLVMValueRef br = LLVMGetBasicBlockTerminator(bb);
    if (!br || LLVMGetInstructionOpcode(br) != LLVMBr || !LLVMIsConditional(br)) return -1;
    LLVMValueRef cmp = LLVMGetCondition(br);
    if (!LLVMIsAICmpInst(cmp) || LLVMGetInstructionParent(cmp) != bb) return -1;
    LLVMValueRef a = LLVMGetOperand(cmp, 0), b = LLVMGetOperand(cmp, 1);
    if (!((a == call && LLVMIsAConstantPointerNull(b)) || (b == call && LLVMIsAConstantPointerNull(a))))
        return -1;
    LLVMIntPredicate p = LLVMGetICmpPredicate(cmp);
    if (p != LLVMIntNE && p != LLVMIntEQ) return -1;
    /* NE: true when filled; EQ: false when filled */
    LLVMBasicBlockRef to = LLVMGetSuccessor(br, p == LLVMIntNE ? 0 : 1);
    return ptr_map_get(l->ids, to);
}

/* The most characters before the NUL that the read CALL (a %s or an fgets) leaves
 * in its buffer: the runtime fails the trial rather than write past its cap. */
static long long read_length(LLVMValueRef call) {
    int line = !strcmp(callee_name(call), FSABI_READ_LINE);
    long long most = line ? LINE_READ_MAX : TEXT_READ_MAX;
    LLVMValueRef cap = LLVMGetOperand(call, 2);
    if (LLVMIsAConstantInt(cap)) {
        long long c = LLVMConstIntGetSExtValue(cap);
        if (c >= 1 && c - 1 < most) most = c - 1;
        if (line && c < 1) return -1; /* fgets with no room: the read fails the trial */
    }
    return most;
}

int walk_values_add(walk_values *s, LLVMValueRef v) {
    if (ptr_map_get(&s->seen, v) >= 0) return 0;
    if (ptr_map_put(&s->seen, v, 1) != 0) return -1;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 32;
        LLVMValueRef *p = realloc(s->v, cap * sizeof *p);
        if (!p) return -1;
        s->v = p;
        s->cap = cap;
    }
    s->v[s->n++] = v;
    return 0;
}

void walk_values_free(walk_values *s) {
    free(s->v);
    ptr_map_free(&s->seen);
    memset(s, 0, sizeof *s);
}

/* Rule (strings nothing writes): follows every pointer the program makes from
 * w->object (offsets, copies through local variables, a search's result) to
 * every use, and says whether none can write the string or let it go where it
 * could be written: no store through it, no call other than a few C library
 * functions that only read (a printf only with a constant format without %n), no
 * store of it anywhere but a local variable, no return. For a buffer, the reads
 * filling it are the writes allowed: they go to w->reads, their longest text to
 * w->read_max, and they must lie in the loop's function. */
static int untouched(walk *w) {
    walk_values s = {0};
    int buffer = !LLVMIsAArgument(w->object), ok = walk_values_add(&s, w->object) == 0;
    LLVMValueRef fn = LLVMGetBasicBlockParent(w->l->bbs[0]);
    w->read_max = -1;
    for (size_t k = 0; ok && k < s.n; k++) {
        LLVMValueRef v = s.v[k];
        for (LLVMUseRef u = LLVMGetFirstUse(v); ok && u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            if (LLVMIsALoadInst(user) || LLVMIsAICmpInst(user)) continue;
            if (LLVMIsAStoreInst(user)) {
                LLVMValueRef to = LLVMGetOperand(user, 1);
                ok = LLVMGetOperand(user, 0) == v && to != v && walk_bounds_is_variable(to);
                for (LLVMUseRef r = ok ? LLVMGetFirstUse(to) : NULL; ok && r; r = LLVMGetNextUse(r))
                    if (LLVMIsALoadInst(LLVMGetUser(r))) ok = walk_values_add(&s, LLVMGetUser(r)) == 0;
            } else if (LLVMIsAGetElementPtrInst(user)) {
                ok = LLVMGetOperand(user, 0) == v && walk_values_add(&s, user) == 0;
            } else if (LLVMIsABitCastInst(user) || LLVMIsAPHINode(user) || LLVMIsASelectInst(user)) {
                ok = (!LLVMIsASelectInst(user) || LLVMGetOperand(user, 0) != v) &&
                     walk_values_add(&s, user) == 0;
            } else if (is_call(user)) {
                int how = -1;
                for (unsigned pos = 0; pos < LLVMGetNumArgOperands(user); pos++) {
                    if (LLVMGetOperand(user, pos) != v) continue;
                    int h = call_use(user, pos, buffer);
                    if (h < 0 || (how >= 0 && h != how)) {
                        how = -1;
                        break;
                    }
                    how = h;
                }
                if (how == 3) { /* the C library's fgets: it fills the buffer when it does not return NULL */
                    LLVMValueRef size = LLVMGetOperand(user, 1);
                    long long most = LLVMIsAConstantInt(size) ? LLVMConstIntGetSExtValue(size) - 1 : -1,
                              b = block_of(w->l, user), to = filled_successor(w->l, user);
                    /* over whole lines it stops after a line's '\n' at the latest */
                    double line = w->l->given ? w->l->given->walks.stdin_line_max : -1;
                    if (line >= 1 && line < (double)most) most = (long long)line;
                    unsigned budget = START_BUDGET;
                    ok = most >= 1 && b >= 0 && to >= 0 &&
                         LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == fn &&
                         start_of(v, &budget) == w->object && walk_values_add(&s, user) == 0;
                    if (ok) {
                        w->filled[b] = to;
                        if (most > w->read_max) w->read_max = most;
                    }
                } else if (how == 2) { /* a read from the buffer's first byte, in the loop's function */
                    long long most = read_length(user), b = block_of(w->l, user);
                    unsigned budget = START_BUDGET;
                    ok = most >= 0 && b >= 0 &&
                         LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == fn &&
                         start_of(v, &budget) == w->object;
                    if (ok) {
                        w->reads[b] = 1;
                        if (most > w->read_max) w->read_max = most;
                        if (!strcmp(callee_name(user), FSABI_READ_LINE)) ok = walk_values_add(&s, user) == 0;
                    }
                } else {
                    ok = how == 0 || (how == 1 && walk_values_add(&s, user) == 0);
                }
            } else {
                ok = 0;
            }
        }
    }
    walk_values_free(&s);
    return ok;
}

/* Whether every way from the function's entry to the loop's header crosses a block
 * that reads into the buffer (a read in the header itself comes too late for its
 * first test), or the edge a C library fgets into it takes when it filled it (when
 * it meets the end first, it returns NULL and leaves the buffer as it was). */
static int read_first(walk *w, unsigned char *mark) {
    const walk_loop *l = w->l;
    memset(mark, 0, l->n);
    unsigned *stack = malloc((l->n + 1) * sizeof *stack);
    if (!stack) return 0;
    size_t top = 0;
    mark[0] = 1;
    stack[top++] = 0;
    int reached = 0;
    while (top && !reached) {
        unsigned x = stack[--top];
        if (x == l->header) {
            reached = 1;
            break;
        }
        if (w->reads[x]) continue;
        for (unsigned e = l->sfirst[x]; e < l->sfirst[x + 1]; e++)
            if (!mark[l->succ[e]] && (long long)l->succ[e] != w->filled[x]) {
                mark[l->succ[e]] = 1;
                stack[top++] = l->succ[e];
            }
    }
    free(stack);
    return !reached;
}

/* The most characters before the NUL of the string in w->object, or -1. */
static long long text_bound(walk *w, unsigned char *scratch) {
    const bound_given *g = w->l->given;
    if (!g || !untouched(w)) return -1;
    if (LLVMIsAArgument(w->object)) {
        /* Rule (string arguments): `arg s ~ string(LEN, "set")` hands the entry a fresh
         * buffer each call, LEN characters of a set that holds no NUL, then a NUL. */
        double lo, hi, text;
        if (!given_walks_param(&g->walks, w->object, &lo, &hi, &text) || text < 0 ||
            text >= (double)TRIPS_LIMIT)
            return -1;
        return (long long)text;
    }
    /* Rule (read buffers): a local char array that only %s reads and fgets write, one
     * of which runs before every entry into the loop, holds a NUL within what the
     * longest of them writes; a read that finds the input ended writes nothing, so
     * none may. */
    if (g->walks.input_can_end || w->read_max < 0 || !read_first(w, scratch)) return -1;
    return w->read_max;
}

/* The parameter V holds: V itself, or a load of a local variable every store to which
 * stores that parameter, through sign and zero extensions; NULL otherwise. */
static LLVMValueRef parameter_of(LLVMValueRef v) {
    while (LLVMIsASExtInst(v) || LLVMIsAZExtInst(v)) v = LLVMGetOperand(v, 0);
    if (LLVMIsAArgument(v)) return v;
    if (!LLVMIsALoadInst(v) || !walk_bounds_is_variable(LLVMGetOperand(v, 0))) return NULL;
    LLVMValueRef var = LLVMGetOperand(v, 0), param = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(st)) continue;
        LLVMValueRef p = LLVMGetOperand(st, 0);
        if (!LLVMIsAArgument(p) || (param && p != param)) return NULL;
        param = p;
    }
    return param;
}

/* Whether taking the edge from block X to block Y means the length of the drawn
 * string OBJECT is at least C: X branches on a comparison of a parameter drawn as
 * length(OBJECT) (parameter_of) with a constant, one way to Y and the other
 * elsewhere, and the comparison on Y's side says so (len >= c, len > c - 1, len == c,
 * either order, either branch). The length L is a count of at most TEXT bytes that
 * the parameter's type holds (a draw that does not fit fails the trial); with TEXT
 * below the least width's signed limit, every extension and either reading of the
 * comparison sees L itself. */
static int guard_edge(const walk_loop *l, unsigned x, unsigned y, LLVMValueRef object, long long c,
                      double text) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(l->bbs[x]);
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term) || !LLVMIsAICmpInst(LLVMGetCondition(term)))
        return 0;
    LLVMBasicBlockRef s0 = LLVMGetSuccessor(term, 0), s1 = LLVMGetSuccessor(term, 1);
    if (s0 == s1) return 0;
    LLVMValueRef cmp = LLVMGetCondition(term), a = LLVMGetOperand(cmp, 0), k = LLVMGetOperand(cmp, 1);
    LLVMIntPredicate p = LLVMGetICmpPredicate(cmp);
    if (LLVMIsAConstantInt(a)) {
        LLVMValueRef t = a;
        a = k;
        k = t;
        p = loop_cfg_swapped(p);
    }
    if (l->bbs[y] != s0) p = loop_cfg_negated(p);
    LLVMValueRef param = parameter_of(a), narrowest = a;
    while (LLVMIsASExtInst(narrowest) || LLVMIsAZExtInst(narrowest)) narrowest = LLVMGetOperand(narrowest, 0);
    unsigned bits = int_width(narrowest);
    if (!param || !LLVMIsAConstantInt(k) || !l->given || bits < 2 || bits > 64 ||
        !(text < ldexp(1.0, (int)bits - 1)) || given_walks_length(&l->given->walks, param) != object)
        return 0;
    int sgn = loop_cfg_signed_pred(p);
    wide bound = loop_cfg_int_value(k, sgn);
    switch (p) {
    case LLVMIntSGE:
    case LLVMIntUGE:
    case LLVMIntEQ:
        return bound >= c;
    case LLVMIntSGT:
    case LLVMIntUGT:
        return bound + 1 >= c;
    default:
        return 0;
    }
}

int walk_bounds_length_guarded(const walk_loop *l, LLVMValueRef object, unsigned target, long long c) {
    double lo, hi, text;
    if (c <= 0) return 1;
    if (!l->given || !LLVMIsAArgument(object) ||
        !given_walks_param(&l->given->walks, object, &lo, &hi, &text) || text < 0 || target == 0)
        return 0;
    unsigned char *mark = calloc(l->n + 1, 1);
    unsigned *stack = malloc((l->n + 1) * sizeof *stack);
    int reached = !mark || !stack; /* out of memory: proves nothing */
    size_t top = 0;
    if (!reached) {
        mark[0] = 1;
        stack[top++] = 0;
    }
    while (top && !reached) {
        unsigned x = stack[--top];
        for (unsigned e = l->sfirst[x]; e < l->sfirst[x + 1] && !reached; e++) {
            unsigned y = l->succ[e];
            if (mark[y] || guard_edge(l, x, y, object, c, text)) continue;
            reached = y == target;
            mark[y] = 1;
            stack[top++] = y;
        }
    }
    free(mark);
    free(stack);
    return !reached;
}

long long walk_bounds_argument_text(const walk_loop *l, LLVMValueRef v) {
    unsigned budget = START_BUDGET;
    walk w = {.l = l, .object = start_of(v, &budget)};
    if (!w.object || !LLVMIsAArgument(w.object)) return -1;
    w.reads = calloc(l->n + 1, 1); /* an argument is no buffer, so no read fills it */
    w.filled = malloc((l->n + 1) * sizeof *w.filled);
    unsigned char *scratch = calloc(l->n + 1, 1);
    long long text = w.reads && w.filled && scratch ? text_bound(&w, scratch) : -1;
    free(w.reads);
    free(w.filled);
    free(scratch);
    return text;
}

/* ---- the walk's variable ---- */

/* Whether STORE sets w->var to itself plus one (a char pointer's `p++`, an index's
 * `i++`), loaded in the same block with no store in between. */
static int steps_by_one(walk *w, LLVMValueRef store) {
    LLVMValueRef v = LLVMGetOperand(store, 0), x, one;
    if (!w->indexed) {
        if (!LLVMIsAGetElementPtrInst(v) || LLVMGetNumOperands(v) != 2 ||
            LLVMGetGEPSourceElementType(v) != LLVMInt8TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v))))
            return 0;
        x = LLVMGetOperand(v, 0);
        one = LLVMGetOperand(v, 1);
    } else {
        if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd) return 0;
        x = LLVMGetOperand(v, 0);
        one = LLVMGetOperand(v, 1);
        if (LLVMIsAConstantInt(x)) {
            LLVMValueRef t = x;
            x = one;
            one = t;
        }
    }
    return LLVMIsAConstantInt(one) && LLVMConstIntGetSExtValue(one) == 1 && LLVMIsALoadInst(x) &&
           LLVMGetOperand(x, 0) == w->var && LLVMGetInstructionParent(x) == LLVMGetInstructionParent(store) &&
           before(x, store) && !stored_between(w->var, x, store);
}

/* V as a constant byte offset K >= 0 from *BASE: `base + k` on a char pointer, `&a[k]`
 * of a char array; otherwise V itself at 0. */
static long long byte_offset(LLVMValueRef v, LLVMValueRef *base) {
    LLVMValueRef b, k;
    *base = v;
    if (!(LLVMIsAGetElementPtrInst(v) ||
          (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr)))
        return 0;
    int n = LLVMGetNumOperands(v);
    LLVMTypeRef t = LLVMGetGEPSourceElementType(v), i8 = LLVMInt8TypeInContext(LLVMGetTypeContext(t));
    if (t == i8 && n == 2)
        k = LLVMGetOperand(v, 1);
    else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind && LLVMGetElementType(t) == i8 && n == 3 &&
             LLVMIsAConstantInt(LLVMGetOperand(v, 1)) && LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1)) == 0)
        k = LLVMGetOperand(v, 2);
    else
        return 0;
    b = LLVMGetOperand(v, 0);
    if (!LLVMIsAConstantInt(k) || LLVMConstIntGetSExtValue(k) < 0) return 0;
    *base = b;
    return LLVMConstIntGetSExtValue(k);
}

int walk_bounds_place(LLVMValueRef v, LLVMValueRef *object, long long *offset) {
    LLVMValueRef base;
    unsigned budget = START_BUDGET;
    long long at = byte_offset(v, &base);
    LLVMValueRef o = start_of(base, &budget);
    if (!o) return 0;
    *object = o;
    *offset = at;
    return 1;
}

/* Whether STORE (outside the loop) sets w->var to a constant place in the string: a
 * byte of the object at a constant offset for a pointer (w->object set by the first),
 * a constant index for an index; the least and greatest go to w->least_start and
 * w->most_start. */
static int sets_start(walk *w, LLVMValueRef store) {
    LLVMValueRef v = LLVMGetOperand(store, 0), base;
    long long at;
    if (w->indexed) {
        if (!LLVMIsAConstantInt(v) || LLVMConstIntGetSExtValue(v) < 0) return 0;
        at = LLVMConstIntGetSExtValue(v);
    } else {
        unsigned budget = START_BUDGET;
        at = byte_offset(v, &base);
        LLVMValueRef o = start_of(base, &budget);
        if (!o || (w->object && o != w->object)) return 0;
        w->object = o;
    }
    if (at < w->least_start) w->least_start = at;
    if (at > w->most_start) w->most_start = at;
    return 1;
}

/* Rule (walks stay in their array): when the string lives in a local char array of N
 * bytes and every entry starts the walk at byte c or later, pass k reads byte c + k,
 * and a byte past the array would be read past the object's end, which is undefined
 * and assumed not to happen (as strlen's rule assumes): at most N - c passes return,
 * whether or not a NUL ends the walk and whatever writes the array. An index must
 * reach N without wrapping. -1 when the storage is no such array. */
static long long array_room(const walk *w) {
    if (!LLVMIsAAllocaInst(w->object)) return -1;
    LLVMTypeRef t = LLVMGetAllocatedType(w->object);
    long long size = (long long)LLVMGetArrayLength2(t);
    if (size <= 0 || size >= TRIPS_LIMIT || w->least_start > size) return -1;
    if (w->indexed &&
        (unsigned long long)size >= int_mask(LLVMGetIntTypeWidth(LLVMGetAllocatedType(w->var)) - 1))
        return -1;
    return size - w->least_start;
}

/* Rule (reads stay in their object): an index i that steps by one a pass, from c or
 * later, reads base[i] on every pass, base pointing anywhere into an object O of S
 * bytes (it may point elsewhere in O on each pass): base + i lies within O on every
 * pass that reads (a read past its end is undefined), and base is at O or past it,
 * so i < S. Pass k has i = c + k or more: at most S - c passes return, whatever the
 * loop tests (`for (i = 0; i < len; i++) r = r * 10 + s[i]` with len of no known
 * range). An index must reach S without wrapping. */
static long long inside_room(const walk *w) {
    if (w->inside < 1 || w->inside >= TRIPS_LIMIT || w->least_start > w->inside) return -1;
    if ((unsigned long long)w->inside >= int_mask(LLVMGetIntTypeWidth(LLVMGetAllocatedType(w->var)) - 1))
        return -1;
    return w->inside - w->least_start;
}

/* Rule (walks start at the start): every way into the loop, traced back, meets a
 * store setting w->var to the string's start before any other store to it. */
static int starts_each_entry(walk *w, unsigned char *mark) {
    const walk_loop *l = w->l;
    memset(mark, 0, l->n);
    unsigned *stack = malloc((l->n + 1) * sizeof *stack);
    if (!stack) return 0;
    size_t top = 0;
    for (unsigned e = l->pfirst[l->header]; e < l->pfirst[l->header + 1]; e++) {
        unsigned p = l->pred[e];
        if (!l->comp[p] && !mark[p]) {
            mark[p] = 1;
            stack[top++] = p;
        }
    }
    int ok = top > 0;
    while (top && ok) {
        unsigned x = stack[--top];
        LLVMValueRef last = NULL;
        for (LLVMValueRef i = LLVMGetFirstInstruction(l->bbs[x]); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == w->var) last = i;
        if (last) {
            ok = !l->comp[x] && sets_start(w, last);
            continue;
        }
        for (unsigned e = l->pfirst[x]; e < l->pfirst[x + 1]; e++)
            if (!mark[l->pred[e]]) {
                mark[l->pred[e]] = 1;
                stack[top++] = l->pred[e];
            }
    }
    free(stack);
    return ok;
}

/* Rule (string walks): the byte BYTE, loaded in D at the start plus one per pass
 * (`*p` with `p++`, `s[i]` with `i++`: one step of one byte inside the loop, on
 * every way round, after D's load, and w->var at the start on every entry), ends
 * every pass in which it is NUL; the string is one nothing writes and the spec
 * bounds. Pass k reads byte k, so only the bytes before the NUL let a pass return:
 * at most its length per entry. */
static long long string_walk(walk *w, LLVMValueRef byte, unsigned char *scratch) {
    const walk_loop *l = w->l;
    LLVMValueRef addr = LLVMGetOperand(byte, 0), base = NULL, index = NULL;
    if (LLVMIsALoadInst(addr) && walk_bounds_is_variable(LLVMGetOperand(addr, 0)) &&
        LLVMGetTypeKind(LLVMGetAllocatedType(LLVMGetOperand(addr, 0))) == LLVMPointerTypeKind) {
        w->indexed = 0;
        w->var_load = addr;
    } else if (walk_bounds_byte_address(addr, &base, &index) && LLVMIsALoadInst(index) &&
               walk_bounds_is_variable(LLVMGetOperand(index, 0))) {
        unsigned budget = START_BUDGET;
        w->indexed = 1;
        w->var_load = index;
        w->inside = -1;
        if (!(w->object = start_of(base, &budget)) && (w->inside = object_steps_pointee_bytes(l, base)) < 1)
            return -1;
    } else {
        return -1;
    }
    w->var = LLVMGetOperand(w->var_load, 0);
    if (LLVMGetInstructionParent(w->var_load) != l->bbs[w->d]) return -1;
    for (LLVMValueRef i = LLVMGetFirstInstruction(l->bbs[w->d]); i && i != w->var_load;
         i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == w->var) return -1;
    w->step = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(w->var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u);
        long long b = block_of(l, st);
        if (!LLVMIsAStoreInst(st) || b < 0 || !l->comp[b]) continue;
        if (w->step) return -1; /* two stores inside: not one step a pass */
        w->step = st;
        w->s = (unsigned)b;
    }
    if (!w->step || !steps_by_one(w, w->step) || !every_pass(l, w->s, scratch)) return -1;
    if (!(w->s == w->d ? before(w->var_load, w->step) : w->after[w->s]))
        return -1; /* the step comes after the load */
    if (w->indexed) {
        unsigned bits = LLVMGetIntTypeWidth(LLVMGetAllocatedType(w->var));
        if (bits < 8) return -1;
    }
    w->least_start = TRIPS_LIMIT;
    w->most_start = 0;
    if (!starts_each_entry(w, scratch) || (!w->object && !(w->indexed && w->inside >= 1))) return -1;
    if (!w->object) return inside_room(w);
    long long room = array_room(w);
    if (room < 0 && w->indexed) { /* a drawn string or global read past its NUL is still inside it */
        w->inside = object_steps_pointee_bytes(l, base);
        room = inside_room(w);
    }
    /* the drawn string's own length: for walks from its first byte, or (Rule (starts
     * within a tested length)) from bytes a test of its length shows to lie within it,
     * which pass k reads byte c + k of, the NUL at the length L ending the walk by
     * pass L - c: at most the longest length less the least start */
    long long text = w->most_start == 0 || walk_bounds_length_guarded(l, w->object, l->header, w->most_start)
                         ? text_bound(w, scratch)
                         : -1;
    long long most = text < 0 ? -1 : text > w->least_start ? text - w->least_start : 0;
    if (most >= 0 && w->indexed &&
        (unsigned long long)text + 1 >= int_mask(LLVMGetIntTypeWidth(LLVMGetAllocatedType(w->var)) - 1))
        most = -1; /* the index could wrap */
    if (most >= 0) {
        onward(l, w->s, -1, w->after_step);
        w->value = byte;
        w->ends = 0;
        if (way_back(w)) most = -1;
    }
    return most >= 0 && (room < 0 || most < room) ? most : room;
}

/* ---- standard input ---- */

/* Whether CALL reads a line of standard input through the C library into room for
 * at least one character and the NUL (fgets of size 1 reads nothing and returns its
 * buffer, not NULL). */
static int reads_stdin_line(LLVMValueRef call) {
    if (!named(callee_name(call), fgets_names) || LLVMGetNumArgOperands(call) != 3 ||
        !walk_bounds_is_stdin(LLVMGetOperand(call, 2)))
        return 0;
    LLVMValueRef size = LLVMGetOperand(call, 1);
    return LLVMIsAConstantInt(size) && LLVMConstIntGetSExtValue(size) >= 2;
}

/* Whether CALL reads one character of standard input through the C library. */
static int reads_stdin_char(LLVMValueRef call) {
    static const char *const plain[] = {"getchar", "getchar_unlocked", NULL};
    static const char *const of_file[] = {"getc",          "fgetc",          "_IO_getc",
                                          "getc_unlocked", "fgetc_unlocked", NULL};
    const char *name = callee_name(call);
    if (named(name, plain)) return LLVMGetNumArgOperands(call) == 0;
    return named(name, of_file) && LLVMGetNumArgOperands(call) == 1 &&
           walk_bounds_is_stdin(LLVMGetOperand(call, 0));
}

/* Whether CALL is one of the C library's own functions (a declaration) named NAME. */
static int library_call(LLVMValueRef call, const char *const *names) {
    LLVMValueRef f = LLVMGetCalledValue(call);
    return f && LLVMIsAFunction(f) && LLVMIsDeclaration(f) && named(callee_name(call), names);
}

long long walk_bounds_block_read(LLVMValueRef call) {
    static const char *const reads[] = {"read", NULL};
    static const char *const freads[] = {"fread", "fread_unlocked", NULL};
    if (library_call(call, reads) && LLVMGetNumArgOperands(call) == 3) {
        LLVMValueRef fd = LLVMGetOperand(call, 0);
        return LLVMIsAConstantInt(fd) && LLVMConstIntGetZExtValue(fd) == 0 ? 1 : 0;
    }
    if (!library_call(call, freads) || LLVMGetNumArgOperands(call) != 4 ||
        !walk_bounds_is_stdin(LLVMGetOperand(call, 3)))
        return 0;
    LLVMValueRef size = LLVMGetOperand(call, 1);
    return LLVMIsAConstantInt(size) && LLVMConstIntGetSExtValue(size) >= 1 ? LLVMConstIntGetSExtValue(size)
                                                                           : 0;
}

int walk_bounds_fd0_replaceable(LLVMModuleRef m) {
    static const char *const names[] = {"fclose", "fcloseall", "closefrom", "close_range", NULL};
    for (size_t k = 0; names[k]; k++) {
        LLVMValueRef f = LLVMGetNamedFunction(m, names[k]);
        if (f && LLVMGetFirstUse(f)) return 1;
    }
    return walk_bounds_stdin_rereadable(m);
}

int walk_bounds_is_stdin(LLVMValueRef v) {
    if (!LLVMIsALoadInst(v) || !LLVMIsAGlobalVariable(LLVMGetOperand(v, 0))) return 0;
    size_t n;
    const char *g = LLVMGetValueName2(LLVMGetOperand(v, 0), &n);
    return !strcmp(g, "stdin") || !strcmp(g, "_IO_2_1_stdin_");
}

int walk_bounds_stdin_rereadable(LLVMModuleRef m) {
    static const char *const names[] = {"ungetc",    "fseek",   "fseeko",    "fseeko64", "rewind",  "fsetpos",
                                        "fsetpos64", "freopen", "freopen64", "lseek",    "lseek64", "dup2",
                                        "dup3",      "close",   "syscall",   NULL};
    for (size_t k = 0; names[k]; k++) {
        LLVMValueRef f = LLVMGetNamedFunction(m, names[k]);
        if (f && LLVMGetFirstUse(f)) return 1;
    }
    return 0;
}

/* The most line reads (fgets) of SIZE bytes that return their buffer on W's standard
 * input of whole lines (lines(), no '\n' inside a line), or -1 when unknown. Such a
 * read stops after a '\n' or after SIZE - 1 bytes: one per line ends at its '\n',
 * and each other one takes SIZE - 1 of the line's other bytes, at most the longest
 * line's less its '\n', whatever other reads took before it. The last byte is a
 * '\n', so no read stops at the end with a part of a line. */
static double line_reads_max(const bound_walks *w, long long size) {
    if (!(w->stdin_line_max >= 1) || !(w->stdin_lines_max >= 0) || size < 2) return -1;
    return w->stdin_lines_max * (1 + floor((w->stdin_line_max - 1) / (double)(size - 1)));
}

/* Rule (reading to EOF): with `stdin ~ FORM`, standard input is a file of at most
 * stdin_max bytes; each getchar that does not return EOF takes one of them, as does
 * each fgets that does not return NULL (it returns NULL when it meets the end before
 * a character), each read(0, ...) that returns more than 0 (it returns 0 at the end,
 * -1 on an error), and each fread of items of SIZE bytes that returns more than 0
 * (whole items: SIZE bytes at least; 0 at the end or on an error); and nothing in
 * the module can give one back (nor, for fd 0, put another file there: a read(2)
 * does not go through stdin's FILE, so closing that FILE frees fd 0 for the next
 * file opened). A pass whose read in D gives an ending value (EOF, NULL; 0 or -1; 0)
 * ends the loop, so the passes that return are at most the bytes (over SIZE); for
 * fgets over whole lines, at most the reads line_reads_max allows. */
static long long stdin_walk(walk *w, LLVMValueRef call, unsigned char *scratch) {
    const walk_loop *l = w->l;
    (void)scratch;
    LLVMModuleRef m = LLVMGetGlobalParent(LLVMGetBasicBlockParent(l->bbs[0]));
    LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(call));
    long long block = walk_bounds_block_read(call);
    if (!l->given || !l->given->walks.stdin_bounded || l->given->walks.stdin_max >= (double)TRIPS_LIMIT ||
        (kind != LLVMIntegerTypeKind && kind != LLVMPointerTypeKind) || walk_bounds_stdin_rereadable(m))
        return -1;
    double most = l->given->walks.stdin_max;
    uint64_t ends[2] = {kind == LLVMPointerTypeKind ? 0 : ~(uint64_t)0, 0};
    int nends = 1;
    if (kind == LLVMPointerTypeKind) {
        double lines = line_reads_max(&l->given->walks, LLVMConstIntGetSExtValue(LLVMGetOperand(call, 1)));
        if (lines >= 0 && lines < most) most = lines;
    } else if (block) {
        if (block == 1 && !strcmp(callee_name(call), "read")) {
            if (walk_bounds_fd0_replaceable(m)) return -1;
            ends[1] = ~(uint64_t)0; /* -1, an error */
            nends = 2;
        }
        ends[0] = 0;
        most = floor(most / (double)block);
    }
    w->var = NULL;
    w->value = call;
    for (int k = 0; k < nends; k++) {
        w->ends = ends[k];
        if (way_back(w)) return -1;
    }
    return (long long)most;
}

long long walk_bounds_trips(const walk_loop *l) {
    long long best = -1;
    walk w = {.l = l};
    w.after = calloc(l->n + 1, 1);
    w.after_step = calloc(l->n + 1, 1);
    w.reads = calloc(l->n + 1, 1);
    w.filled = malloc((l->n + 1) * sizeof *w.filled);
    unsigned char *scratch = calloc(l->n + 1, 1);
    for (unsigned d = 0; w.after && w.after_step && w.reads && w.filled && scratch && d < l->n; d++) {
        if (!l->comp[d] || !every_pass(l, d, scratch)) continue;
        w.d = d;
        onward(l, d, -1, w.after);
        for (LLVMValueRef i = LLVMGetFirstInstruction(l->bbs[d]); i; i = LLVMGetNextInstruction(i)) {
            long long k = -1;
            memset(w.reads, 0, l->n);
            for (unsigned b = 0; w.filled && b < l->n; b++) w.filled[b] = -1;
            w.object = NULL;
            if (LLVMIsALoadInst(i) &&
                LLVMTypeOf(i) == LLVMInt8TypeInContext(LLVMGetTypeContext(LLVMTypeOf(i))))
                k = string_walk(&w, i, scratch);
            else if (LLVMIsACallInst(i) &&
                     (reads_stdin_char(i) || reads_stdin_line(i) || walk_bounds_block_read(i)))
                k = stdin_walk(&w, i, scratch);
            if (k >= 0 && (best < 0 || k < best)) best = k;
        }
    }
    free(w.after);
    free(w.after_step);
    free(w.reads);
    free(w.filled);
    free(scratch);
    return best;
}

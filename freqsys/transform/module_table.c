/* freqsys/transform/module_table.c: emits the module descriptor that mirrors abi.h in IR. */
/* SPDX-License-Identifier: MIT */
#include "module_table.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
#include "ptr_map.h"
#include "loop_bounds.h"
#include "run_bounds.h"
#include "tail_bounds.h"

/* fsabi_module's members in their order: module_table_emit fills each by its name,
 * MODULE_FIELD(member). Left unlaid: clang-format staggers such a list. */
/* clang-format off */
#define FSABI_MODULE_MEMBERS(X) \
    X(abi_version) X(nblocks) X(nfunctions) X(nsites) X(counters) X(fn_touched) X(touched_list) \
    X(touched_count) X(blocks) X(functions) X(sites) X(edges) X(reset_globals) X(entry) \
    X(function_mode) X(nparams) X(nargs) X(params) X(args) X(return_kind) X(nwrites) \
    X(write_addresses) X(call_entry) X(npaths) X(max_paths) X(paths) X(path_blocks) \
    X(path_functions) X(ninterrupts) X(interrupts) X(path_table) X(context_depth) \
    X(ncontext_counters) X(ncontexts) X(ncall_sites) X(contexts) X(context_functions) X(call_sites) \
    X(context_sites) X(block_per_call) X(entry_closed) X(ntail_levels) X(tail_levels) \
    X(marks)
/* clang-format on */

#define MODULE_FIELD(member)   MODULE_FIELD_##member
#define AS_FIELD_INDEX(member) MODULE_FIELD(member),
enum module_field { FSABI_MODULE_MEMBERS(AS_FIELD_INDEX) MODULE_FIELD_COUNT };

/* Every member is 8 bytes (an i64 or a ptr in the emitted struct), so member k sits
 * at 8 k: a member added, removed, moved or narrowed in abi.h without the list
 * above, or the list out of order, fails to compile here. */
#define CHECK_FIELD_OFFSET(member)                                                                           \
    _Static_assert(offsetof(fsabi_module, member) == MODULE_FIELD(member) * sizeof(uint64_t),                \
                   "fsabi_module." #member " is not where module_table_emit puts it");                       \
    _Static_assert(sizeof(((fsabi_module *)0)->member) == sizeof(uint64_t),                                  \
                   "fsabi_module." #member " is not the 8 bytes module_table_emit puts there");
FSABI_MODULE_MEMBERS(CHECK_FIELD_OFFSET)
_Static_assert(sizeof(fsabi_module) == MODULE_FIELD_COUNT * sizeof(uint64_t),
               "fsabi_module has members module_table_emit does not fill");
_Static_assert(sizeof(void *) == sizeof(uint64_t), "the module table's pointers are 8 bytes");

typedef struct emitter {
    LLVMModuleRef m;
    LLVMContextRef ctx;
    LLVMTypeRef i32, i64, ptr;
} emitter;

static LLVMValueRef cstring(emitter *e, const char *s) {
    size_t n = strlen(s);
    LLVMValueRef init = LLVMConstStringInContext(e->ctx, s, (unsigned)n, 0);
    LLVMValueRef g = LLVMAddGlobal(e->m, LLVMTypeOf(init), "freqsys_str");
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    return g;
}

static LLVMValueRef constant_array(emitter *e, LLVMTypeRef elem, LLVMValueRef *v, size_t n,
                                   const char *name) {
    LLVMValueRef init = LLVMConstArray2(elem, v, n);
    LLVMValueRef g = LLVMAddGlobal(e->m, LLVMTypeOf(init), name);
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    return g;
}

static LLVMValueRef u32(emitter *e, unsigned long long v) {
    return LLVMConstInt(e->i32, v, 0);
}
static LLVMValueRef u64(emitter *e, unsigned long long v) {
    return LLVMConstInt(e->i64, v, 0);
}

static LLVMValueRef struct_of(emitter *e, LLVMValueRef *fields, unsigned n) {
    return LLVMConstStructInContext(e->ctx, fields, n, 0);
}

static LLVMTypeRef struct_type(emitter *e, LLVMTypeRef *fields, unsigned n) {
    return LLVMStructTypeInContext(e->ctx, fields, n, 0);
}

/* fsabi_param { ptr name, ptr ctype, i32 kind, i32 pointee_size } and
 * fsabi_arg { i32 x 8 } */
static int entry_tables(emitter *e, const entry_plan *p, LLVMValueRef *params, LLVMValueRef *args) {
    LLVMTypeRef pty = struct_type(e, (LLVMTypeRef[]){e->ptr, e->ptr, e->i32, e->i32}, 4);
    LLVMTypeRef aty =
        struct_type(e, (LLVMTypeRef[]){e->i32, e->i32, e->i32, e->i32, e->i32, e->i32, e->i32, e->i32}, 8);
    size_t np = p ? p->nparams : 0, na = p ? p->nargs : 0;
    LLVMValueRef *rows = calloc((np > na ? np : na) + 1, sizeof *rows);
    if (!rows) return -1;
    for (size_t i = 0; i < np; i++) {
        const entry_param *q = &p->params[i];
        rows[i] = struct_of(e,
                            (LLVMValueRef[]){cstring(e, q->name), cstring(e, q->ctype), u32(e, q->kind),
                                             u32(e, q->pointee_size)},
                            4);
    }
    *params = constant_array(e, pty, rows, np, "freqsys_params");
    for (size_t i = 0; i < na; i++) {
        const entry_arg *a = &p->args[i];
        rows[i] = struct_of(e,
                            (LLVMValueRef[]){u32(e, a->decl), u32(e, a->param), u32(e, a->shape),
                                             u32(e, a->kind), u32(e, a->offset), u32(e, a->elem_size),
                                             u32(e, a->len_param), u32(e, a->per_item)},
                            8);
    }
    *args = constant_array(e, aty, rows, na, "freqsys_args");
    free(rows);
    return 0;
}

/* ---- blocks that provably run once per run of the entry ----
 * The proof is conservative: whatever it cannot see through (a call that might not
 * return, an indirect call, setjmp, recursion into the entry) makes it prove less. */

static int starts(const char *s, size_t n, const char *prefix) {
    size_t k = strlen(prefix);
    return n >= k && strncmp(s, prefix, k) == 0;
}

/* Declared functions that always return to their caller: the runtime's draws and
 * atexit, and a few C library functions. exit, abort and assert have become
 * freqsys_rt_exit & co. by now, which are absent here, as is anything unknown. */
static int returns_surely(LLVMValueRef callee) {
    static const char *const known[] = {
        "printf", "fprintf", "puts",    "putchar", "fputs",  "fputc",  "putc",    "sprintf", "snprintf",
        "memcpy", "memmove", "memset",  "memcmp",  "strlen", "strcmp", "strncmp", "strcpy",  "strncpy",
        "strcat", "strchr",  "strrchr", "strstr",  "abs",    "labs",   "malloc",  "calloc",  "realloc",
        "free",   "sqrt",    "sqrtf",   "pow",     "powf",   "exp",    "expf",    "log",     "logf",
        "log2",   "log10",   "fabs",    "fabsf",   "floor",  "ceil",   "round",   "fmod",    "sin",
        "cos",    "tan",     "atan",    "atan2",   "fmin",   "fmax",   "toupper", "tolower", "atoi",
        "atol",   "strtol",  "strtoul", "strtod",  NULL};
    size_t n;
    const char *name = LLVMGetValueName2(callee, &n);
    if (starts(name, n, "llvm.")) return !strstr(name, "jmp") && !starts(name, n, "llvm.eh.");
    if (starts(name, n, "freqsys_rt_read_") || starts(name, n, "freqsys_rt_input_") ||
        (n == 23 && !strcmp(name, "freqsys_rt_scanf_result")) ||
        (n == 18 && !strcmp(name, "freqsys_rt_getchar")) || !strcmp(name, FSABI_ATEXIT))
        return 1;
    for (size_t i = 0; known[i]; i++)
        if (!strcmp(name, known[i])) return 1;
    return 0;
}

static int is_call(LLVMValueRef i) {
    return LLVMIsACallInst(i) || LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i);
}

/* Whether the call I may end the run before returning: an indirect call, inline
 * assembly, a declared function not known to return, or a defined one in ENDS. */
static int call_may_end(LLVMValueRef i, const ptr_map *ends) {
    LLVMValueRef callee = LLVMGetCalledValue(i);
    if (!callee || !LLVMIsAFunction(callee)) return 1;
    if (LLVMCountBasicBlocks(callee) == 0) return !returns_surely(callee);
    return ptr_map_get(ends, callee) >= 0;
}

/* Whether block J of T could be where a run stays for ever, as far as the proofs go:
 * nothing bounds its count per run, or only a cap does (an assumption, not a
 * proof). A bound that holds outside a far tail leaves the count finite in every run
 * but a set of probability 0, which no mean sees. */
static int may_run_for_ever(const uint32_t *max_runs, const int *cap_of, size_t j) {
    return max_runs[j] == FSABI_RUNS_UNBOUNDED || cap_of[j] >= 0;
}

/* Whether the defined function FN has a block that may run for ever (MAX_RUNS and
 * CAP_OF indexed like T's blocks); a function T does not count is not looked at, so
 * it may. */
static int may_hang(LLVMValueRef fn, const counter_table *t, const uint32_t *max_runs, const int *cap_of) {
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    for (size_t f = 0; f < t->nfunctions; f++) {
        const counted_function *cf = &t->functions[f];
        if (strcmp(cf->name, name) != 0) continue;
        if (cf->nblocks != LLVMCountBasicBlocks(fn)) return 1;
        for (unsigned b = 0; b < cf->nblocks; b++)
            if (may_run_for_ever(max_runs, cap_of, cf->first_block + b)) return 1;
        return 0;
    }
    return 1;
}

/* ENDS: the defined functions a call to which may not come back: it may end the run
 * (exit, abort), or never end (a block of its own or of a function it calls may run
 * for ever, may_hang), to a fixed point. Returns 0, 1 when the module can return
 * twice somewhere, -1 out of memory. */
static int ending_functions(LLVMModuleRef m, const counter_table *t, const uint32_t *max_runs,
                            const int *cap_of, ptr_map *ends) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                LLVMValueRef callee = is_call(i) ? LLVMGetCalledValue(i) : NULL;
                if (callee && LLVMIsAFunction(callee) && run_bounds_returns_twice(callee)) return 1;
            }
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        if (LLVMCountBasicBlocks(fn) > 0 && may_hang(fn, t, max_runs, cap_of) &&
            ptr_map_put(ends, fn, 1) != 0)
            return -1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
            if (LLVMCountBasicBlocks(fn) == 0 || ptr_map_get(ends, fn) >= 0) continue;
            int may = 0;
            for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !may;
                 bb = LLVMGetNextBasicBlock(bb))
                for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !may; i = LLVMGetNextInstruction(i)) {
                    if (is_call(i)) may = call_may_end(i, ends);
                }
            if (may) {
                if (ptr_map_put(ends, fn, 1) != 0) return -1;
                changed = 1;
            }
        }
    }
    return 0;
}

#define ONCE_MAX_BLOCKS 4096 /* the check is quadratic in the entry's blocks */

/* The function the call I registers with the runtime's atexit, to run at the end of
 * the run, or NULL. */
static LLVMValueRef registered(LLVMValueRef i) {
    LLVMValueRef callee = LLVMGetCalledValue(i);
    size_t n;
    if (!callee || !LLVMIsAFunction(callee) || LLVMGetNumArgOperands(i) != 1 ||
        strcmp(LLVMGetValueName2(callee, &n), FSABI_ATEXIT) != 0)
        return NULL;
    LLVMValueRef fn = LLVMGetOperand(i, 0);
    return LLVMIsAFunction(fn) ? fn : NULL;
}

/* Whether a run could enter ENTRY again: a direct call to it from a function the
 * entry or START (the constructors; NULL: none) can reach, or registers with atexit,
 * or any indirect call there (it might reach anything). Functions they never reach
 * (main, in function mode) cannot call it. Answers 1 when memory runs out. */
static int reenters(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start) {
    ptr_map seen = {0};
    size_t n = 0, top = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) n++;
    LLVMValueRef *stack = calloc(n + 1, sizeof *stack);
    int again = !stack || ptr_map_put(&seen, entry, 1) != 0 || (start && ptr_map_put(&seen, start, 1) != 0);
    if (!again) stack[top++] = entry;
    if (!again && start) stack[top++] = start;
    while (top && !again) {
        LLVMValueRef fn = stack[--top];
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !again; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !again; i = LLVMGetNextInstruction(i)) {
                if (!is_call(i)) continue;
                LLVMValueRef callee = registered(i) ? registered(i) : LLVMGetCalledValue(i);
                if (!callee || !LLVMIsAFunction(callee) || callee == entry) {
                    again = 1;
                    break;
                }
                if (LLVMCountBasicBlocks(callee) > 0 && ptr_map_get(&seen, callee) < 0) {
                    if (ptr_map_put(&seen, callee, 1) != 0)
                        again = 1;
                    else
                        stack[top++] = callee;
                }
            }
    }
    ptr_map_free(&seen);
    free(stack);
    return again;
}

/* Whether block B of a graph of NB blocks (successors succ[first[x] .. first[x+1]))
 * lies on a cycle: some successor leads back to it. SEEN and STACK are scratch room
 * for NB entries. */
static int in_cycle(unsigned b, unsigned nb, const unsigned *first, const unsigned *succ, unsigned char *seen,
                    unsigned *stack) {
    memset(seen, 0, nb);
    size_t top = 0;
    for (unsigned e = first[b]; e < first[b + 1]; e++)
        if (!seen[succ[e]]) {
            seen[succ[e]] = 1;
            stack[top++] = succ[e];
        }
    while (top) {
        unsigned x = stack[--top];
        if (x == b) return 1;
        for (unsigned e = first[x]; e < first[x + 1]; e++)
            if (!seen[succ[e]]) {
                seen[succ[e]] = 1;
                stack[top++] = succ[e];
            }
    }
    return 0;
}

/* Marks in FLAGS (indexed like the counter table) the entry's blocks that run at most
 * once (in no cycle of the CFG) and exactly once: also on every way from the entry
 * to a block where a run can stop (returns, unreachable ends, calls that may not come
 * back: ending_functions) or stay for ever (may_run_for_ever, from MAX_RUNS and
 * CAP_OF, the bounds proven per run). So the fact holds of runs that never end too,
 * and a run can miss the block only by a crash. Needs the entry to run once in every
 * run: START (the constructors, one block; NULL: none) comes back, and nothing the
 * entry or START reaches calls it again (see reenters). */
static void prove_once(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start, const counter_table *t,
                       const uint32_t *max_runs, const int *cap_of, unsigned *flags) {
    size_t len;
    const char *name = entry ? LLVMGetValueName2(entry, &len) : NULL;
    if (!entry || reenters(m, entry, start)) return;
    const counted_function *cf = NULL;
    for (size_t f = 0; f < t->nfunctions && !cf; f++)
        if (!strcmp(t->functions[f].name, name)) cf = &t->functions[f];
    unsigned nb = LLVMCountBasicBlocks(entry);
    if (!cf || cf->nblocks != nb || nb == 0 || nb > ONCE_MAX_BLOCKS) return;

    ptr_map ends = {0}, ids = {0};
    LLVMBasicBlockRef *bbs = calloc(nb, sizeof *bbs);
    unsigned *succ = NULL, *first = calloc(nb + 1, sizeof *first);
    unsigned char *ending = calloc(nb, 1), *reach = calloc(nb, 1), *seen = calloc(nb, 1);
    unsigned *stack = calloc(nb, sizeof *stack);
    size_t nsucc = 0;
    int ok = bbs && first && ending && reach && seen && stack &&
             ending_functions(m, t, max_runs, cap_of, &ends) == 0;
    /* a constructor that may not come back leaves some runs without the entry */
    for (LLVMValueRef i = start ? LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(start)) : NULL; ok && i;
         i = LLVMGetNextInstruction(i))
        if (is_call(i) && call_may_end(i, &ends)) ok = 0;
    unsigned k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(entry); ok && bb;
         bb = LLVMGetNextBasicBlock(bb), k++) {
        bbs[k] = bb;
        ok = ptr_map_put(&ids, bb, k) == 0;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        if (!term)
            ok = 0;
        else
            nsucc += LLVMGetNumSuccessors(term);
    }
    if (ok) ok = (succ = calloc(nsucc + 1, sizeof *succ)) != NULL;
    nsucc = 0;
    for (k = 0; ok && k < nb; k++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[k]);
        unsigned ns = LLVMGetNumSuccessors(term);
        first[k] = (unsigned)nsucc;
        if (ns == 0) ending[k] = 1; /* ret, unreachable, resume */
        if (may_run_for_ever(max_runs, cap_of, cf->first_block + k)) ending[k] = 1;
        if (LLVMIsAIndirectBrInst(term) || LLVMIsAInvokeInst(term) || LLVMIsACallBrInst(term) ||
            LLVMIsACatchSwitchInst(term) || !LLVMGetFirstInstruction(bbs[k]))
            ok = 0; /* control flow this check does not model */
        for (unsigned s = 0; ok && s < ns; s++)
            succ[nsucc++] = (unsigned)ptr_map_get(&ids, LLVMGetSuccessor(term, s));
        for (LLVMValueRef i = LLVMGetFirstInstruction(bbs[k]); ok && i; i = LLVMGetNextInstruction(i)) {
            if (LLVMIsALandingPadInst(i) || LLVMIsACatchPadInst(i) || LLVMIsACleanupPadInst(i))
                ok = 0;
            else if (is_call(i) && call_may_end(i, &ends))
                ending[k] = 1;
        }
    }
    if (ok) first[nb] = (unsigned)nsucc; /* FIRST may be NULL when !ok */

/* Depth-first marks from START, never entering AVOID (nb: avoid nothing). */
#define WALK(START, AVOID, MARK)                                                                             \
    do {                                                                                                     \
        memset((MARK), 0, nb);                                                                               \
        size_t top = 0;                                                                                      \
        if ((START) != (AVOID)) {                                                                            \
            (MARK)[START] = 1;                                                                               \
            stack[top++] = (START);                                                                          \
        }                                                                                                    \
        while (top) {                                                                                        \
            unsigned x = stack[--top];                                                                       \
            for (unsigned e = first[x]; e < first[x + 1]; e++) {                                             \
                unsigned y = succ[e];                                                                        \
                if (y != (AVOID) && !(MARK)[y]) {                                                            \
                    (MARK)[y] = 1;                                                                           \
                    stack[top++] = y;                                                                        \
                }                                                                                            \
            }                                                                                                \
        }                                                                                                    \
    } while (0)

    if (ok) WALK(0u, nb, reach);
    for (unsigned b = 0; ok && b < nb; b++) {
        if (!reach[b]) continue;
        if (in_cycle(b, nb, first, succ, seen, stack)) continue;
        flags[cf->first_block + b] |= FSABI_BLOCK_AT_MOST_ONCE;
        /* dominance: with B taken out, no block where a run ends is reachable */
        WALK(0u, b, seen);
        int dominates = 1;
        for (unsigned c = 0; c < nb && dominates; c++)
            if (c != b && reach[c] && ending[c] && seen[c]) dominates = 0;
        if (dominates) flags[cf->first_block + b] |= FSABI_BLOCK_ONCE;
    }
#undef WALK
    if (!ok) memset(flags + cf->first_block, 0, nb * sizeof *flags);
    ptr_map_free(&ends);
    ptr_map_free(&ids);
    free(bbs);
    free(succ);
    free(first);
    free(ending);
    free(reach);
    free(seen);
    free(stack);
}

/* The most path starts F has per run, from its blocks' MAX_RUNS: each path starts at
 * the entry or at a loop header, once per run of it. */
static uint32_t path_starts(const path_function *f, const uint32_t *max_runs) {
    if (f->status == FSABI_PATHS_UNSUPPORTED || f->graph.n == 0) return FSABI_RUNS_UNBOUNDED;
    uint64_t sum = 0;
    for (unsigned v = 0; v < f->graph.n; v++) {
        if (v != 0 && !f->numbering.header[v]) continue;
        if (max_runs[v] == FSABI_RUNS_UNBOUNDED) return FSABI_RUNS_UNBOUNDED;
        sum += max_runs[v];
    }
    return sum >= FSABI_RUNS_UNBOUNDED ? FSABI_RUNS_UNBOUNDED : (uint32_t)sum;
}

/* fsabi_path rows, each path's blocks decoded from its id, and fsabi_path_function
 * rows; a path runs at most as often as the rarest of its blocks. All three are empty
 * (null for the functions) without paths. */
static int path_tables(emitter *e, const module_plan *plan, const uint32_t *max_runs, LLVMValueRef *paths,
                       LLVMValueRef *path_blocks, LLVMValueRef *path_functions) {
    const counter_table *t = plan->counters;
    const path_plan *p = plan->paths;
    LLVMTypeRef path_ty = struct_type(e, (LLVMTypeRef[]){e->i32, e->i32, e->i32, e->i32, e->i32, e->i32}, 6);
    LLVMTypeRef fn_ty = struct_type(e, (LLVMTypeRef[]){e->i64, e->i32, e->i32, e->i32, e->i32}, 5);
    size_t npaths = p ? p->npaths : 0, nlisted = 0;
    LLVMValueRef *rows = calloc(npaths + t->nfunctions + 1, sizeof *rows);
    unsigned *nodes = NULL;
    size_t nodes_cap = 0, blocks_cap = 0;
    LLVMValueRef *listed = NULL;
    if (!rows) return -1;
    for (size_t fi = 0; p && fi < p->nfunctions; fi++) {
        const path_function *f = &p->functions[fi];
        const counted_function *cf = &t->functions[fi];
        if (f->status != FSABI_PATHS_COUNTED) continue;
        if (nodes_cap < (size_t)f->graph.n + 1) { /* in size_t: never wraps to 0 */
            nodes_cap = (size_t)f->graph.n + 1;
            unsigned *grown = realloc(nodes, nodes_cap * sizeof *nodes);
            if (!grown) goto oom;
            nodes = grown;
        }
        for (uint64_t id = 0; id < f->npaths; id++) {
            unsigned back_to;
            size_t len = path_numbering_decode(&f->graph, &f->numbering, id, nodes, &back_to);
            if (nlisted + len > blocks_cap) {
                blocks_cap = 2 * (nlisted + len) + 256;
                LLVMValueRef *grown = realloc(listed, blocks_cap * sizeof *listed);
                if (!grown) goto oom;
                listed = grown;
            }
            uint32_t bound = FSABI_RUNS_UNBOUNDED;
            for (size_t k = 0; k < len; k++) {
                uint32_t b = cf->first_block + nodes[k];
                if (max_runs[b] < bound) bound = max_runs[b];
                listed[nlisted + k] = u32(e, b);
            }
            LLVMValueRef fields[6] = {
                u32(e, fi),      u32(e, id),
                u32(e, nlisted), u32(e, len),
                u32(e, bound),   u32(e, back_to == UINT32_MAX ? FSABI_PATH_ENDS : cf->first_block + back_to)};
            rows[f->first_path + id] = struct_of(e, fields, 6);
            nlisted += len;
        }
    }
    *paths = constant_array(e, path_ty, rows, npaths, "freqsys_paths");
    *path_blocks = constant_array(e, e->i32, listed, nlisted, "freqsys_path_blocks");
    free(listed);
    free(nodes);
    if (!p) {
        *path_functions = LLVMConstPointerNull(e->ptr);
        free(rows);
        return 0;
    }
    for (size_t fi = 0; fi < t->nfunctions; fi++) {
        const path_function *f = fi < p->nfunctions ? &p->functions[fi] : NULL;
        LLVMValueRef fields[5] = {
            u64(e, f ? f->total : 0), u32(e, f ? f->first_path : 0), u32(e, f ? f->npaths : 0),
            u32(e, f ? f->status : FSABI_PATHS_UNSUPPORTED),
            u32(e, f ? path_starts(f, max_runs + t->functions[fi].first_block) : FSABI_RUNS_UNBOUNDED)};
        rows[fi] = struct_of(e, fields, 5);
    }
    *path_functions = constant_array(e, fn_ty, rows, t->nfunctions, "freqsys_path_functions");
    free(rows);
    return 0;
oom:
    free(listed);
    free(nodes);
    free(rows);
    return -1;
}

static uint32_t clamp32(uint64_t v) {
    return v >= FSABI_RUNS_UNBOUNDED ? FSABI_RUNS_UNBOUNDED : (uint32_t)v;
}

/* Each block's proven bound per call of its function (loop_bounds), for the counted
 * functions that have contexts; unbounded elsewhere. */
static uint32_t *per_call_bounds(const counter_table *t, const context_plan *p) {
    uint32_t *out = malloc((t->nblocks + 1) * sizeof *out);
    uint64_t *local = NULL;
    if (!out) return NULL;
    for (size_t j = 0; j < t->nblocks; j++) out[j] = FSABI_RUNS_UNBOUNDED;
    for (size_t f = 0; f < p->nfunctions; f++) {
        const context_function *cf = &p->functions[f];
        if (!cf->ncontexts || cf->nblocks != t->functions[f].nblocks) continue;
        uint64_t *grown = realloc(local, (cf->nblocks + 1) * sizeof *local);
        if (!grown) {
            free(local);
            free(out);
            return NULL;
        }
        local = grown;
        if (loop_bounds(cf->fn, cf->nblocks, local) != 0) continue;
        for (unsigned j = 0; j < cf->nblocks; j++)
            out[t->functions[f].first_block + j] =
                local[j] == LOOP_BOUNDS_UNBOUNDED ? FSABI_RUNS_UNBOUNDED : clamp32(local[j]);
    }
    free(local);
    return out;
}

/* How often the function of context C can be entered in it per run: at most once per
 * run of the block holding the last call site, or as often as the function's entry
 * block runs when it comes from outside. */
static uint32_t max_entries(const counter_table *t, const context_plan *p, const context_entry *c,
                            const uint32_t *max_runs) {
    if (c->kind != FSABI_CONTEXT_CALLS || !c->nsites) return max_runs[t->functions[c->function].first_block];
    const context_site *last = &p->sites[p->chain[c->first_site + c->nsites - 1]];
    uint32_t by_site = max_runs[t->functions[last->caller].first_block + last->local_block];
    uint32_t by_function = max_runs[t->functions[c->function].first_block];
    return by_site < by_function ? by_site : by_function;
}

/* fsabi_context_function { i32 x 4 } per function, fsabi_context { i32 x 6 },
 * fsabi_call_site { i32 x 5 }, the chains and the per-call bounds: empty (null for
 * the functions and the bounds) without contexts. OUT gets them in the order of
 * fsabi_module's fields. */
static int context_tables(emitter *e, const module_plan *plan, const uint32_t *max_runs,
                          LLVMValueRef out[5]) {
    const counter_table *t = plan->counters;
    const context_plan *p = plan->contexts;
    LLVMTypeRef row_ty = struct_type(e, (LLVMTypeRef[]){e->i32, e->i32, e->i32, e->i32}, 4);
    LLVMTypeRef site_ty = struct_type(e, (LLVMTypeRef[]){e->i32, e->i32, e->i32, e->i32, e->i32}, 5);
    LLVMTypeRef context_ty =
        struct_type(e, (LLVMTypeRef[]){e->i32, e->i32, e->i32, e->i32, e->i32, e->i32}, 6);
    size_t nf = p ? t->nfunctions : 0, nc = p ? p->ncontexts : 0, ns = p ? p->nsites : 0,
           nchain = p ? p->nchain : 0;
    size_t nb = p ? t->nblocks : 0;
    size_t most = nf > nc ? nf : nc;
    most = most > ns ? most : ns;
    most = most > nchain ? most : nchain;
    most = most > nb ? most : nb;
    LLVMValueRef *rows = calloc(most + 1, sizeof *rows);
    uint32_t *per_call = p ? per_call_bounds(t, p) : NULL;
    if (!rows || (p && !per_call)) {
        free(rows);
        free(per_call);
        return -1;
    }
    unsigned last = p ? p->ncounters : 0; /* functions past the plan's (mmio writes) start at the end */
    for (size_t f = 0; f < nf; f++) {
        const context_function *cf = f < p->nfunctions ? &p->functions[f] : NULL;
        rows[f] = struct_of(
            e,
            (LLVMValueRef[]){u32(e, cf ? cf->first_context : p->ncontexts), u32(e, cf ? cf->ncontexts : 0),
                             u32(e, cf ? cf->first_counter : last), u32(e, cf ? cf->ncounters : 0)},
            4);
    }
    out[0] =
        p ? constant_array(e, row_ty, rows, nf, "freqsys_context_functions") : LLVMConstPointerNull(e->ptr);
    for (size_t k = 0; k < nc; k++) {
        const context_entry *c = &p->contexts[k];
        rows[k] =
            struct_of(e,
                      (LLVMValueRef[]){u32(e, c->function), u32(e, c->first_site), u32(e, c->nsites),
                                       u32(e, c->kind), u32(e, max_entries(t, p, c, max_runs)), u32(e, 0)},
                      6);
    }
    out[1] = constant_array(e, context_ty, rows, nc, "freqsys_contexts");
    for (size_t k = 0; k < ns; k++) {
        const context_site *cs = &p->sites[k];
        rows[k] = struct_of(e,
                            (LLVMValueRef[]){u32(e, cs->caller), u32(e, cs->callee), u32(e, cs->line),
                                             u32(e, cs->column),
                                             u32(e, t->functions[cs->caller].first_block + cs->local_block)},
                            5);
    }
    out[2] = constant_array(e, site_ty, rows, ns, "freqsys_call_sites");
    for (size_t k = 0; k < nchain; k++) rows[k] = u32(e, p->chain[k]);
    out[3] = constant_array(e, e->i32, rows, nchain, "freqsys_context_sites");
    for (size_t j = 0; j < nb; j++) rows[j] = u32(e, per_call[j]);
    out[4] = p ? constant_array(e, e->i32, rows, nb, "freqsys_block_per_call") : LLVMConstPointerNull(e->ptr);
    free(per_call);
    free(rows);
    return 0;
}

static uint64_t saturating_times(uint64_t a, uint64_t b) {
    if (a == 0 || b == 0) return 0;
    if (a >= FSABI_RUNS_UNBOUNDED || b >= FSABI_RUNS_UNBOUNDED || a > FSABI_RUNS_UNBOUNDED / b)
        return FSABI_RUNS_UNBOUNDED;
    return a * b;
}

static uint64_t saturating_plus(uint64_t a, uint64_t b) {
    return a >= FSABI_RUNS_UNBOUNDED || b >= FSABI_RUNS_UNBOUNDED || a + b >= FSABI_RUNS_UNBOUNDED
               ? FSABI_RUNS_UNBOUNDED
               : a + b;
}

/* A trial of a call sequence is COUNTED_CALLS counted calls, each followed by its
 * interrupt handlers; the harness sees a block's total over them. Its bound is
 * then COUNTED_CALLS x (the per-call bound + the sum over handlers of the most runs
 * of the handler after one call x the block's bound per handler run), and the
 * per-call facts (exactly once, at most once) no longer describe a trial. */
static int sequence_bounds(LLVMModuleRef m, const module_plan *plan, const counter_table *t, unsigned *flags,
                           uint32_t *max_runs) {
    if (plan->counted_calls <= 1 && plan->nhandlers == 0) return 0;
    uint32_t *per_handler = calloc(t->nblocks + 1, sizeof *per_handler);
    uint64_t *total = calloc(t->nblocks + 1, sizeof *total);
    int rc = per_handler && total ? 0 : -1;
    for (size_t j = 0; rc == 0 && j < t->nblocks; j++) total[j] = max_runs[j];
    for (size_t k = 0; rc == 0 && k < plan->nhandlers; k++) {
        if ((rc = run_bounds_prove(m, plan->handlers[k], NULL, t, plan->given, per_handler, NULL)) != 0)
            break;
        for (size_t j = 0; j < t->nblocks; j++)
            total[j] = saturating_plus(total[j], saturating_times(plan->handler_max[k], per_handler[j]));
    }
    for (size_t j = 0; rc == 0 && j < t->nblocks; j++) {
        uint64_t bound = saturating_times(total[j], plan->counted_calls);
        max_runs[j] = bound >= FSABI_RUNS_UNBOUNDED ? FSABI_RUNS_UNBOUNDED : (uint32_t)bound;
        flags[j] = 0;
    }
    free(per_handler);
    free(total);
    return rc;
}

/* The block table: each block's names, place, edges and the facts proved of it, with
 * the cap (BOUND_FROM[j], NULL: none) its bound rests on; ROWS has room for every block. */
static LLVMValueRef block_table(emitter *e, const counter_table *t, const LLVMValueRef *fn_names,
                                const unsigned *flags, const uint32_t *max_runs, const double *tail,
                                const char *const *bound_from, LLVMValueRef *rows) {
    /* fsabi_block { ptr function, ptr label, ptr file, ptr bound_from, i32 line, i32 function_index,
     *               i32 first_successor, i32 nsuccessors, i32 first_callee, i32 ncallees,
     *               i32 flags, i32 max_runs, i32 reserved, double tail_mass } */
    LLVMTypeRef f64 = LLVMDoubleTypeInContext(e->ctx);
    LLVMTypeRef block_fields[14] = {e->ptr, e->ptr, e->ptr, e->ptr, e->i32, e->i32, e->i32,
                                    e->i32, e->i32, e->i32, e->i32, e->i32, e->i32, f64};
    LLVMTypeRef block_ty = LLVMStructTypeInContext(e->ctx, block_fields, 14, 0);
    LLVMValueRef no_cap = cstring(e, "");
    for (size_t j = 0; j < t->nblocks; j++) {
        const counted_block *b = &t->blocks[j];
        LLVMValueRef fields[14] = {fn_names[b->function_index],
                                   cstring(e, b->label),
                                   cstring(e, b->file),
                                   bound_from[j] ? cstring(e, bound_from[j]) : no_cap,
                                   u32(e, b->line),
                                   u32(e, b->function_index),
                                   u32(e, b->first_successor),
                                   u32(e, b->nsuccessors),
                                   u32(e, b->first_callee),
                                   u32(e, b->ncallees),
                                   u32(e, flags[j]),
                                   u32(e, max_runs[j]),
                                   u32(e, 0),
                                   LLVMConstReal(f64, tail[j])};
        rows[j] = LLVMConstStructInContext(e->ctx, fields, 14, 0);
    }
    return constant_array(e, block_ty, rows, t->nblocks, "freqsys_blocks");
}

/* The lower tail levels of L as a constant array, or NULL out of memory. */
static LLVMValueRef tail_level_table(emitter *e, const tail_ladder *l) {
    /* fsabi_tail_level { i32 block, i32 max_runs, double tail_mass } */
    LLVMTypeRef f64 = LLVMDoubleTypeInContext(e->ctx);
    LLVMTypeRef level_ty = struct_type(e, (LLVMTypeRef[]){e->i32, e->i32, f64}, 3);
    LLVMValueRef *rows = calloc(l->n + 1, sizeof *rows);
    if (!rows) return NULL;
    for (size_t k = 0; k < l->n; k++) {
        LLVMValueRef fields[3] = {u32(e, l->v[k].block), u32(e, l->v[k].max_runs),
                                  LLVMConstReal(f64, l->v[k].tail_mass)};
        rows[k] = struct_of(e, fields, 3);
    }
    LLVMValueRef table = constant_array(e, level_ty, rows, l->n, "freqsys_tail_levels");
    free(rows);
    return table;
}

/* The function table; ROWS has room for every function. */
static LLVMValueRef function_table(emitter *e, const counter_table *t, const LLVMValueRef *fn_names,
                                   LLVMValueRef *rows) {
    /* fsabi_function { ptr name, ptr file, i32 first_block, i32 nblocks, i32 line, i32 reserved } */
    LLVMTypeRef fn_fields[6] = {e->ptr, e->ptr, e->i32, e->i32, e->i32, e->i32};
    LLVMTypeRef fn_ty = LLVMStructTypeInContext(e->ctx, fn_fields, 6, 0);
    for (size_t f = 0; f < t->nfunctions; f++) {
        const counted_function *cf = &t->functions[f];
        LLVMValueRef fields[6] = {fn_names[f],
                                  cstring(e, cf->file),
                                  LLVMConstInt(e->i32, cf->first_block, 0),
                                  LLVMConstInt(e->i32, cf->nblocks, 0),
                                  LLVMConstInt(e->i32, cf->line, 0),
                                  LLVMConstInt(e->i32, 0, 0)};
        rows[f] = LLVMConstStructInContext(e->ctx, fields, 6, 0);
    }
    return constant_array(e, fn_ty, rows, t->nfunctions, "freqsys_functions");
}

/* The read-site table; ROWS has room for every site. */
static LLVMValueRef site_rows(emitter *e, const read_sites *sites, LLVMValueRef *rows) {
    /* fsabi_site { ptr variable, ptr file, i32 line, i32 kind, i32 origin, i32 decl } */
    LLVMTypeRef site_ty = struct_type(e, (LLVMTypeRef[]){e->ptr, e->ptr, e->i32, e->i32, e->i32, e->i32}, 6);
    for (size_t s = 0; s < sites->n; s++) {
        const read_site *r = &sites->v[s];
        LLVMValueRef fields[6] = {cstring(e, r->variable), cstring(e, r->file), u32(e, r->line),
                                  u32(e, r->kind),         u32(e, r->origin),   u32(e, r->decl)};
        rows[s] = struct_of(e, fields, 6);
    }
    return constant_array(e, site_ty, rows, sites->n, "freqsys_sites");
}

/* The edges of T as a constant i32 array, or NULL out of memory. */
static LLVMValueRef edge_table(emitter *e, const counter_table *t) {
    LLVMValueRef *values = calloc(t->nedges + 1, sizeof *values);
    if (!values) return NULL;
    for (size_t k = 0; k < t->nedges; k++) values[k] = LLVMConstInt(e->i32, t->edges[k], 0);
    LLVMValueRef table = constant_array(e, e->i32, values, t->nedges, "freqsys_edges");
    free(values);
    return table;
}

/* The interrupt handlers of PLAN as a constant array of pointers, or NULL out of
 * memory (LLVM takes the values as a mutable array: a copy). */
static LLVMValueRef handler_list(emitter *e, const module_plan *plan) {
    LLVMValueRef *values = calloc(plan->nhandlers + 1, sizeof *values);
    if (!values) return NULL;
    for (size_t k = 0; k < plan->nhandlers; k++) values[k] = plan->handlers[k];
    LLVMValueRef table = constant_array(e, e->ptr, values, plan->nhandlers, "freqsys_interrupts");
    free(values);
    return table;
}

/* The MMIO write addresses of W (NULL: none) as a constant i64 array, or NULL out
 * of memory. */
static LLVMValueRef write_address_table(emitter *e, const mmio_writes *w) {
    LLVMValueRef *values = calloc((w ? w->n : 0) + 1, sizeof *values);
    if (!values) return NULL;
    for (size_t k = 0; w && k < w->n; k++) values[k] = u64(e, w->addresses[k]);
    LLVMValueRef table = constant_array(e, e->i64, values, w ? w->n : 0, "freqsys_write_addresses");
    free(values);
    return table;
}

int module_table_emit(LLVMModuleRef m, const module_plan *plan) {
    const counter_table *t = plan->counters;
    const read_sites *sites = plan->sites;
    emitter e = {m, LLVMGetModuleContext(m), NULL, NULL, NULL};
    e.i32 = LLVMInt32TypeInContext(e.ctx);
    e.i64 = LLVMInt64TypeInContext(e.ctx);
    e.ptr = LLVMPointerTypeInContext(e.ctx, 0);

    int rc = -1;
    LLVMValueRef *fn_names = NULL, *rows = NULL;
    unsigned *flags = calloc(t->nblocks + 1, sizeof *flags);
    uint32_t *max_runs = calloc(t->nblocks + 1, sizeof *max_runs);
    int *cap_of = calloc(t->nblocks + 1, sizeof *cap_of);
    const char **bound_from = calloc(t->nblocks + 1, sizeof *bound_from);
    uint32_t *proven = calloc(t->nblocks + 1, sizeof *proven);
    double *tail = calloc(t->nblocks + 1, sizeof *tail);
    tail_ladder ladder = {0};
    if (!flags || !max_runs || !cap_of || !bound_from || !proven || !tail) goto done;
    if (run_bounds_prove(m, plan->entry, plan->start, t, plan->given, max_runs, cap_of) != 0 ||
        sequence_bounds(m, plan, t, flags, max_runs) != 0)
        goto done;
    /* Paths and contexts keep what the code proves; a tail's level holds for blocks
     * only (a call sequence or handlers add runs the levels do not follow). */
    memcpy(proven, max_runs, t->nblocks * sizeof *proven);
    if (plan->counted_calls <= 1 && plan->nhandlers == 0 &&
        tail_bounds_prove(m, plan->entry, plan->start, t, plan->given, max_runs, tail, cap_of, &ladder) != 0)
        goto done;
    /* After the bounds, which say where a run could stay for ever; of one call, as a
     * call sequence has no such fact */
    if (plan->counted_calls <= 1 && plan->nhandlers == 0)
        prove_once(m, plan->entry, plan->start, t, max_runs, cap_of, flags);
    for (size_t j = 0; j < t->nblocks; j++) {
        if (max_runs[j] <= 1 && tail[j] == 0 && !(cap_of[j] >= 0 && max_runs[j] == 1))
            flags[j] |= FSABI_BLOCK_AT_MOST_ONCE;
        if (cap_of[j] >= 0 && max_runs[j] != FSABI_RUNS_UNBOUNDED)
            bound_from[j] = plan->given->caps[cap_of[j]].name;
    }
    fn_names = calloc(t->nfunctions + 1, sizeof *fn_names);
    rows = calloc(t->nblocks + t->nfunctions + sites->n + 1, sizeof *rows);
    if (!fn_names || !rows) goto done;
    for (size_t f = 0; f < t->nfunctions; f++) fn_names[f] = cstring(&e, t->functions[f].name);
    LLVMValueRef blocks = block_table(&e, t, fn_names, flags, max_runs, tail, bound_from, rows);
    LLVMValueRef path_rows, path_blocks, path_functions;
    if (path_tables(&e, plan, proven, &path_rows, &path_blocks, &path_functions) != 0) goto done;

    LLVMValueRef functions = function_table(&e, t, fn_names, rows);

    LLVMValueRef site_table = site_rows(&e, sites, rows);

    LLVMValueRef edges = edge_table(&e, t);

    LLVMValueRef params, args;
    if (entry_tables(&e, plan->entry_plan, &params, &args) != 0) goto done;
    const mmio_writes *w = plan->writes;
    LLVMValueRef write_table = write_address_table(&e, w);
    const entry_plan *ep = plan->entry_plan;
    LLVMValueRef handler_table = handler_list(&e, plan);
    LLVMValueRef tail_levels = tail_level_table(&e, &ladder);
    if (!edges || !write_table || !handler_table || !tail_levels) goto done;

    LLVMValueRef context_rows[5];
    if (context_tables(&e, plan, proven, context_rows) != 0) goto done;
    const context_plan *cp = plan->contexts;

    LLVMValueRef null = LLVMConstPointerNull(e.ptr);
    const path_plan *pp = plan->paths;
    LLVMValueRef fields[MODULE_FIELD_COUNT] = {
        [MODULE_FIELD(abi_version)] = u64(&e, FSABI_VERSION),
        [MODULE_FIELD(nblocks)] = u64(&e, t->nblocks),
        [MODULE_FIELD(nfunctions)] = u64(&e, t->nfunctions),
        [MODULE_FIELD(nsites)] = u64(&e, sites->n),
        [MODULE_FIELD(counters)] = t->counters,
        [MODULE_FIELD(fn_touched)] = t->fn_touched,
        [MODULE_FIELD(touched_list)] = t->touched_list,
        [MODULE_FIELD(touched_count)] = t->touched_count,
        [MODULE_FIELD(blocks)] = blocks,
        [MODULE_FIELD(functions)] = functions,
        [MODULE_FIELD(sites)] = site_table,
        [MODULE_FIELD(edges)] = edges,
        [MODULE_FIELD(reset_globals)] = plan->reset_fn,
        [MODULE_FIELD(entry)] = plan->entry ? plan->entry : null,
        [MODULE_FIELD(function_mode)] = u64(&e, ep != NULL),
        [MODULE_FIELD(nparams)] = u64(&e, ep ? ep->nparams : 0),
        [MODULE_FIELD(nargs)] = u64(&e, ep ? ep->nargs : 0),
        [MODULE_FIELD(params)] = params,
        [MODULE_FIELD(args)] = args,
        [MODULE_FIELD(return_kind)] = u64(&e, ep ? ep->return_kind : 0),
        [MODULE_FIELD(nwrites)] = u64(&e, w ? w->n : 0),
        [MODULE_FIELD(write_addresses)] = write_table,
        [MODULE_FIELD(call_entry)] = plan->call_entry ? plan->call_entry : null,
        [MODULE_FIELD(npaths)] = u64(&e, pp ? pp->npaths : 0),
        [MODULE_FIELD(max_paths)] = u64(&e, pp ? pp->max_paths : 0),
        [MODULE_FIELD(paths)] = path_rows,
        [MODULE_FIELD(path_blocks)] = path_blocks,
        [MODULE_FIELD(path_functions)] = path_functions,
        [MODULE_FIELD(ninterrupts)] = u64(&e, plan->nhandlers),
        [MODULE_FIELD(interrupts)] = handler_table,
        [MODULE_FIELD(path_table)] = pp && pp->table ? pp->table : null,
        [MODULE_FIELD(context_depth)] = u64(&e, cp ? cp->depth : 0),
        [MODULE_FIELD(ncontext_counters)] = u64(&e, cp ? cp->ncounters : 0),
        [MODULE_FIELD(ncontexts)] = u64(&e, cp ? cp->ncontexts : 0),
        [MODULE_FIELD(ncall_sites)] = u64(&e, cp ? cp->nsites : 0),
        [MODULE_FIELD(contexts)] = context_rows[1],
        [MODULE_FIELD(context_functions)] = context_rows[0],
        [MODULE_FIELD(call_sites)] = context_rows[2],
        [MODULE_FIELD(context_sites)] = context_rows[3],
        [MODULE_FIELD(block_per_call)] = context_rows[4],
        [MODULE_FIELD(entry_closed)] = u64(&e, (uint64_t)plan->entry_closed),
        [MODULE_FIELD(ntail_levels)] = u64(&e, ladder.n),
        [MODULE_FIELD(tail_levels)] = tail_levels,
        [MODULE_FIELD(marks)] = t->marks,
    };
    LLVMTypeRef types[MODULE_FIELD_COUNT];
    for (int i = 0; i < MODULE_FIELD_COUNT; i++) {
        if (!fields[i]) goto done; /* a member left out above: no table rather than a wrong one */
        types[i] = LLVMTypeOf(fields[i]);
    }
    LLVMTypeRef module_ty = struct_type(&e, types, MODULE_FIELD_COUNT);
    LLVMValueRef desc = LLVMAddGlobal(m, module_ty, FSABI_MODULE_SYMBOL);
    LLVMSetInitializer(desc, struct_of(&e, fields, MODULE_FIELD_COUNT));
    LLVMSetGlobalConstant(desc, 1);
    rc = 0;
done:
    tail_ladder_free(&ladder);
    free(proven);
    free(tail);
    free(flags);
    free(max_runs);
    free(cap_of);
    free(bound_from);
    free(fn_names);
    free(rows);
    return rc;
}

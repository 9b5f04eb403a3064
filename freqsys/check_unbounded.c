/* freqsys/check_unbounded.c: `freqsys check --unbounded`: every loop and function without a proven bound, and
 * why. */
/* SPDX-License-Identifier: MIT */
#include "check_unbounded.h"

#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
#include "indirect_calls.h"
#include "ptr_map.h"
#include "run_bounds.h"

/* One row of the descriptor's block table, as the instrumented module holds it. */
typedef struct row {
    const char *function, *file;
    unsigned line;
    int bounded;
    LLVMBasicBlockRef bb; /* the block it counts; NULL where it could not be matched */
} row;

/* A function the table counts: its rows, its LLVM function and what is known of it. */
typedef struct counted {
    const char *name;
    LLVMValueRef fn; /* NULL where the module holds no function of that name */
    size_t first, n;
    int unbounded; /* its entry block has no bound */
    int on_cycle;  /* it calls itself, directly or through others */
    int seen;      /* scratch for the cycle search */
} counted;

typedef struct table {
    row *rows;
    size_t nrows;
    counted *fns;
    size_t nfns;
} table;

/* The string a descriptor field points at; "" when it is not a constant string. */
static const char *field_string(LLVMValueRef v) {
    LLVMValueRef g = v && LLVMIsAGlobalVariable(v) ? LLVMGetInitializer(v) : NULL;
    size_t len = 0;
    if (!g || !LLVMIsAConstantDataSequential(g)) return "";
    const char *s = LLVMGetAsString(g, &len);
    return s ? s : "";
}

/* FN's blocks matched to the rows from FIRST, in order: the transform numbers a
 * function's counted blocks as LLVM lists them. */
static void match_blocks(table *t, counted *c) {
    LLVMBasicBlockRef bb = c->fn ? LLVMGetFirstBasicBlock(c->fn) : NULL;
    for (size_t k = 0; k < c->n; k++, bb = bb ? LLVMGetNextBasicBlock(bb) : NULL)
        t->rows[c->first + k].bb = bb;
}

static counted *counted_of(const table *t, LLVMValueRef fn) {
    for (size_t i = 0; i < t->nfns; i++)
        if (t->fns[i].fn == fn) return &t->fns[i];
    return NULL;
}

/* Reads M's block table into T. Returns 0, -1 when memory ran out. */
static int read_table(LLVMModuleRef m, table *t) {
    *t = (table){0};
    LLVMValueRef d = LLVMGetNamedGlobal(m, FSABI_MODULE_SYMBOL);
    LLVMValueRef init = d ? LLVMGetInitializer(d) : NULL;
    LLVMValueRef blocks = init ? LLVMGetInitializer(LLVMGetOperand(init, 8)) : NULL;
    size_t n = blocks && !LLVMIsNull(blocks) ? (size_t)LLVMGetNumOperands(blocks) : 0;
    t->rows = calloc(n + 1, sizeof *t->rows);
    t->fns = calloc(n + 1, sizeof *t->fns);
    if (!t->rows || !t->fns) return -1;
    for (size_t j = 0; j < n; j++) {
        LLVMValueRef r = LLVMGetOperand(blocks, (unsigned)j); /* fsabi_block's fields in order */
        row *w = &t->rows[t->nrows++];
        w->function = field_string(LLVMGetOperand(r, 0));
        w->file = field_string(LLVMGetOperand(r, 2));
        w->line = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(r, 4));
        w->bounded = LLVMConstIntGetZExtValue(LLVMGetOperand(r, 11)) != FSABI_RUNS_UNBOUNDED;
        if (t->nfns == 0 || strcmp(t->fns[t->nfns - 1].name, w->function) != 0)
            t->fns[t->nfns++] =
                (counted){w->function, LLVMGetNamedFunction(m, w->function), j, 0, !w->bounded, 0, 0};
        t->fns[t->nfns - 1].n++;
    }
    for (size_t i = 0; i < t->nfns; i++) match_blocks(t, &t->fns[i]);
    return 0;
}

static LLVMValueRef direct_callee(LLVMValueRef i) {
    if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i)) return NULL;
    LLVMValueRef c = LLVMGetCalledValue(i);
    return c && LLVMIsAFunction(c) ? c : NULL;
}

/* Marks each counted function that calls itself, directly or through others, by a
 * search along direct calls from each (QUEUE: room for every function). */
static void find_cycles(table *t, size_t *queue) {
    for (size_t i = 0; i < t->nfns; i++) {
        for (size_t k = 0; k < t->nfns; k++) t->fns[k].seen = 0;
        size_t head = 0, tail = 0;
        queue[tail++] = i;
        while (head < tail && !t->fns[i].on_cycle) {
            const counted *from = &t->fns[queue[head++]];
            for (LLVMBasicBlockRef bb = from->fn ? LLVMGetFirstBasicBlock(from->fn) : NULL; bb;
                 bb = LLVMGetNextBasicBlock(bb))
                for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
                    counted *c = counted_of(t, direct_callee(in));
                    if (!c) continue;
                    if (c == &t->fns[i]) t->fns[i].on_cycle = 1;
                    if (!c->seen && tail < t->nfns) {
                        c->seen = 1;
                        queue[tail++] = (size_t)(c - t->fns);
                    }
                }
        }
    }
}

/* Whether FN's address is used other than as a call's callee, outside the runtime's
 * own tables and thunks (names freqsys_...), which hold the entry. */
static int address_taken(LLVMValueRef fn) {
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        int as_value = direct_callee(user) != fn;
        for (unsigned a = 0; !as_value && a < LLVMGetNumArgOperands(user); a++)
            as_value = LLVMGetOperand(user, a) == fn;
        if (!as_value) continue;
        size_t len;
        const char *owner = "";
        if (LLVMIsAInstruction(user))
            owner = LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)), &len);
        else if (LLVMIsAGlobalVariable(user))
            owner = LLVMGetValueName2(user, &len);
        if (strncmp(owner, "freqsys_", 8) != 0) return 1;
    }
    return 0;
}

/* Whether FN calls something that can return twice (setjmp, vfork), as the proofs
 * judge it: its blocks can be entered again by a longjmp from anywhere below. */
static int calls_setjmp(LLVMValueRef fn) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            LLVMValueRef c = direct_callee(i);
            if (c && run_bounds_returns_twice(c)) return 1;
        }
    return 0;
}

/* Where the first call of C from a block without a bound is, in *AT; 0 when none. */
static int unbounded_caller(const table *t, const counted *c, const row **at) {
    for (size_t j = 0; j < t->nrows; j++) {
        const row *r = &t->rows[j];
        if (r->bounded || !r->bb) continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(r->bb); i; i = LLVMGetNextInstruction(i))
            if (direct_callee(i) == c->fn) {
                *at = r;
                return 1;
            }
    }
    return 0;
}

/* Whether a call through a pointer that can reach C's function (indirect_calls.h) is
 * in a block without a bound; *AT then names it. */
static int unbounded_pointer_caller(const table *t, const counted *c, const row **at) {
    for (size_t j = 0; j < t->nrows; j++) {
        const row *r = &t->rows[j];
        if (r->bounded || !r->bb) continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(r->bb); i; i = LLVMGetNextInstruction(i))
            if (indirect_calls_is_site(i) && indirect_calls_may_reach(i, c->fn)) {
                *at = r;
                return 1;
            }
    }
    return 0;
}

/* Each open loop header of FN in OUTER[k], a function's block k: the outermost
 * other open header whose loop holds it (its natural loop: the blocks that reach a
 * back edge into it without passing it), else -1. OPEN[k]: block k heads a loop
 * without a bound. BACK: the NBACK back edges, source then target. */
static int nest_open(LLVMBasicBlockRef *bbs, const ptr_map *ids, unsigned n, const unsigned char *open,
                     const unsigned *back, size_t nback, long *outer) {
    unsigned char *in = calloc(n + 1, 1);
    unsigned *stack = malloc((n + 1) * sizeof *stack), *size = calloc(n + 1, sizeof *size);
    unsigned *first = calloc(n + 2, sizeof *first), *fill = calloc(n + 1, sizeof *fill), *pred = NULL;
    int rc = in && stack && size && first && fill ? 0 : -1;
    size_t edges = 0;
    for (unsigned p = 0; rc == 0 && p < n; p++) { /* predecessors, in rows by block */
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[p]);
        for (unsigned s = 0; term && s < LLVMGetNumSuccessors(term); s++) {
            long long x = ptr_map_get(ids, LLVMGetSuccessor(term, s));
            if (x >= 0) {
                first[x + 1]++;
                edges++;
            }
        }
    }
    if (rc == 0) rc = (pred = malloc((edges + 1) * sizeof *pred)) ? 0 : -1;
    for (unsigned k = 0; rc == 0 && k < n; k++) first[k + 1] += first[k];
    for (unsigned p = 0; rc == 0 && p < n; p++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[p]);
        for (unsigned s = 0; term && s < LLVMGetNumSuccessors(term); s++) {
            long long x = ptr_map_get(ids, LLVMGetSuccessor(term, s));
            if (x >= 0) pred[first[x] + fill[x]++] = p;
        }
    }
    for (unsigned k = 0; k < n; k++) outer[k] = -1;
    for (unsigned h = 0; rc == 0 && h < n; h++) {
        if (!open[h]) continue;
        memset(in, 0, n);
        in[h] = 1;
        size_t top = 0;
        for (size_t e = 0; e < nback; e++)
            if (back[2 * e + 1] == h && !in[back[2 * e]]) {
                in[back[2 * e]] = 1;
                stack[top++] = back[2 * e];
            }
        while (top) {
            unsigned x = stack[--top];
            for (unsigned e = first[x]; e < first[x + 1]; e++)
                if (!in[pred[e]]) {
                    in[pred[e]] = 1;
                    stack[top++] = pred[e];
                }
        }
        for (unsigned k = 0; k < n; k++) size[h] += in[k];
        for (unsigned z = 0; z < n; z++)
            if (z != h && open[z] && in[z] && (outer[z] < 0 || size[outer[z]] < size[h])) outer[z] = h;
    }
    free(in);
    free(stack);
    free(size);
    free(first);
    free(fill);
    free(pred);
    return rc;
}

/* HEADS[k] = 1 for each block k of FN that is the target of a back edge of a
 * depth-first search from the entry: the loops' headers; OPEN (FN's counted rows'
 * bounds, 1 where none) then gives OUTER, as nest_open says. Returns 0, -1 when
 * memory ran out. */
static int mark_headers(LLVMValueRef fn, unsigned char *heads, const unsigned char *unbounded, long *outer) {
    unsigned n = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *bbs = malloc((n + 1) * sizeof *bbs);
    unsigned char *state = calloc(n + 1, 1); /* 0 not yet seen, 1 on the path, 2 done */
    unsigned *next = calloc(n + 1, sizeof *next), *stack = malloc((n + 1) * sizeof *stack);
    ptr_map ids = {0};
    unsigned *back = NULL;
    size_t nback = 0, room = 0;
    int rc = bbs && state && next && stack ? 0 : -1;
    if (rc == 0 && n > 0) LLVMGetBasicBlocks(fn, bbs);
    for (unsigned k = 0; rc == 0 && k < n; k++) rc = ptr_map_put(&ids, bbs[k], k);
    size_t top = 0;
    if (rc == 0 && n > 0) {
        stack[top++] = 0;
        state[0] = 1;
    }
    while (rc == 0 && top) {
        unsigned x = stack[top - 1];
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[x]);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        if (next[x] == ns) {
            state[x] = 2;
            top--;
            continue;
        }
        long long y = ptr_map_get(&ids, LLVMGetSuccessor(term, next[x]++));
        if (y < 0) continue;
        if (state[y] == 1) {
            heads[y] = 1;
            if (nback == room) {
                unsigned *more = realloc(back, (room = room ? 2 * room : 16) * 2 * sizeof *more);
                if (!more) {
                    rc = -1;
                    break;
                }
                back = more;
            }
            back[2 * nback] = x;
            back[2 * nback++ + 1] = (unsigned)y;
        }
        if (state[y] == 0) {
            state[y] = 1;
            stack[top++] = (unsigned)y;
        }
    }
    unsigned char *open = rc == 0 ? calloc(n + 1, 1) : NULL;
    for (unsigned k = 0; open && k < n; k++) open[k] = heads[k] && unbounded[k];
    if (rc == 0) rc = open ? nest_open(bbs, &ids, n, open, back, nback, outer) : -1;
    free(open);
    free(back);
    ptr_map_free(&ids);
    free(bbs);
    free(state);
    free(next);
    free(stack);
    return rc;
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Why counted function C, whose entry has no bound, has none; CLOSED and OUTSIDE as
 * indirect_calls_closed gives them. */
static void function_reason(const table *t, const counted *c, int closed, const char *outside, FILE *out) {
    const row *at = NULL;
    indirect_block why =
        c->fn && address_taken(c->fn) ? indirect_calls_why(c->fn, closed) : INDIRECT_FOLLOWED;
    if (!c->fn) {
        fputs("its code was not found in the module", out);
    } else if (c->on_cycle) {
        fputs("it is recursive (it calls itself, directly or through others): no rule bounds the depth", out);
    } else if (calls_setjmp(c->fn)) {
        fputs("it calls setjmp, so a longjmp may enter its blocks again", out);
    } else if (unbounded_caller(t, c, &at)) {
        fprintf(out, "it is called from %s:%u in %s, which has no bound", base_name(at->file), at->line,
                at->function);
    } else if (why == INDIRECT_ESCAPES) {
        fputs("it is called through a pointer, and its address reaches code outside the program", out);
    } else if (why == INDIRECT_UNKNOWN_CALLEE) {
        fprintf(out,
                "it is called through a pointer, and the program calls %s, which may call any function "
                "it is given",
                outside);
    } else if (unbounded_pointer_caller(t, c, &at)) {
        fprintf(out, "it is called through a pointer from %s:%u in %s, which has no bound",
                base_name(at->file), at->line, at->function);
    } else {
        fputs("no rule bounds how often it is called", out);
    }
}

int check_unbounded_print(LLVMModuleRef m, FILE *out) {
    table t;
    unsigned char **heads = NULL;
    long **outer = NULL;
    size_t *nbs = NULL; /* each function's LLVM blocks: its rows past them head nothing */
    size_t *queue = NULL;
    int rc = read_table(m, &t);
    if (rc == 0) {
        heads = calloc(t.nfns + 1, sizeof *heads);
        outer = calloc(t.nfns + 1, sizeof *outer);
        nbs = calloc(t.nfns + 1, sizeof *nbs);
        queue = calloc(t.nfns + 1, sizeof *queue);
        rc = heads && outer && nbs && queue ? 0 : -1;
    }
    for (size_t i = 0; rc == 0 && i < t.nfns; i++) {
        const counted *c = &t.fns[i];
        unsigned nb = c->fn ? LLVMCountBasicBlocks(c->fn) : 0;
        nbs[i] = nb < c->n ? nb : c->n;
        heads[i] = calloc(nb + 1, 1);
        outer[i] = calloc(nb + 1, sizeof **outer);
        unsigned char *unbounded = calloc(nb + 1, 1);
        rc = heads[i] && outer[i] && unbounded ? 0 : -1;
        for (size_t k = 0; rc == 0 && k < c->n && k < nb; k++) unbounded[k] = !t.rows[c->first + k].bounded;
        if (rc == 0 && c->fn) rc = mark_headers(c->fn, heads[i], unbounded, outer[i]);
        free(unbounded);
    }
    char outside[256] = "";
    int closed = indirect_calls_closed(m, outside, sizeof outside);
    size_t loops = 0, open_loops = 0, open_fns = 0; /* loops: those in functions with a bound */
    if (rc == 0) {
        find_cycles(&t, queue);
        for (size_t i = 0; i < t.nfns; i++) {
            const counted *c = &t.fns[i];
            open_fns += c->unbounded;
            for (size_t k = 0; k < nbs[i] && !c->unbounded; k++) {
                if (!heads[i][k]) continue;
                loops++;
                open_loops += !t.rows[c->first + k].bounded;
            }
        }
        fprintf(out, "unbounded: %zu of %zu function%s; %zu of %zu loop%s in the functions with a bound\n",
                open_fns, t.nfns, t.nfns == 1 ? "" : "s", open_loops, loops, loops == 1 ? "" : "s");
    }
    for (size_t i = 0; rc == 0 && i < t.nfns; i++) {
        const counted *c = &t.fns[i];
        if (c->unbounded) {
            const row *first = &t.rows[c->first];
            fprintf(out, "  function %s (%s:%u): ", c->name, base_name(first->file), first->line);
            function_reason(&t, c, closed, outside, out);
            fputs("; its loops are judged once its calls are bounded\n", out);
            continue;
        }
        for (size_t k = 0; k < nbs[i]; k++) {
            const row *r = &t.rows[c->first + k];
            if (r->bounded || !heads[i][k]) continue;
            long o = outer[i][k];
            if (o >= 0 && (size_t)o < c->n) { /* its own iterations may be bounded: its entries are not */
                const row *w = &t.rows[c->first + (size_t)o];
                fprintf(out,
                        "  loop %s:%u in %s: inside the loop at %s:%u, which has no bound; state that one "
                        "first\n",
                        base_name(r->file), r->line, c->name, base_name(w->file), w->line);
                continue;
            }
            fprintf(out,
                    "  loop %s:%u in %s: no rule proves how often it iterates; `cap %s:%u N` states it\n",
                    base_name(r->file), r->line, c->name, base_name(r->file), r->line);
        }
    }
    for (size_t i = 0; heads && i < t.nfns; i++) free(heads[i]);
    for (size_t i = 0; outer && i < t.nfns; i++) free(outer[i]);
    free(heads);
    free(outer);
    free(nbs);
    free(queue);
    free(t.rows);
    free(t.fns);
    return rc == 0 ? (int)(open_loops + open_fns) : -1;
}

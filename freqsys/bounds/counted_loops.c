/* freqsys/bounds/counted_loops.c: counted loops: exit tests on a variable against a limit, and the ranges
 * of values they rest on. */
/* SPDX-License-Identifier: MIT */
#include "counted_loops.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
#include "given_walks.h"
#include "global_values.h"
#include "pointee_values.h"
#include "walk_bounds.h"

#define TRIPS_MAX    ((__int128)1 << 31) /* more trips than this are left unbounded */
#define RANGE_BUDGET 256                 /* values looked at to find one value's range */
#define CUT_TRIES    32                  /* exit tests tried as the entry of a loop with several */

/* Whether control that goes from block X to its successor S leaves the loop COMP: S is
 * outside, or S only decides, on a phi that has a constant when coming from X (`&&` and
 * `||` at -O0), to go outside. */
static int leaves(const cfg *g, unsigned x, LLVMBasicBlockRef s, const unsigned char *comp) {
    long long b = ptr_map_get(&g->ids, s);
    if (b < 0 || !comp[b]) return 1;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(s);
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term)) return 0;
    LLVMValueRef phi = LLVMGetCondition(term);
    if (!LLVMIsAPHINode(phi) || LLVMGetInstructionParent(phi) != s) return 0;
    for (unsigned k = 0; k < LLVMCountIncoming(phi); k++) {
        LLVMValueRef c = LLVMGetIncomingValue(phi, k);
        if (LLVMGetIncomingBlock(phi, k) != g->bbs[x] || !LLVMIsAConstantInt(c)) continue;
        long long to = ptr_map_get(&g->ids, LLVMGetSuccessor(term, LLVMConstIntGetZExtValue(c) ? 0 : 1));
        return to >= 0 && !comp[to];
    }
    return 0;
}

/* Whether block X ends in a test one value of which leaves COMP and the other stays:
 * a branch on a comparison; or, X going on to a block E that branches on a phi which has
 * X's comparison when coming from X (the last test of `&&` at -O0). COND gets the
 * comparison, LEAVE the value that leaves (1: true). */
static int exit_test(const cfg *g, unsigned x, const unsigned char *comp, LLVMValueRef *cond, int *leave) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(g->bbs[x]);
    if (!LLVMIsABranchInst(term)) return 0;
    if (LLVMIsConditional(term)) {
        int l0 = leaves(g, x, LLVMGetSuccessor(term, 0), comp),
            l1 = leaves(g, x, LLVMGetSuccessor(term, 1), comp);
        *cond = LLVMGetCondition(term);
        *leave = l0;
        return l0 != l1 && LLVMIsAICmpInst(*cond);
    }
    LLVMBasicBlockRef e = LLVMGetSuccessor(term, 0);
    long long eb = ptr_map_get(&g->ids, e);
    LLVMValueRef eterm = LLVMGetBasicBlockTerminator(e);
    if (eb < 0 || !comp[eb] || !LLVMIsABranchInst(eterm) || !LLVMIsConditional(eterm)) return 0;
    LLVMValueRef phi = LLVMGetCondition(eterm);
    if (!LLVMIsAPHINode(phi) || LLVMGetInstructionParent(phi) != e) return 0;
    for (unsigned k = 0; k < LLVMCountIncoming(phi); k++) {
        LLVMValueRef c = LLVMGetIncomingValue(phi, k);
        if (LLVMGetIncomingBlock(phi, k) != g->bbs[x]) continue;
        long long s0 = ptr_map_get(&g->ids, LLVMGetSuccessor(eterm, 0)),
                  s1 = ptr_map_get(&g->ids, LLVMGetSuccessor(eterm, 1));
        if (!LLVMIsAICmpInst(c) || LLVMGetInstructionParent(c) != g->bbs[x] || s0 < 0 || s1 < 0 ||
            comp[s0] == comp[s1])
            return 0;
        *cond = c;
        *leave = !comp[s0];
        return 1;
    }
    return 0;
}

/* ---- the range of a value ---- */

/* The values something can have, either side possibly unknown (NO_LO, NO_HI). */
typedef struct span {
    wide lo, hi;
} span;
#define NO_LO        (-((wide)1 << 100))
#define NO_HI        ((wide)1 << 100)
#define CEILING_COST 8 /* of the range budget, for looking for a counter's loop */
#define TESTED_COST  8 /* of the range budget, for reading a counter's tested steps */
static const span unknown = {NO_LO, NO_HI};

static int known(span s) {
    return s.lo != NO_LO && s.hi != NO_HI;
}
static wide least(wide a, wide b) {
    return a < b ? a : b;
}
static wide most(wide a, wide b) {
    return a > b ? a : b;
}
static span either(span a, span b) {
    return (span){least(a.lo, b.lo), most(a.hi, b.hi)};
}

/* The values of a BITS-wide integer read as signed (SGN) or unsigned. */
static span type_span(unsigned bits, int sgn) {
    return sgn ? (span){-((wide)1 << (bits - 1)), ((wide)1 << (bits - 1)) - 1}
               : (span){0, ((wide)1 << bits) - 1};
}

/* S, the result of arithmetic in a BITS-wide type, as the type holds it: unchanged when
 * every value fits, else unknown (a value that does not fit wraps to any other). */
static span fits_in(span s, unsigned bits, int sgn) {
    span t = type_span(bits, sgn);
    return known(s) && s.lo >= t.lo && s.hi <= t.hi ? s : unknown;
}

/* S, values read as FROM_SGN, read as TO_SGN: the same where both readings agree. */
static span reread(span s, unsigned bits, int from_sgn, int to_sgn) {
    if (from_sgn == to_sgn) return s;
    return known(s) && s.lo >= 0 && s.hi <= type_span(bits, 1).hi ? s : unknown;
}

/* Whether A is a load, in block X, of a scalar integer alloca: a loop counter's value. */
static int counter_load(const cfg *g, unsigned x, LLVMValueRef a) {
    if (!LLVMIsALoadInst(a) || LLVMGetInstructionParent(a) != g->bbs[x]) return 0;
    LLVMValueRef var = LLVMGetOperand(a, 0);
    if (!LLVMIsAAllocaInst(var)) return 0;
    LLVMTypeRef ty = LLVMGetAllocatedType(var);
    return LLVMGetTypeKind(ty) == LLVMIntegerTypeKind && LLVMTypeOf(a) == ty;
}

/* Marks VAR as a counter whose range is being found; 0 when it already is (a range that
 * rests on itself) or too many are. */
static int ranging_enter(cfg *g, LLVMValueRef var) {
    if (g->nranging == LOOP_CFG_RANGING_DEPTH) return 0;
    for (unsigned k = 0; k < g->nranging; k++)
        if (g->ranging[k] == var) return 0;
    g->ranging[g->nranging++] = var;
    return 1;
}

static void ranging_leave(cfg *g) {
    g->nranging--;
}

static span range_of(cfg *g, LLVMValueRef x, int sgn, unsigned *budget);
static span ceiling(cfg *g, LLVMValueRef var, int sgn, unsigned *budget, span sets, int up);
static int guard_of(cfg *g, LLVMValueRef load, LLVMValueRef var, int sgn, LLVMIntPredicate *pr_out,
                    LLVMValueRef *y_out, int *ps_out);

/* Rule (steps of known range): whether STORE writes back its variable VAR plus an
 * amount, loaded from VAR in the same block with no other store of VAR in between; STEP
 * gets the amount's range (a constant: read signed, as adding it wraps to subtracting;
 * else read as SGN), unknown when it has none. */
static int step_of(cfg *g, LLVMValueRef store, LLVMValueRef var, int sgn, unsigned *budget, span *step) {
    LLVMValueRef val = LLVMGetOperand(store, 0);
    if (!LLVMIsABinaryOperator(val)) return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(val);
    if (op != LLVMAdd && op != LLVMSub) return 0;
    LLVMValueRef x = LLVMGetOperand(val, 0), c = LLVMGetOperand(val, 1);
    if (op == LLVMAdd && !(LLVMIsALoadInst(x) && LLVMGetOperand(x, 0) == var)) {
        LLVMValueRef t = x;
        x = c;
        c = t;
    }
    if (!LLVMIsALoadInst(x) || LLVMGetOperand(x, 0) != var ||
        LLVMGetInstructionParent(x) != LLVMGetInstructionParent(store))
        return 0;
    for (LLVMValueRef i = LLVMGetNextInstruction(x); i && i != store; i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == var) return 0;
    if (!LLVMGetNextInstruction(x)) return 0;
    span s = LLVMIsAConstantInt(c) ? (span){loop_cfg_int_value(c, 1), loop_cfg_int_value(c, 1)}
                                   : range_of(g, c, sgn, budget);
    if (known(s) && op == LLVMSub) s = (span){-s.hi, -s.lo};
    *step = known(s) ? s : unknown;
    return 1;
}

/* The load of VAR that STORE, a step of VAR (step_of), adds its amount to. */
static LLVMValueRef stepped_load(LLVMValueRef store, LLVMValueRef var) {
    LLVMValueRef val = LLVMGetOperand(store, 0), x = LLVMGetOperand(val, 0);
    return LLVMIsALoadInst(x) && LLVMGetOperand(x, 0) == var ? x : LLVMGetOperand(val, 1);
}

/* The greatest value a test PR against a value in YS lets through; NO_HI for a test that
 * bounds nothing from above. */
static wide passed_top(LLVMIntPredicate pr, span ys) {
    if (ys.hi == NO_HI) return NO_HI;
    switch (pr) {
    case LLVMIntSLT:
    case LLVMIntULT:
        return ys.hi - 1;
    case LLVMIntSLE:
    case LLVMIntULE:
    case LLVMIntEQ:
        return ys.hi;
    default:
        return NO_HI;
    }
}

/* Rule (steps under a test): a variable stepped up only where a test has just found it
 * below a limit (`if (n >= cap) return NULL; slot = &pool[n++];`, a capacity test) is
 * never more than the limit's greatest value less one plus the step, however often it
 * steps and wherever the steps are: each step starts from a value its test passed
 * (guarded: the step's block is entered only from the test, and nothing stores the
 * variable between the test's load and the step's). SETS: what the other stores give.
 * The sum must fit the type, so no step wraps. */
static span tested_steps(cfg *g, LLVMValueRef var, int sgn, unsigned *budget, span sets) {
    if (!known(sets) || *budget < TESTED_COST) return unknown;
    *budget -= TESTED_COST;
    unsigned bits = LLVMGetIntTypeWidth(LLVMGetAllocatedType(var));
    int as = -1; /* how the tests read the variable: all of them alike */
    wide top = NO_LO;
    span step;
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(user) || !step_of(g, user, var, sgn, budget, &step)) continue;
        LLVMIntPredicate pr;
        LLVMValueRef y;
        int ps;
        if (!guard_of(g, stepped_load(user, var), var, sgn, &pr, &y, &ps) || (as >= 0 && ps != as))
            return unknown;
        as = ps;
        span ys = range_of(g, y, ps, budget);
        wide below = passed_top(pr, ys);
        if (!step_of(g, user, var, ps, budget, &step) || !known(step) || step.lo <= 0 || below == NO_HI ||
            below + step.hi > type_span(bits, ps).hi)
            return unknown;
        top = most(top, below + step.hi);
    }
    if (as < 0) return unknown;
    span from = reread(sets, bits, sgn, as); /* the other stores, read as the tests read */
    if (!known(from)) return unknown;
    return reread((span){from.lo, most(from.hi, top)}, bits, as, sgn);
}

/* Rules (variables of known values) and (counters): a local variable whose every store is a
 * value of known range holds one, as the address never escapes (only loads and stores use
 * it); one that is also stepped one way, the range ceiling finds for it. */
static span variable_range(cfg *g, LLVMValueRef var, int sgn, unsigned *budget) {
    span r = {NO_HI, NO_LO}, step;
    int any = 0, up = 0, down = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user)) continue;
        if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 1) != var || LLVMGetOperand(user, 0) == var)
            return unknown;
        if (step_of(g, user, var, sgn, budget, &step)) {
            if (step.lo > 0 && step.hi != NO_HI)
                up = 1;
            else if (step.hi < 0 && step.lo != NO_LO)
                down = 1;
            else
                return unknown;
            continue;
        }
        r = either(r, range_of(g, LLVMGetOperand(user, 0), sgn, budget));
        any = 1;
    }
    if (!any || (up && down)) return unknown;
    if (!up && !down) return r;
    span c = ceiling(g, var, sgn, budget, r, up);
    /* only where the counters rule finds nothing: what it proves keeps its budget */
    return known(c) || !up ? c : tested_steps(g, var, sgn, budget, r);
}

/* Rule (bounded reads): a read whose declared distribution is bounded gives a value
 * in its range (a draw that does not fit the variable fails the trial). */
static span read_range(const cfg *g, LLVMValueRef call) {
    LLVMValueRef callee = LLVMGetCalledValue(call);
    size_t n;
    const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
    if (!g->given || strcmp(name, FSABI_READ_INT) != 0 || LLVMGetNumArgOperands(call) != 1) return unknown;
    LLVMValueRef site = LLVMGetOperand(call, 0);
    if (!LLVMIsAConstantInt(site) || LLVMConstIntGetZExtValue(site) >= g->given->nreads) return unknown;
    double a = g->given->read_lo[LLVMConstIntGetZExtValue(site)],
           b = g->given->read_hi[LLVMConstIntGetZExtValue(site)];
    if (!(a >= -0x1p62 && b <= 0x1p62)) return unknown;
    span s = {(wide)trunc(a), (wide)trunc(b)}; /* the runtime converts a draw as C does: toward zero */
    return s.lo <= s.hi ? s : unknown;
}

/* The values a double or float X can have, in [*LO, *HI]: a constant; a read whose
 * declared distribution is held to a range; a local variable of such values (its
 * address used only by loads and stores); a float widened; and a sum or product
 * with a constant, which rounding keeps in order, as the bounds computed the same
 * way. Returns 0 when unknown. */
static int real_range(cfg *g, LLVMValueRef x, unsigned *budget, double *lo, double *hi) {
    if (*budget == 0) return 0;
    --*budget;
    LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(x));
    if (kind != LLVMDoubleTypeKind && kind != LLVMFloatTypeKind) return 0;
    if (LLVMIsAConstantFP(x)) {
        LLVMBool loses;
        *lo = *hi = LLVMConstRealGetDouble(x, &loses);
        return isfinite(*lo);
    }
    if (LLVMIsAFPExtInst(x)) return real_range(g, LLVMGetOperand(x, 0), budget, lo, hi);
    if (LLVMIsACallInst(x)) {
        LLVMValueRef callee = LLVMGetCalledValue(x),
                     site = LLVMGetNumArgOperands(x) == 1 ? LLVMGetOperand(x, 0) : NULL;
        size_t n;
        if (!g->given || !callee || !LLVMIsAFunction(callee) ||
            strcmp(LLVMGetValueName2(callee, &n), FSABI_READ_REAL) != 0 || kind != LLVMDoubleTypeKind ||
            !site || !LLVMIsAConstantInt(site) || LLVMConstIntGetZExtValue(site) >= g->given->nreads)
            return 0;
        *lo = g->given->read_lo[LLVMConstIntGetZExtValue(site)];
        *hi = g->given->read_hi[LLVMConstIntGetZExtValue(site)];
        return isfinite(*lo) && isfinite(*hi);
    }
    if (LLVMIsALoadInst(x) && LLVMIsAAllocaInst(LLVMGetOperand(x, 0)) &&
        LLVMGetAllocatedType(LLVMGetOperand(x, 0)) == LLVMTypeOf(x)) {
        LLVMValueRef var = LLVMGetOperand(x, 0);
        int any = 0;
        for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            if (LLVMIsALoadInst(user)) continue;
            double a, b;
            if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 1) != var || LLVMGetOperand(user, 0) == var ||
                !real_range(g, LLVMGetOperand(user, 0), budget, &a, &b))
                return 0;
            *lo = any ? fmin(*lo, a) : a;
            *hi = any ? fmax(*hi, b) : b;
            any = 1;
        }
        return any;
    }
    LLVMOpcode op = LLVMIsABinaryOperator(x) ? LLVMGetInstructionOpcode(x) : LLVMRet;
    /* in double only, and with no fast-math flag (contraction into a fused multiply-add,
     * reassociation): the bounds below round as the program's double arithmetic does */
    if ((op != LLVMFAdd && op != LLVMFSub && op != LLVMFMul) || kind != LLVMDoubleTypeKind ||
        LLVMGetFastMathFlags(x) != LLVMFastMathNone)
        return 0;
    LLVMValueRef a = LLVMGetOperand(x, 0), b = LLVMGetOperand(x, 1);
    int constant_first = LLVMIsAConstantFP(a) != NULL;
    double c, v_lo, v_hi, unused;
    if (!real_range(g, constant_first ? a : b, budget, &c, &unused) || c != unused ||
        !real_range(g, constant_first ? b : a, budget, &v_lo, &v_hi))
        return 0;
    double e1, e2;
    if (op == LLVMFAdd) {
        e1 = v_lo + c, e2 = v_hi + c;
    } else if (op == LLVMFSub) {
        e1 = constant_first ? c - v_hi : v_lo - c;
        e2 = constant_first ? c - v_lo : v_hi - c;
    } else {
        e1 = v_lo * c, e2 = v_hi * c;
    }
    *lo = fmin(e1, e2);
    *hi = fmax(e1, e2);
    return isfinite(*lo) && isfinite(*hi);
}

/* Rule (real conversions): a double or float converted to an integer, as C does,
 * toward zero, lies within its range truncated (a value past the integer type is
 * undefined, and assumed not to happen). */
static span converted_range(cfg *g, LLVMValueRef x, unsigned *budget) {
    double lo, hi;
    if (!real_range(g, LLVMGetOperand(x, 0), budget, &lo, &hi) || !(lo >= -0x1p62 && hi <= 0x1p62))
        return unknown;
    if (LLVMIsAFPToUIInst(x) && !(lo > -1.0)) return unknown;
    return (span){(wide)trunc(lo), (wide)trunc(hi)};
}

/* Rule (string lengths): strnlen(s, n) is at most n, strlen of a drawn string argument
 * (`arg s ~ string(LEN, ...)`, written by nothing) at most LEN's greatest value, and
 * strlen of the start of a char array less than the array's size (a string that runs
 * past its array is read past the object's end, which is undefined, and assumed not
 * to happen, as reading an uninitialised loop variable is). */
static span length_range(cfg *g, LLVMValueRef call, unsigned *budget) {
    span r = {0, NO_HI};
    if (LLVMGetNumArgOperands(call) == 2) r.hi = range_of(g, LLVMGetOperand(call, 1), 0, budget).hi;
    LLVMValueRef p = LLVMGetOperand(call, 0), object;
    long long offset;
    if (walk_bounds_place(p, &object, &offset) && LLVMIsAArgument(object) && offset == 0) {
        walk_loop whole = {g->n,      g->bbs, &g->ids, g->succ, g->sfirst, g->pred,
                           g->pfirst, NULL,   NULL,    0,       g->given};
        long long text = walk_bounds_argument_text(&whole, object); /* a drawn string() nothing writes */
        if (text >= 0 && (r.hi == NO_HI || text < r.hi)) r.hi = text;
    }
    while (LLVMIsAGetElementPtrInst(p) ||
           (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr)) {
        int zeros = 1;
        for (int k = 1; zeros && k < LLVMGetNumOperands(p); k++) {
            LLVMValueRef index = LLVMGetOperand(p, (unsigned)k);
            zeros = LLVMIsAConstantInt(index) && LLVMConstIntGetZExtValue(index) == 0;
        }
        if (!zeros) break;
        p = LLVMGetOperand(p, 0);
    }
    LLVMTypeRef t = LLVMIsAAllocaInst(p)       ? LLVMGetAllocatedType(p)
                    : LLVMIsAGlobalVariable(p) ? LLVMGlobalGetValueType(p)
                                               : NULL;
    if (t && LLVMGetTypeKind(t) == LLVMArrayTypeKind && LLVMGetArrayLength2(t) >= 1 &&
        LLVMGetArrayLength2(t) < ((uint64_t)1 << 62) &&
        LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMIntegerTypeKind &&
        LLVMGetIntTypeWidth(LLVMGetElementType(t)) == 8) {
        wide below = (wide)LLVMGetArrayLength2(t) - 1;
        r.hi = r.hi == NO_HI || below < r.hi ? below : r.hi;
    }
    return r.hi == NO_HI ? unknown : r;
}

/* Rule (the C library's limits): fread returns at most its count of items, read and
 * pread at most their count of bytes or -1, getchar, getc and fgetc a byte or EOF
 * (-1), whatever the stream holds, and strlen and strnlen as length_range says. A function of the program's
 * own with such a name is not the library's. */
static span library_range(cfg *g, LLVMValueRef call, unsigned *budget) {
    static const char *const items[] = {"fread", "fread_unlocked", NULL};
    static const char *const bytes[] = {"read", "pread", "pread64", NULL};
    static const char *const lengths[] = {"strlen", "strnlen", NULL};
    static const char *const chars[] = {"getchar",  "getchar_unlocked", "getc",           "fgetc",
                                        "_IO_getc", "getc_unlocked",    "fgetc_unlocked", NULL};
    LLVMValueRef callee = LLVMGetCalledValue(call);
    size_t n;
    /* the library's own functions only: a program may define a read of its own */
    const char *name =
        callee && LLVMIsAFunction(callee) && LLVMIsDeclaration(callee) ? LLVMGetValueName2(callee, &n) : "";
    int kind = 0;
    for (int k = 0; !kind && items[k]; k++) kind = strcmp(name, items[k]) ? 0 : 1;
    for (int k = 0; !kind && bytes[k]; k++) kind = strcmp(name, bytes[k]) ? 0 : 2;
    for (int k = 0; !kind && chars[k]; k++) kind = strcmp(name, chars[k]) ? 0 : 3;
    for (int k = 0; !kind && lengths[k]; k++) kind = strcmp(name, lengths[k]) ? 0 : 4;
    if (kind == 3) return (span){-1, 255};
    if (kind == 4) return length_range(g, call, budget);
    unsigned args = LLVMGetNumArgOperands(call);
    if (kind == 0 || (kind == 1 && args != 4) || (kind == 2 && args < 3)) return unknown;
    span count = range_of(g, LLVMGetOperand(call, 2), 0, budget);
    if (count.hi == NO_HI) return unknown;
    /* and no read of standard input returns more than it holds, when a `stdin ~` form
     * gives it and nothing can give bytes back (nor put another file at fd 0): fread
     * at most its bytes over the least item size, read from fd 0 at most its bytes */
    wide most = count.hi;
    LLVMValueRef from = LLVMGetOperand(call, kind == 1 ? 3 : 0);
    int of_stdin = kind == 1 ? walk_bounds_is_stdin(from)
                             : LLVMIsAConstantInt(from) && LLVMConstIntGetZExtValue(from) == 0;
    span size = kind == 1 ? range_of(g, LLVMGetOperand(call, 1), 0, budget) : (span){1, 1};
    LLVMModuleRef m = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
    if (of_stdin && size.lo >= 1 && size.lo != NO_LO && g->given && g->given->walks.stdin_bounded &&
        g->given->walks.stdin_max < 0x1p62 &&
        !(kind == 1 ? walk_bounds_stdin_rereadable(m) : walk_bounds_fd0_replaceable(m))) {
        wide held = (wide)g->given->walks.stdin_max / size.lo;
        most = held < most ? held : most;
    }
    return (span){kind == 1 ? 0 : -1, most};
}

/* Rule (drawn arguments): in function mode, a parameter of the entry that only the
 * runtime passes has a value its declared distribution can give (truncated, as the
 * runtime converts it; a draw that does not fit fails the trial). */
static span argument_range(const cfg *g, LLVMValueRef param) {
    double a, b, text;
    if (!g->given || !given_walks_param(&g->given->walks, param, &a, &b, &text) ||
        !(a >= -0x1p62 && b <= 0x1p62))
        return unknown;
    span s = {(wide)a, (wide)b};
    return s.lo <= s.hi ? s : unknown;
}

/* Rule (least and greatest): select(x < y, x, y) is at most y, select(x > y, x, y) at
 * least y, whatever x is (either order, any strictness); else a choice has either's values. */
static span choice_range(cfg *g, LLVMValueRef x, int sgn, unsigned *budget) {
    LLVMValueRef c = LLVMGetOperand(x, 0), t = LLVMGetOperand(x, 1), f = LLVMGetOperand(x, 2);
    span a = range_of(g, t, sgn, budget), b = range_of(g, f, sgn, budget);
    if (!LLVMIsAICmpInst(c)) return either(a, b);
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    LLVMValueRef l = LLVMGetOperand(c, 0), r = LLVMGetOperand(c, 1);
    if (l == f && r == t) {
        p = loop_cfg_swapped(p);
        l = t;
        r = f;
    }
    if (l != t || r != f || p == LLVMIntEQ || p == LLVMIntNE || loop_cfg_signed_pred(p) != sgn)
        return either(a, b);
    if (p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntULT || p == LLVMIntULE)
        return (span){least(a.lo, b.lo), least(a.hi, b.hi)};
    return (span){most(a.lo, b.lo), most(a.hi, b.hi)};
}

/* Rule (arithmetic): sums, differences and products of values of known range; quotients by
 * and remainders of a divisor of known range that excludes 0 (a remainder is within the
 * divisor whatever is divided); x & y at most either (read unsigned); shifts by a known
 * amount. A result that might not fit its type is unknown: wrapping could give any value. */
static span arith_range(cfg *g, LLVMValueRef x, int sgn, unsigned *budget, unsigned bits) {
    LLVMOpcode op = LLVMGetInstructionOpcode(x);
    LLVMValueRef p = LLVMGetOperand(x, 0), q = LLVMGetOperand(x, 1);
    const wide big = (wide)1 << 64; /* keeps products within the wide type */
    switch (op) {
    case LLVMAdd:
    case LLVMSub:
    case LLVMMul: {
        span a = range_of(g, p, sgn, budget), b = range_of(g, q, sgn, budget);
        if (!known(a) || !known(b)) return unknown;
        if (op == LLVMAdd) return fits_in((span){a.lo + b.lo, a.hi + b.hi}, bits, sgn);
        if (op == LLVMSub) return fits_in((span){a.lo - b.hi, a.hi - b.lo}, bits, sgn);
        if (a.lo < -big || a.hi > big || b.lo < -big || b.hi > big) return unknown;
        wide c[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
        return fits_in(
            (span){least(least(c[0], c[1]), least(c[2], c[3])), most(most(c[0], c[1]), most(c[2], c[3]))},
            bits, sgn);
    }
    case LLVMSDiv:
    case LLVMUDiv: {
        int s = op == LLVMSDiv;
        span a = range_of(g, p, s, budget), d = range_of(g, q, s, budget);
        if (!known(a) || !known(d) || d.lo < 1) return unknown;
        /* x / d for d >= 1 rises with x, and for one x comes nearer 0 as d grows */
        return fits_in((span){least(a.lo / d.lo, a.lo / d.hi), most(a.hi / d.lo, a.hi / d.hi)}, bits, sgn);
    }
    case LLVMSRem:
    case LLVMURem: {
        int s = op == LLVMSRem;
        span a = range_of(g, p, s, budget), d = range_of(g, q, s, budget);
        if (!known(d) || (d.lo <= 0 && d.hi >= 0)) return unknown;
        wide w = most(d.lo < 0 ? -d.lo : d.lo, d.hi < 0 ? -d.hi : d.hi) - 1; /* the largest |remainder| */
        span r = {!s || a.lo >= 0 ? 0 : -w, a.hi <= 0 ? 0 : w};              /* of the dividend's sign */
        if (a.lo >= 0 && a.hi != NO_HI) r.hi = least(r.hi, a.hi);
        if (a.hi <= 0 && a.lo != NO_LO) r.lo = most(r.lo, a.lo);
        return fits_in(r, bits, sgn);
    }
    case LLVMAnd: {
        span a = range_of(g, p, 0, budget), b = range_of(g, q, 0, budget);
        wide hi = least(a.hi, b.hi);
        return hi == NO_HI ? unknown : fits_in((span){0, hi}, bits, sgn);
    }
    case LLVMShl: {
        span a = range_of(g, p, sgn, budget), k = range_of(g, q, 0, budget);
        if (!known(a) || !known(k) || a.lo < 0 || a.hi > big || k.hi >= bits || k.hi > 62) return unknown;
        return fits_in((span){a.lo << k.lo, a.hi << k.hi}, bits, sgn);
    }
    case LLVMLShr:
    case LLVMAShr: {
        span a = range_of(g, p, op == LLVMAShr, budget), k = range_of(g, q, 0, budget);
        if (!known(a) || !known(k) || a.lo < 0 || k.hi >= bits) return unknown;
        return fits_in((span){a.lo >> k.hi, a.hi >> k.lo}, bits, sgn);
    }
    default:
        return unknown;
    }
}

/* The load of VAR that V is, or V extends (EXT 1 zero-, 2 sign-extended, else 0); NULL
 * for anything else. */
static LLVMValueRef tested_value(LLVMValueRef v, LLVMValueRef var, int *ext) {
    *ext = LLVMIsAZExtInst(v) ? 1 : LLVMIsASExtInst(v) ? 2 : 0;
    if (*ext) v = LLVMGetOperand(v, 0);
    return LLVMIsALoadInst(v) && LLVMGetOperand(v, 0) == var ? v : NULL;
}

/* Rule (guarded loads): a load of VAR at the start of a block entered only from a test of VAR
 * (`k < 10 ? k : 10` at -O0; the test may compare it zero- or sign-extended, read unsigned
 * or signed to match), with no store of VAR between the two loads and its address
 * used by nothing but loads and stores, has a value that passed the test; R, what else is
 * known of it, narrowed accordingly. */
/* The test guarding LOAD of VAR, as Rule (guarded loads) reads it: the predicate *PR the
 * value passed against *Y, read as *PS (signed or not; SGN for an equality on the value
 * itself). 0 when there is none. */
static int guard_of(cfg *g, LLVMValueRef load, LLVMValueRef var, int sgn, LLVMIntPredicate *pr_out,
                    LLVMValueRef *y_out, int *ps_out) {
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u); /* a call given its address could change it */
        if (!LLVMIsALoadInst(user) && !(LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) != var)) return 0;
    }
    LLVMBasicBlockRef b = LLVMGetInstructionParent(load);
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && i != load; i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == var) return 0;
    long long bi = ptr_map_get(&g->ids, b);
    if (bi < 0 || g->pfirst[bi + 1] - g->pfirst[bi] != 1) return 0;
    LLVMBasicBlockRef p = g->bbs[g->pred[g->pfirst[bi]]];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(p);
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term) || !LLVMIsAICmpInst(LLVMGetCondition(term)) ||
        LLVMGetSuccessor(term, 0) == LLVMGetSuccessor(term, 1))
        return 0;
    LLVMValueRef c = LLVMGetCondition(term), a = LLVMGetOperand(c, 0), y = LLVMGetOperand(c, 1);
    LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
    int ext = 0;
    if (!tested_value(a, var, &ext)) {
        LLVMValueRef s = a;
        a = y;
        y = s;
        pr = loop_cfg_swapped(pr);
    }
    a = tested_value(a, var, &ext);
    if (!a || LLVMGetInstructionParent(a) != p) return 0;
    for (LLVMValueRef i = LLVMGetNextInstruction(a); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == var) return 0;
    if (LLVMGetSuccessor(term, 0) != b) pr = loop_cfg_negated(pr);
    int equality = pr == LLVMIntEQ || pr == LLVMIntNE;
    int ps = equality ? (ext ? ext == 2 : sgn) : loop_cfg_signed_pred(pr);
    /* a zero-extended value is its unsigned reading, a sign-extended one its signed */
    if ((ext == 1 && ps) || (ext == 2 && !ps)) return 0;
    *pr_out = pr;
    *y_out = y;
    *ps_out = ps;
    return 1;
}

static span guarded(cfg *g, LLVMValueRef load, LLVMValueRef var, int sgn, unsigned *budget, span r) {
    LLVMIntPredicate pr;
    LLVMValueRef y;
    int ps;
    if (!guard_of(g, load, var, sgn, &pr, &y, &ps)) return r;
    span q = ps == sgn ? r : variable_range(g, var, ps, budget), ys = range_of(g, y, ps, budget);
    switch (pr) {
    case LLVMIntSLT:
    case LLVMIntULT:
        if (ys.hi != NO_HI) q.hi = least(q.hi, ys.hi - 1);
        break;
    case LLVMIntSLE:
    case LLVMIntULE:
        q.hi = least(q.hi, ys.hi);
        break;
    case LLVMIntSGT:
    case LLVMIntUGT:
        if (ys.lo != NO_LO) q.lo = most(q.lo, ys.lo + 1);
        break;
    case LLVMIntSGE:
    case LLVMIntUGE:
        q.lo = most(q.lo, ys.lo);
        break;
    case LLVMIntEQ:
        q = (span){most(q.lo, ys.lo), least(q.hi, ys.hi)};
        break;
    default:
        break;
    }
    if (ps == sgn) return q;
    q = reread(q, LLVMGetIntTypeWidth(LLVMGetAllocatedType(var)), ps, sgn); /* the test read the other way */
    return known(q) ? (span){most(r.lo, q.lo), least(r.hi, q.hi)} : r;
}

/* The least and greatest value X can have, read as signed (SGN) or unsigned, through
 * constants, extensions, truncations that keep it, choices (phi, select), arithmetic,
 * local variables, counters and bounded reads; a side not known is NO_LO or NO_HI. Each
 * value looked at spends one of BUDGET; none left: unknown. */
static span range_of(cfg *g, LLVMValueRef x, int sgn, unsigned *budget) {
    LLVMTypeRef ty = LLVMTypeOf(x);
    if (*budget == 0 || LLVMGetTypeKind(ty) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ty) > 64)
        return unknown;
    --*budget;
    unsigned bits = LLVMGetIntTypeWidth(ty);
    span r = unknown;
    if (LLVMIsAConstantInt(x)) {
        r.lo = r.hi = loop_cfg_int_value(x, sgn);
        return r;
    }
    if (LLVMIsASExtInst(x) || LLVMIsAZExtInst(x)) {
        /* Rule (narrow values): a char or short extended is within its type, whatever
         * memory holds; wider ones are not taken at their type's extremes (a bound of
         * 2^31 trips says nothing). */
        int from_sgn = LLVMIsASExtInst(x) != NULL;
        LLVMValueRef v = LLVMGetOperand(x, 0);
        unsigned from = LLVMGetIntTypeWidth(LLVMTypeOf(v));
        r = range_of(g, v, from_sgn, budget);
        if (from <= 16) {
            span t = type_span(from, from_sgn);
            r = (span){r.lo == NO_LO ? t.lo : r.lo, r.hi == NO_HI ? t.hi : r.hi};
        }
        return sgn || r.lo >= 0 ? r : unknown; /* a negative value sign-extended, read unsigned, is huge */
    }
    if (LLVMIsATruncInst(x)) return fits_in(range_of(g, LLVMGetOperand(x, 0), sgn, budget), bits, sgn);
    if (LLVMIsAPHINode(x)) {
        span u = {NO_HI, NO_LO};
        for (unsigned k = 0; k < LLVMCountIncoming(x); k++)
            u = either(u, range_of(g, LLVMGetIncomingValue(x, k), sgn, budget));
        r = LLVMCountIncoming(x) ? u : unknown;
    } else if (LLVMIsASelectInst(x))
        r = choice_range(g, x, sgn, budget);
    else if (LLVMIsABinaryOperator(x))
        return arith_range(g, x, sgn, budget, bits);
    else if (LLVMIsALoadInst(x) && LLVMIsAAllocaInst(LLVMGetOperand(x, 0)) &&
             LLVMGetAllocatedType(LLVMGetOperand(x, 0)) == ty)
        r = guarded(g, x, LLVMGetOperand(x, 0), sgn, budget,
                    variable_range(g, LLVMGetOperand(x, 0), sgn, budget));
    else if (LLVMIsALoadInst(x) && g->given) {
        long long a, b;
        if (pointee_values_range(&g->given->walks, x, sgn, &a, &b) ||
            global_values_range(g->given->globals, x, sgn, &a, &b))
            r = (span){a, b};
    } else if (LLVMIsACallInst(x)) {
        r = read_range(g, x);
        if (r.lo == NO_LO && r.hi == NO_HI) r = library_range(g, x, budget);
    } else if (LLVMIsAArgument(x))
        r = argument_range(g, x);
    else if (LLVMIsAFPToSIInst(x) || LLVMIsAFPToUIInst(x))
        r = converted_range(g, x, budget);
    /* the values must be ones the type holds, read as asked: -1 stored, read unsigned,
     * is the type's greatest, not a value below 0 */
    span t = type_span(bits, sgn);
    if ((r.lo != NO_LO && (r.lo < t.lo || r.lo > t.hi)) || (r.hi != NO_HI && (r.hi > t.hi || r.hi < t.lo)))
        return unknown;
    return r.lo <= r.hi || r.lo == NO_LO || r.hi == NO_HI ? r : unknown;
}

/* ---- the counted loop ---- */

/* What the loop's exit test says and what the stores to its variable do. */
typedef struct counter_var {
    LLVMValueRef var; /* the alloca */
    int is_signed;    /* how the variable's values are read */
    span type;        /* the range of its type, so read */
    int rising;       /* the loop goes on while v < limit (else v > limit) */
    wide limit;
    struct {
        unsigned bits;
        int sgn;
        span added;
    } sums[4];               /* the test adds these to v, */
    unsigned nsums;          /* innermost last, each in a type of BITS read as SGN */
    unsigned nsets;          /* stores outside the loop */
    span sets;               /* the values they store */
    wide step_min, step_max; /* |steps| of the stores inside the loop */
    unsigned nsteps;         /* step stores */
    LLVMValueRef step;       /* the last step store read */
    LLVMValueRef load;       /* the test's load of v */
    int unequal;             /* the test is v + a != limit: it passes until v reaches the limit */
    int strict;              /* the test is v + a < limit or v + a > limit */
    LLVMValueRef limit_of;   /* the test's limit as it is written */
    span values;             /* count_at: every value v can have, read as is_signed */
} counter_var;

/* Whether T is, through extensions and additions, a load in block X of a counter (WANT,
 * or any when NULL). */
static int leads(const cfg *g, unsigned x, LLVMValueRef t, LLVMValueRef want, unsigned depth) {
    if (depth > 6) return 0;
    if (counter_load(g, x, t)) return !want || LLVMGetOperand(t, 0) == want;
    if (LLVMIsASExtInst(t) || LLVMIsAZExtInst(t)) return leads(g, x, LLVMGetOperand(t, 0), want, depth + 1);
    if (!LLVMIsABinaryOperator(t)) return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(t);
    if (op == LLVMSub) return leads(g, x, LLVMGetOperand(t, 0), want, depth + 1);
    return op == LLVMAdd && (leads(g, x, LLVMGetOperand(t, 0), want, depth + 1) ||
                             leads(g, x, LLVMGetOperand(t, 1), want, depth + 1));
}

/* Rule (tests on a sum): reads T, read as SGN, as a counter v plus amounts of known range
 * added through extensions, into V (var, sign, type, sums). Returns 0, or -1. */
static int read_sum(cfg *g, unsigned x, LLVMValueRef t, int sgn, LLVMValueRef want, unsigned *budget,
                    counter_var *v) {
    v->nsums = 0;
    for (unsigned depth = 0; depth <= 6; depth++) {
        if (counter_load(g, x, t) && (!want || LLVMGetOperand(t, 0) == want)) {
            v->var = LLVMGetOperand(t, 0);
            v->load = t;
            unsigned bits = LLVMGetIntTypeWidth(LLVMGetAllocatedType(v->var));
            if (bits < 2 || bits > 64) return -1;
            v->is_signed = sgn;
            v->type = type_span(bits, sgn);
            return 0;
        }
        if (LLVMIsASExtInst(t) || LLVMIsAZExtInst(t)) {
            if (LLVMIsASExtInst(t) && !sgn) return -1; /* a sign-extended value compared unsigned */
            sgn = LLVMIsASExtInst(t) != NULL;
            t = LLVMGetOperand(t, 0);
            continue;
        }
        if (!LLVMIsABinaryOperator(t) || v->nsums == 4) return -1;
        LLVMOpcode op = LLVMGetInstructionOpcode(t);
        LLVMValueRef l = LLVMGetOperand(t, 0), r = LLVMGetOperand(t, 1);
        if (op == LLVMAdd && !leads(g, x, l, want, 0)) {
            LLVMValueRef s = l;
            l = r;
            r = s;
        }
        if ((op != LLVMAdd && op != LLVMSub) || !leads(g, x, l, want, 0)) return -1;
        span a = range_of(g, r, sgn, budget);
        if (!known(a)) return -1;
        v->sums[v->nsums].bits = LLVMGetIntTypeWidth(LLVMTypeOf(t));
        v->sums[v->nsums].sgn = sgn;
        v->sums[v->nsums++].added = op == LLVMSub ? (span){-a.hi, -a.lo} : a;
        t = l;
    }
    return -1;
}

/* Which way the steps of VAR inside COMP go, read as SGN: 1 up, -1 down, 0 when the
 * first one found has no known sign (read_stores checks the others). */
static int step_sign(cfg *g, const unsigned char *comp, LLVMValueRef var, int sgn, unsigned *budget) {
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        long long b = LLVMIsAStoreInst(user) ? ptr_map_get(&g->ids, LLVMGetInstructionParent(user)) : -1;
        span s;
        if (b < 0 || !comp[b] || !step_of(g, user, var, sgn, budget, &s) || !known(s)) continue;
        return s.lo > 0 ? 1 : s.hi < 0 ? -1 : 0;
    }
    return 0;
}

/* Reads the exit test at the end of block X of COMP into V. Returns 0, or -1 when it is
 * not "v + a < limit" or "v + a > limit" (any strictness, either side, either branch, a
 * sum of amounts of known range, maybe none) on the value of a scalar alloca v (WANT, or
 * any) loaded in X, the limit a value of known range (its greatest value for "<", its
 * least for ">"); v's limit is then that less a's least (greatest) value. Or "v + a !=
 * limit", a and the limit each of one known value, read signed: v's limit is the one
 * value that fails it, and v goes towards it as its steps go (count_at checks that it
 * cannot pass it). */
static int read_test(cfg *g, unsigned x, const unsigned char *comp, LLVMValueRef want, unsigned *budget,
                     counter_var *v) {
    LLVMValueRef cond;
    int leave;
    if (!exit_test(g, x, comp, &cond, &leave)) return -1; /* the test must be the way out */
    LLVMIntPredicate p = LLVMGetICmpPredicate(cond);
    LLVMValueRef a = LLVMGetOperand(cond, 0), b = LLVMGetOperand(cond, 1);
    if (!leads(g, x, a, want, 0) && leads(g, x, b, want, 0)) {
        LLVMValueRef t = a;
        a = b;
        b = t;
        p = loop_cfg_swapped(p);
    }
    if (leave) p = loop_cfg_negated(p); /* stays on false */
    int ps = p == LLVMIntNE || loop_cfg_signed_pred(p);
    if (read_sum(g, x, a, ps, want, budget, v) != 0) return -1;
    span added = {0, 0}, lim = range_of(g, b, ps, budget);
    for (unsigned k = 0; k < v->nsums; k++)
        added = (span){added.lo + v->sums[k].added.lo, added.hi + v->sums[k].added.hi};
    int strict = p == LLVMIntSLT || p == LLVMIntULT || p == LLVMIntSGT || p == LLVMIntUGT;
    v->strict = strict;
    v->limit_of = b;
    switch (p) {
    case LLVMIntSLT:
    case LLVMIntULT:
    case LLVMIntSLE:
    case LLVMIntULE:
        if (lim.hi == NO_HI) return -1;
        v->rising = 1;
        v->limit = lim.hi + !strict - added.lo;
        return 0;
    case LLVMIntSGT:
    case LLVMIntUGT:
    case LLVMIntSGE:
    case LLVMIntUGE:
        if (lim.lo == NO_LO) return -1;
        v->rising = 0;
        v->limit = lim.lo - !strict - added.hi;
        return 0;
    case LLVMIntNE: {
        int way = step_sign(g, comp, v->var, ps, budget);
        if (!way || !known(lim) || lim.lo != lim.hi || added.lo != added.hi) return -1;
        v->unequal = 1;
        v->rising = way > 0;
        v->limit = lim.lo - added.lo;
        return 0;
    }
    default:
        return -1;
    }
}

/* Whether BB stores into VAR. */
static int stores_into(LLVMBasicBlockRef bb, LLVMValueRef var) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == var) return 1;
    return 0;
}

/* Rule (stores the loop never sees): whether the value STORE writes into VAR outside the
 * loop COMP can be what VAR holds on entering COMP: some way on from the store reaches a
 * block of COMP with no other store of VAR on it. A store that cannot (a variable used
 * by an earlier loop and set again before this one, jsmn's `i`) says nothing of this
 * loop's counter, whatever its value. -1: out of memory. */
static int reaches_loop(const cfg *g, const unsigned char *comp, LLVMValueRef store, LLVMValueRef var) {
    for (LLVMValueRef i = LLVMGetNextInstruction(store); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == var) return 0;
    long long from = ptr_map_get(&g->ids, LLVMGetInstructionParent(store));
    unsigned char *seen = calloc(g->n + 1, 1);
    unsigned *todo = malloc((g->n + 1) * sizeof *todo);
    int hit = from >= 0 && seen && todo ? 0 : -1;
    size_t top = 0;
    for (unsigned e = hit == 0 ? g->sfirst[from] : 0; hit == 0 && e < g->sfirst[from + 1]; e++)
        if (!seen[g->succ[e]]) {
            seen[g->succ[e]] = 1;
            todo[top++] = g->succ[e];
        }
    while (hit == 0 && top) {
        unsigned x = todo[--top];
        if (comp[x])
            hit = 1;
        else if (!stores_into(g->bbs[x], var))
            for (unsigned e = g->sfirst[x]; e < g->sfirst[x + 1]; e++)
                if (!seen[g->succ[e]]) {
                    seen[g->succ[e]] = 1;
                    todo[top++] = g->succ[e];
                }
    }
    free(seen);
    free(todo);
    return hit;
}

/* Reads every store of V's variable: values of known range outside COMP (those that can
 * reach it), steps of the loop's sign and known range inside, in blocks in no inner
 * cycle (STEPPED marks them). Returns 0, or -1 when a use is anything else (the address
 * escapes, a value from elsewhere is stored). */
static int read_stores(cfg *g, const unsigned char *comp, const unsigned char *inner, unsigned *budget,
                       counter_var *v, unsigned char *stepped) {
    memset(stepped, 0, g->n);
    for (LLVMUseRef u = LLVMGetFirstUse(v->var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user)) continue;
        if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 1) != v->var || LLVMGetOperand(user, 0) == v->var)
            return -1;
        long long b = ptr_map_get(&g->ids, LLVMGetInstructionParent(user));
        if (b < 0) return -1;
        if (!comp[b]) {
            int seen = reaches_loop(g, comp, user, v->var);
            if (seen < 0) return -1;
            if (!seen) continue;
            span s = range_of(g, LLVMGetOperand(user, 0), v->is_signed, budget);
            if (!known(s)) return -1;
            v->sets = v->nsets++ ? either(v->sets, s) : s;
            continue;
        }
        span s;
        if (!step_of(g, user, v->var, v->is_signed, budget, &s) || !known(s)) return -1;
        if (v->rising ? s.lo <= 0 : s.hi >= 0) return -1;
        if (inner[b]) return -1; /* a step inside an inner loop */
        wide smin = v->rising ? s.lo : -s.hi, smax = v->rising ? s.hi : -s.lo;
        if (!v->nsteps || smin < v->step_min) v->step_min = smin;
        if (!v->nsteps || smax > v->step_max) v->step_max = smax;
        v->nsteps++;
        v->step = user;
        stepped[b] = 1;
    }
    return v->nsets > 0 && v->nsteps > 0 ? 0 : -1;
}

/* Whether some way round the loop from H back to H crosses no block MARKED. An edge into
 * a block that can only leave when entered that way (`&&`'s false) goes round no further. */
static int skips_step(const cfg *g, unsigned h, const unsigned char *comp, const unsigned char *marked,
                      unsigned char *mark) {
    if (marked[h]) return 0;
    memset(mark, 0, g->n);
    size_t top = 0;
    g->stack[top++] = h;
    while (top) {
        unsigned x = g->stack[--top];
        for (unsigned e = g->sfirst[x]; e < g->sfirst[x + 1]; e++) {
            unsigned y = g->succ[e];
            if (!comp[y] || leaves(g, x, g->bbs[y], comp)) continue;
            if (y == h) return 1;
            if (!marked[y] && !mark[y]) {
                mark[y] = 1;
                g->stack[top++] = y;
            }
        }
    }
    return 0;
}

/* Whether block B of COMP is entered from outside it (the function's first block is). */
static int entered_from_outside(const cfg *g, unsigned b, const unsigned char *comp) {
    if (b == 0) return 1;
    for (unsigned e = g->pfirst[b]; e < g->pfirst[b + 1]; e++)
        if (!comp[g->pred[e]]) return 1;
    return 0;
}

/* Whether H is the one block of COMP entered from outside it. */
static int only_entry(const cfg *g, unsigned h, const unsigned char *comp) {
    for (unsigned b = 0; b < g->n; b++)
        if (comp[b] && b != h && entered_from_outside(g, b, comp)) return 0;
    return 1;
}

/* Rule (counters set on entry): whether every entry into COMP finds VAR holding a value
 * a store outside COMP left, one of the sets: traced back from each block that enters
 * COMP from outside, every way meets a block that stores VAR before it meets COMP or
 * the function's start. Uses MARK. */
static int set_on_entry(const cfg *g, const unsigned char *comp, LLVMValueRef var, unsigned char *mark) {
    memset(mark, 0, g->n);
    size_t top = 0;
    for (unsigned b = 0; b < g->n; b++) {
        if (!comp[b]) continue;
        if (b == 0) return 0; /* the function's start enters it */
        for (unsigned e = g->pfirst[b]; e < g->pfirst[b + 1]; e++) {
            unsigned p = g->pred[e];
            if (!comp[p] && !mark[p]) {
                mark[p] = 1;
                g->stack[top++] = p;
            }
        }
    }
    while (top) {
        unsigned x = g->stack[--top];
        if (stores_into(g->bbs[x], var)) continue;
        if (x == 0) return 0;
        for (unsigned e = g->pfirst[x]; e < g->pfirst[x + 1]; e++) {
            unsigned p = g->pred[e];
            if (comp[p]) return 0; /* the value a way round left */
            if (!mark[p]) {
                mark[p] = 1;
                g->stack[top++] = p;
            }
        }
    }
    return 1;
}

/* Whether each entry into the loop COMP (entry H; ONLY: H its one entry) finds V's
 * counter within its sets or its limit before it steps: the test is H's, before any
 * step (a counter left past the limit stays there), or every entry finds the counter
 * set (set_on_entry). Else the counter could start an entry where the last left it,
 * past the limit, and step on. */
static int entered_set(const cfg *g, unsigned h, unsigned x, const unsigned char *comp, const counter_var *v,
                       const unsigned char *stepped, int only, unsigned char *mark) {
    if (only && x == h && !stepped[h]) return 1;
    return set_on_entry(g, comp, v->var, mark);
}

/* The most steps of V (one store of steps of exactly 1) that can run, on entering COMP,
 * before the first test at X loads it: 0 when the step is in X after that load, or in
 * another block that no way from a block entering COMP reaches without passing X; else
 * 1 (no way crosses the step twice before X: X is on every way round, and the step in
 * no inner cycle). Uses MARK. */
static int steps_before_test(const cfg *g, const unsigned char *comp, unsigned x, const counter_var *v,
                             unsigned char *mark) {
    long long s = ptr_map_get(&g->ids, LLVMGetInstructionParent(v->step));
    if (s < 0) return 1;
    if ((unsigned)s == x) {
        for (LLVMValueRef i = LLVMGetNextInstruction(v->load); i; i = LLVMGetNextInstruction(i))
            if (i == v->step) return 0;
        return 1;
    }
    memset(mark, 0, g->n);
    size_t top = 0;
    for (unsigned b = 0; b < g->n; b++)
        if (comp[b] && b != x && entered_from_outside(g, b, comp)) {
            mark[b] = 1;
            g->stack[top++] = b;
        }
    while (top) {
        unsigned y = g->stack[--top];
        if (y == (unsigned)s) return 1;
        for (unsigned e = g->sfirst[y]; e < g->sfirst[y + 1]; e++) {
            unsigned z = g->succ[e];
            if (comp[z] && z != x && !mark[z]) {
                mark[z] = 1;
                g->stack[top++] = z;
            }
        }
    }
    return 0;
}

/* Rule (counted loops, exit tests anywhere): the most times the exit test at the end of
 * block X can pass per entry into the loop COMP (entry H; INNER marks the blocks of COMP
 * in cycles that avoid H), X in no inner cycle and crossed by every way round, the test
 * on a counter (WANT, or any); -1 when it is not such a test. OUT (NULL: not wanted) gets
 * what is known of the counter, with every value it can ever have. Between two passes of the test a whole way
 * round runs, so the counter moves by a step at least; it starts within the values stored outside the loop
 * and no pass leaves the limit behind. */
static wide count_at(cfg *g, unsigned h, const unsigned char *comp, const unsigned char *inner, unsigned x,
                     LLVMValueRef want, unsigned *budget, counter_var *out) {
    counter_var v = {0};
    wide k = -1;
    int entered = 0, only;
    unsigned char *stepped = NULL, *mark = NULL;
    LLVMValueRef cond;
    int leave;
    if (inner[x] || !exit_test(g, x, comp, &cond, &leave)) return -1;
    stepped = calloc(g->n, 1);
    mark = calloc(g->n, 1);
    if (!stepped || !mark) goto out;
    stepped[x] = 1;
    if (skips_step(g, h, comp, stepped, mark)) goto out; /* X is not on every way round */
    if (read_test(g, x, comp, want, budget, &v) != 0) goto out;
    entered = want ? 0 : ranging_enter(g, v.var); /* a counter ceiling asks for is marked there */
    if (!want && !entered) goto out;
    only = only_entry(g, h, comp);
    if (read_stores(g, comp, inner, budget, &v, stepped) == 0 && !skips_step(g, h, comp, stepped, mark)) {
        /* Rule (tests for inequality): v != limit with one step store of exactly 1 that
         * every way round crosses once tests v, v + 1, v + 2, ... (or down): it fails
         * at the limit, never passing it, when the first value tested is on the side
         * the steps come from. That is v's start less the steps before the first test.
         * Then it is the strict test v < limit (v > limit). */
        if (v.unequal) {
            int early = v.nsteps == 1 && v.step_min == 1 && v.step_max == 1
                            ? steps_before_test(g, comp, x, &v, mark)
                            : -1;
            if (early < 0 || (v.rising ? v.sets.hi + early > v.limit : v.sets.lo - early < v.limit)) goto out;
        }
        /* The counter starts within the sets and, until a test fails, each test finds it
         * within the limit. Between two tests each step store runs once at most (a way
         * round crosses each block outside inner cycles once), and after the last test
         * only X's own, past the test. None of it may wrap. */
        unsigned xsteps = 0;
        for (LLVMValueRef i = LLVMGetFirstInstruction(g->bbs[x]); i; i = LLVMGetNextInstruction(i))
            xsteps += LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == v.var;
        wide overshoot = (wide)(v.nsteps + xsteps) * v.step_max;
        wide first = v.rising ? v.sets.lo : v.sets.hi;
        wide far =
            v.rising ? most(v.sets.hi, v.limit - 1) + overshoot : least(v.sets.lo, v.limit + 1) - overshoot;
        if (only && x == h && !stepped[h]) /* a start past the limit fails the test before any step */
            far = v.rising ? most(v.sets.hi, v.limit - 1 + overshoot)
                           : least(v.sets.lo, v.limit + 1 - overshoot);
        span values = v.rising ? (span){first, far} : (span){far, first};
        int fits = values.lo >= v.type.lo && values.hi <= v.type.hi;
        span added = {0, 0};
        for (unsigned s = v.nsums; fits && s-- > 0;) { /* innermost first: each partial sum must fit */
            added = (span){added.lo + v.sums[s].added.lo, added.hi + v.sums[s].added.hi};
            span t = type_span(v.sums[s].bits, v.sums[s].sgn);
            fits = values.lo + added.lo >= t.lo && values.hi + added.hi <= t.hi;
        }
        wide gap = v.rising ? v.limit - first : first - v.limit;
        if (fits && entered_set(g, h, x, comp, &v, stepped, only, mark)) {
            k = gap <= 0 ? 0 : (gap + v.step_min - 1) / v.step_min;
            v.values = values;
            if (out) *out = v;
        }
    }
out:
    if (entered) ranging_leave(g);
    free(stepped);
    free(mark);
    return k;
}

/* K, the most times the loop COMP with entry H can go round per entry (the fewest any of its
 * exit tests allows); -1 when it is not a counted loop. INNER marks the blocks of COMP in
 * cycles that avoid H. BUDGET: what range_of may spend; NULL: a fresh budget per test.
 * AT_HEADER (NULL: not wanted) gets whether K is H's own test's, with its way out leaving
 * COMP at once: then no other block of COMP runs without a pass of that test. */
wide counted_loops_trips(cfg *g, unsigned h, const unsigned char *comp, const unsigned char *inner,
                         unsigned *budget, int *at_header) {
    wide best = -1;
    int header = 0;
    for (unsigned x = 0; x < g->n; x++) {
        if (!comp[x]) continue;
        unsigned fresh = RANGE_BUDGET;
        wide k = count_at(g, h, comp, inner, x, NULL, budget ? budget : &fresh, NULL);
        if (k < 0 || (best >= 0 && k > best) || (best >= 0 && k == best && header)) continue;
        best = k;
        header = 0;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(g->bbs[x]);
        if (x == h && LLVMIsABranchInst(term) && LLVMIsConditional(term)) {
            long long s0 = ptr_map_get(&g->ids, LLVMGetSuccessor(term, 0)),
                      s1 = ptr_map_get(&g->ids, LLVMGetSuccessor(term, 1));
            header = s0 >= 0 && s1 >= 0 && comp[s0] != comp[s1];
        }
    }
    if (at_header) *at_header = header;
    return best > TRIPS_MAX ? -1 : best;
}

wide counted_loops_cut(cfg *g, unsigned char *comp, unsigned char *inner, unsigned *cut, wide *rest) {
    wide best = -1;
    unsigned tries = 0;
    for (unsigned x = 0; x < g->n && tries < CUT_TRIES; x++) {
        LLVMValueRef cond, term = LLVMGetBasicBlockTerminator(g->bbs[x]);
        int leave;
        if (!comp[x] || !exit_test(g, x, comp, &cond, &leave)) continue;
        tries++; /* each finds the inner cycles anew: quadratic in the blocks */
        loop_cfg_inner_cycles(g, x, comp, inner);
        unsigned budget = RANGE_BUDGET;
        wide k = count_at(g, x, comp, inner, x, NULL, &budget, NULL);
        if (k < 0) continue;
        /* a way back to X or out after each pass, and before the first test; and one
         * more after the last where its way out crosses a block of COMP (`&&`'s end) */
        int at_once = 0;
        if (LLVMIsABranchInst(term) && LLVMIsConditional(term)) {
            long long s0 = ptr_map_get(&g->ids, LLVMGetSuccessor(term, 0)),
                      s1 = ptr_map_get(&g->ids, LLVMGetSuccessor(term, 1));
            at_once = s0 >= 0 && s1 >= 0 && comp[s0] != comp[s1];
        }
        wide r = k + (at_once ? 1 : 2);
        if (best < 0 || k < best || (k == best && r < *rest)) {
            best = k;
            *rest = r;
            *cut = x;
        }
    }
    return best > TRIPS_MAX ? -1 : best;
}

wide counted_loops_summed(cfg *g, unsigned h, const unsigned char *comp, const unsigned char *inner) {
    const bound_walks *w = g->given ? &g->given->walks : NULL;
    unsigned budget = RANGE_BUDGET;
    counter_var v;
    if (!w || !w->stdin_bounded || !(w->stdin_max < 0x1p62) ||
        count_at(g, h, comp, inner, h, NULL, &budget, &v) < 0 || !v.rising || !v.strict || v.unequal ||
        v.sets.lo < 0 || v.step_min < 1)
        return -1;
    for (unsigned k = 0; k < v.nsums; k++)
        if (v.sums[k].added.lo < 0) return -1;
    LLVMValueRef n = v.limit_of;
    if (LLVMIsASExtInst(n)) n = LLVMGetOperand(n, 0);
    if (!LLVMIsALoadInst(n) || !walk_bounds_is_variable(LLVMGetOperand(n, 0))) return -1;
    LLVMValueRef var = LLVMGetOperand(n, 0);
    LLVMModuleRef m = LLVMGetGlobalParent(LLVMGetBasicBlockParent(g->bbs[0]));
    long long least = 0;
    int fd = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u);
        if (LLVMIsALoadInst(st)) continue;
        LLVMValueRef call = LLVMGetOperand(st, 0); /* a variable's: a store of a value into it */
        long long b = ptr_map_get(&g->ids, LLVMGetInstructionParent(st));
        /* the call in the store's block: each store keeps a result of its own */
        if (b < 0 || comp[b] || !LLVMIsACallInst(call) ||
            LLVMGetInstructionParent(call) != LLVMGetInstructionParent(st))
            return -1;
        long long size = walk_bounds_block_read(call);
        /* read gives -1 on an error, which a comparison read unsigned takes for a huge count */
        int is_read = LLVMGetNumArgOperands(call) == 3;
        if (size < 1 || (is_read && !v.is_signed)) return -1;
        fd |= is_read;
        least = least && least < size ? least : size;
    }
    unsigned char *mark = calloc(g->n, 1);
    int fresh = mark && set_on_entry(g, comp, var, mark);
    free(mark);
    if (!least || !fresh || (fd ? walk_bounds_fd0_replaceable(m) : walk_bounds_stdin_rereadable(m)))
        return -1;
    return (wide)floor(w->stdin_max / (double)least);
}

/* Rule (counters): the values of VAR, a local variable stored SETS (read as SGN) and
 * stepped up (UP) or down, when the steps are all in one loop the sets are outside of:
 * those count_at finds at an exit test on VAR; or, the loop a top-level one (entered once
 * per call) whose trips are bounded, the sets plus each step's most times the loop's
 * blocks can run. Unknown otherwise. */
static span ceiling(cfg *g, LLVMValueRef var, int sgn, unsigned *budget, span sets, int up) {
    if (!known(sets) || *budget < CEILING_COST) return unknown;
    *budget -= CEILING_COST;
    unsigned bits = LLVMGetIntTypeWidth(LLVMGetAllocatedType(var));
    unsigned char *in = malloc(g->n), *comp = calloc(g->n, 1), *inner = calloc(g->n, 1),
                  *steps = calloc(g->n, 1);
    span r = unknown, step;
    long s0 = -1;
    int top = 1, entered = 0;
    wide stepped = 0; /* the sum of the steps' largest sizes */
    if (!in || !comp || !inner || !steps || !(entered = ranging_enter(g, var))) goto out;
    memset(in, 1, g->n);
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(user) || !step_of(g, user, var, sgn, budget, &step)) continue;
        s0 = ptr_map_get(&g->ids, LLVMGetInstructionParent(user));
        if (!known(step) || s0 < 0) goto out;
        steps[s0] = 1;
        stepped += up ? step.hi : -step.lo;
    }
    while (s0 >= 0 && loop_cfg_cycle_of(g, (unsigned)s0, in, comp)) {
        long h = loop_cfg_header_of(g, comp);
        if (h < 0) break;
        int sets_out = 1;
        for (unsigned b = 0; b < g->n; b++)
            if (steps[b] && !comp[b]) goto out; /* steps in loops apart */
        for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            long long b = ptr_map_get(&g->ids, LLVMGetInstructionParent(user));
            if (LLVMIsAStoreInst(user) && b >= 0 && comp[b] && !step_of(g, user, var, sgn, budget, &step))
                sets_out = 0;
        }
        loop_cfg_inner_cycles(g, (unsigned)h, comp, inner);
        for (unsigned b = 0; sets_out && b < g->n; b++) sets_out = !steps[b] || !inner[b];
        for (unsigned x = 0; sets_out && x < g->n; x++) {
            counter_var v;
            if (!comp[x] || count_at(g, (unsigned)h, comp, inner, x, var, budget, &v) < 0) continue;
            span got = reread(v.values, bits, v.is_signed, sgn);
            if (known(got)) r = known(r) ? (span){most(r.lo, got.lo), least(r.hi, got.hi)} : got;
        }
        if (known(r)) break;
        if (top && sets_out) {
            /* entered once per call: the steps add up over its trips at most, K + 1 runs
             * of a block (K where the header's test gave K and the block is not H) */
            int at_header;
            wide k = counted_loops_trips(g, (unsigned)h, comp, inner, budget, &at_header);
            wide runs = at_header && !steps[h] ? k : k + 1;
            span t = type_span(bits, sgn);
            wide far = up ? sets.hi + runs * stepped : sets.lo - runs * stepped;
            if (k >= 0 && (up ? far <= t.hi : far >= t.lo))
                r = up ? (span){sets.lo, far} : (span){far, sets.hi};
            if (known(r)) break;
        }
        top = 0;
        comp[h] = 0; /* look in the loops inside */
        if (h == s0) break;
        memcpy(in, comp, g->n);
    }
out:
    if (entered) ranging_leave(g);
    free(in);
    free(comp);
    free(inner);
    free(steps);
    return r;
}

/* halving_range for halving_bounds.c: range_of, read signed, on the cfg CTX. */
int counted_loops_range(void *ctx, LLVMValueRef x, long long *lo, long long *hi) {
    unsigned budget = RANGE_BUDGET;
    span s = range_of(ctx, x, 1, &budget);
    if (!known(s) || s.lo < -((wide)1 << 62) || s.hi > ((wide)1 << 62)) return -1;
    *lo = (long long)s.lo;
    *hi = (long long)s.hi;
    return 0;
}

/* freqsys/bounds/followed_calls.c: the value a small function of the program returns on known arguments.
 */
/* SPDX-License-Identifier: MIT */
#include "followed_calls.h"

#include <stdlib.h>
#include <string.h>
#include "c_locale.h"
#include "int_values.h"
#include "walk_bounds.h"

#define CALL_DEPTH 3    /* calls inside calls followed */
#define CALL_INSTS 256  /* the most instructions of a called function followed */
#define CALL_STEPS 1024 /* the most instructions run in one call followed */

typedef struct frame {
    LLVMValueRef insts[CALL_INSTS]; /* the callee's instructions */
    uint64_t val[CALL_INSTS];       /* each one's value; an alloca's: what it holds */
    unsigned char known[CALL_INSTS];
    unsigned n;
    LLVMValueRef fn;
    const uint64_t *args;
} frame;

static long find_inst(const frame *f, LLVMValueRef v) {
    for (unsigned k = 0; k < f->n; k++)
        if (f->insts[k] == v) return (long)k;
    return -1;
}

static int operand(const frame *f, LLVMValueRef v, uint64_t *out) {
    if (LLVMIsAConstantInt(v)) {
        *out = LLVMConstIntGetZExtValue(v) & int_mask(int_width(v));
        return 0;
    }
    if (LLVMIsAArgument(v)) {
        for (unsigned k = 0; k < LLVMCountParams(f->fn); k++)
            if (LLVMGetParam(f->fn, k) == v) {
                *out = f->args[k];
                return 0;
            }
        return -1;
    }
    long k = find_inst(f, v);
    if (k < 0 || !f->known[k] || LLVMIsAAllocaInst(v)) return -1;
    *out = f->val[k];
    return 0;
}

static int follow_call(followed *s, LLVMValueRef fn, const uint64_t *args, unsigned depth, uint64_t *out);

/* Rule (the C locale's classes): what FN, the C library's isdigit, isspace, ...,
 * tolower or toupper (declared, not defined), returns on its one argument ARGS[0],
 * when nothing in the module leaves the C locale. Returns 0, or -1. */
static int library_call(const followed *s, LLVMValueRef fn, unsigned nargs, const uint64_t *args,
                        uint64_t *out) {
    size_t len;
    long long v;
    if (!s->c_locale || nargs != 1 || !fn || !LLVMIsAFunction(fn) || LLVMCountBasicBlocks(fn) != 0 ||
        LLVMCountParams(fn) != 1 || int_width(LLVMGetParam(fn, 0)) != 32 ||
        c_locale_call(LLVMGetValueName2(fn, &len), int_signed(args[0], 32), &v) != 0)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/* Runs instruction I of F's current block; NEXT gets the block a terminator goes to
 * (NULL: returned, the value into RET). A value that cannot be known (a load of other
 * memory, a call not followed) is left unknown; a store to other memory is passed
 * over, as the callee's variables are ones whose address goes nowhere and nothing
 * else decides what it returns. Returns 0, or -1 when the way on or the value
 * returned is not known, or a variable is not such a one. */
static int run_inst(followed *s, frame *f, LLVMValueRef i, unsigned depth, LLVMBasicBlockRef *next,
                    uint64_t *ret) {
    long k = find_inst(f, i);
    uint64_t a = 0, b = 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    if (k < 0) return -1;
    f->known[k] = 0;
    switch (op) {
    case LLVMAlloca:
        return LLVMGetTypeKind(LLVMGetAllocatedType(i)) == LLVMIntegerTypeKind && walk_bounds_is_variable(i)
                   ? 0
                   : -1;
    case LLVMStore: {
        long to = find_inst(f, LLVMGetOperand(i, 1));
        if (to < 0 || !LLVMIsAAllocaInst(f->insts[to])) return 0;
        f->known[to] = operand(f, LLVMGetOperand(i, 0), &f->val[to]) == 0;
        return 0;
    }
    case LLVMLoad: {
        long from = find_inst(f, LLVMGetOperand(i, 0));
        LLVMValueRef index;
        unsigned bits;
        if (from >= 0 && LLVMIsAAllocaInst(f->insts[from]) && f->known[from] && int_width(i)) {
            f->val[k] = f->val[from] & int_mask(int_width(i));
            f->known[k] = 1;
        } else if (s->c_locale && c_locale_table_entry(LLVMGetOperand(i, 0), &index) &&
                   operand(f, index, &a) == 0 &&
                   c_locale_class(int_signed(a, int_width(index)), &bits) == 0) {
            f->val[k] = bits & int_mask(int_width(i));
            f->known[k] = 1;
        }
        return 0;
    }
    case LLVMCall: {
        unsigned nargs = (unsigned)LLVMGetNumArgOperands(i);
        uint64_t args[8];
        if (depth >= CALL_DEPTH || nargs > 8 || !int_width(i)) return 0;
        for (unsigned p = 0; p < nargs; p++)
            if (operand(f, LLVMGetOperand(i, p), &args[p]) != 0) return 0;
        if (library_call(s, LLVMGetCalledValue(i), nargs, args, &a) == 0 ||
            follow_call(s, LLVMGetCalledValue(i), args, depth + 1, &a) == 0) {
            f->val[k] = a & int_mask(int_width(i));
            f->known[k] = 1;
        }
        return 0;
    }
    case LLVMBr:
        if (!LLVMIsConditional(i)) {
            *next = LLVMGetSuccessor(i, 0);
            return 0;
        }
        if (operand(f, LLVMGetCondition(i), &a) != 0) return -1;
        *next = LLVMGetSuccessor(i, a ? 0 : 1);
        return 0;
    case LLVMSwitch:
        if (operand(f, LLVMGetOperand(i, 0), &a) != 0) return -1;
        *next = LLVMGetSuccessor(i, 0);
        for (unsigned c = 1; c < LLVMGetNumSuccessors(i); c++)
            if ((LLVMConstIntGetZExtValue(LLVMGetOperand(i, 2 * c)) &
                 int_mask(int_width(LLVMGetOperand(i, 0)))) == a)
                *next = LLVMGetSuccessor(i, c);
        return 0;
    case LLVMRet:
        *next = NULL;
        return LLVMGetNumOperands(i) == 1 && operand(f, LLVMGetOperand(i, 0), ret) == 0 ? 0 : -1;
    case LLVMSelect:
        if (operand(f, LLVMGetOperand(i, 0), &a) == 0 && operand(f, LLVMGetOperand(i, a ? 1 : 2), &b) == 0) {
            f->val[k] = b;
            f->known[k] = 1;
        }
        return 0;
    default:
        if (LLVMIsATerminatorInst(i)) return -1; /* unreachable, an invoke, ... */
        if (int_arithmetic(op) && operand(f, LLVMGetOperand(i, 0), &a) == 0 &&
            (int_unary(op) || operand(f, LLVMGetOperand(i, 1), &b) == 0) &&
            int_apply(i, a, b, &f->val[k]) == 0)
            f->known[k] = 1;
        return 0;
    }
}

/* Rule (followed calls): the value FN returns on ARGS, when it is a defined function
 * of at most CALL_INSTS instructions whose way to its return, and the value it
 * returns, follow from ARGS through its own integer variables and calls of such
 * functions (`is_digit(c)`), run instruction by instruction. Returns 0, or -1 when
 * it cannot be followed. */
static int follow_call(followed *s, LLVMValueRef fn, const uint64_t *args, unsigned depth, uint64_t *out) {
    if (!fn || !LLVMIsAFunction(fn) || LLVMCountBasicBlocks(fn) == 0 ||
        LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)))
        return -1;
    frame *f = calloc(1, sizeof *f);
    if (!f) return -1;
    f->fn = fn;
    f->args = args;
    int rc = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && rc == 0; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && rc == 0; i = LLVMGetNextInstruction(i)) {
            if (f->n == CALL_INSTS)
                rc = -1;
            else
                f->insts[f->n++] = i;
        }
    LLVMBasicBlockRef cur = LLVMGetEntryBasicBlock(fn), prev = NULL;
    unsigned steps = CALL_STEPS;
    int returned = 0;
    while (rc == 0 && cur) {
        LLVMBasicBlockRef next = NULL;
        LLVMValueRef i = LLVMGetFirstInstruction(cur);
        uint64_t phis[CALL_INSTS];
        unsigned nphi = 0;
        for (LLVMValueRef p = i; p && LLVMIsAPHINode(p) && rc == 0; p = LLVMGetNextInstruction(p)) {
            rc = -1; /* the phis take their values together, from the block left */
            for (unsigned c = 0; c < LLVMCountIncoming(p); c++)
                if (prev && LLVMGetIncomingBlock(p, c) == prev)
                    rc = operand(f, LLVMGetIncomingValue(p, c), &phis[nphi]);
            nphi++;
        }
        for (unsigned c = 0; rc == 0 && c < nphi; c++, i = LLVMGetNextInstruction(i)) {
            long k = find_inst(f, i);
            f->val[k] = phis[c];
            f->known[k] = 1;
        }
        for (; i && rc == 0; i = LLVMGetNextInstruction(i)) {
            if (s->budget == 0 || steps == 0)
                rc = -1;
            else {
                s->budget--;
                steps--;
                rc = run_inst(s, f, i, depth, &next, out);
            }
            if (rc == 0 && LLVMIsATerminatorInst(i)) {
                returned = LLVMGetInstructionOpcode(i) == LLVMRet;
                break;
            }
        }
        if (rc == 0 && !next && !returned) rc = -1;
        prev = cur;
        cur = next;
    }
    free(f);
    return rc;
}

int followed_call(followed *s, LLVMValueRef fn, unsigned nargs, const uint64_t *args, uint64_t *out) {
    return library_call(s, fn, nargs, args, out) == 0 || follow_call(s, fn, args, 0, out) == 0 ? 0 : -1;
}

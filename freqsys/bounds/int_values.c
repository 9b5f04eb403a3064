/* freqsys/bounds/int_values.c: arithmetic on known integer values as LLVM's instructions do it. */
/* SPDX-License-Identifier: MIT */
#include "int_values.h"

#include <math.h>

uint64_t int_mask(unsigned bits) {
    return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
}

int64_t int_signed(uint64_t v, unsigned bits) {
    if (bits == 0 || bits >= 64) return (int64_t)v;
    uint64_t sign = (uint64_t)1 << (bits - 1);
    return (int64_t)(((v & int_mask(bits)) ^ sign) - sign);
}

unsigned int_width(LLVMValueRef v) {
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 0;
}

int int_compare(LLVMIntPredicate p, uint64_t x, uint64_t y, unsigned bits) {
    int64_t sx = int_signed(x, bits), sy = int_signed(y, bits);
    switch (p) {
    case LLVMIntEQ:
        return x == y;
    case LLVMIntNE:
        return x != y;
    case LLVMIntUGT:
        return x > y;
    case LLVMIntUGE:
        return x >= y;
    case LLVMIntULT:
        return x < y;
    case LLVMIntULE:
        return x <= y;
    case LLVMIntSGT:
        return sx > sy;
    case LLVMIntSGE:
        return sx >= sy;
    case LLVMIntSLT:
        return sx < sy;
    default:
        return sx <= sy;
    }
}

int int_unary(LLVMOpcode op) {
    return op == LLVMTrunc || op == LLVMZExt || op == LLVMSExt;
}

int int_arithmetic(LLVMOpcode op) {
    return int_unary(op) || op == LLVMAnd || op == LLVMOr || op == LLVMXor || op == LLVMAdd ||
           op == LLVMSub || op == LLVMMul || op == LLVMICmp;
}

int int_apply(LLVMValueRef x, uint64_t a, uint64_t b, uint64_t *out) {
    unsigned bits = int_width(x), in = int_width(LLVMGetOperand(x, 0));
    if (!bits || !in || bits > 64 || in > 64) return -1;
    uint64_t m = int_mask(bits);
    a &= int_mask(in);
    b &= int_mask(in);
    switch (LLVMGetInstructionOpcode(x)) {
    case LLVMTrunc:
    case LLVMZExt:
        *out = a & m;
        return 0;
    case LLVMSExt:
        *out = (uint64_t)int_signed(a, in) & m;
        return 0;
    case LLVMAnd:
        *out = a & b;
        return 0;
    case LLVMOr:
        *out = a | b;
        return 0;
    case LLVMXor:
        *out = a ^ b;
        return 0;
    case LLVMAdd:
        *out = (a + b) & m;
        return 0;
    case LLVMSub:
        *out = (a - b) & m;
        return 0;
    case LLVMMul:
        *out = (a * b) & m;
        return 0;
    case LLVMICmp:
        *out = (uint64_t)int_compare(LLVMGetICmpPredicate(x), a, b, in);
        return 0;
    default:
        return -1;
    }
}

int int_reread(double lo, double hi, unsigned bytes, int is_signed, int sgn, long long *a, long long *b) {
    double top = ldexp(1, (int)(8 * bytes) - 1); /* the signed type's greatest + 1 */
    if (!(lo <= hi) || lo < -0x1p62 || hi > 0x1p62) return 0;
    if (sgn && !is_signed && hi >= top) return 0; /* read as negative */
    if (!sgn && lo < 0) return 0;                 /* read as huge */
    *a = (long long)lo;
    *b = (long long)hi;
    return 1;
}

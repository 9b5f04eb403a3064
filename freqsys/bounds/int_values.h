/* freqsys/bounds/int_values.h: arithmetic on known integer values as LLVM's instructions do it. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_INT_VALUES_H
#define FREQSYS_INT_VALUES_H

#include <stdint.h>
#include <llvm-c/Core.h>

/* The low BITS bits set (all 64 for BITS >= 64). */
uint64_t int_mask(unsigned bits);

/* V's low BITS bits read as a signed number (V itself for BITS 0 or >= 64). */
int64_t int_signed(uint64_t v, unsigned bits);

/* The width of V's integer type, 0 when V is no integer. */
unsigned int_width(LLVMValueRef v);

/* Whether X P Y holds, the operands BITS wide. */
int int_compare(LLVMIntPredicate p, uint64_t x, uint64_t y, unsigned bits);

/* Whether OP is a cast of one operand (trunc, zext, sext). */
int int_unary(LLVMOpcode op);

/* Whether int_apply knows OP: those casts, and, or, xor, add, sub, mul, icmp. */
int int_arithmetic(LLVMOpcode op);

/* X (an instruction int_arithmetic knows) on operands A and B (B unused for a cast),
 * masked to X's width, into OUT. Returns 0, or -1 for anything else. */
int int_apply(LLVMValueRef x, uint64_t a, uint64_t b, uint64_t *out);

/* [LO, HI], the range of a value stored in a type of BYTES bytes (IS_SIGNED: a signed
 * type), read as SGN: the same numbers when both readings agree on every one of them
 * (a negative value read unsigned is huge; one past the signed type's greatest, read
 * signed, negative). Into *A and *B; returns 1, or 0 when the readings differ or the
 * range is not one of finite numbers within 2^62. */
int int_reread(double lo, double hi, unsigned bytes, int is_signed, int sgn, long long *a, long long *b);

#endif

/* freqsys/bounds/unsigned_slots.c: offsets C declares unsigned, which never move a pointer back. */
/* SPDX-License-Identifier: MIT */
#include "unsigned_slots.h"

#include "freqsys/abi.h"
#include "dwarf_type.h"

typedef struct slot_scan {
    ptr_map *out;
    int failed;
} slot_scan;

static int is_unsigned(const ctype *t) {
    if (t->klass != CTYPE_SCALAR) return 0;
    switch (t->kind) {
    case FSABI_KIND_U8:
    case FSABI_KIND_U16:
    case FSABI_KIND_U32:
    case FSABI_KIND_U64:
    case FSABI_KIND_BOOL:
        return 1;
    default:
        return 0;
    }
}

static void note_slot(void *ctx, LLVMValueRef slot, const ctype *type) {
    slot_scan *scan = ctx;
    long long was = ptr_map_get(scan->out, slot);
    int now = is_unsigned(type) && was != 0; /* one signed declaration is enough to doubt it */
    if (ptr_map_put(scan->out, slot, (unsigned)now) != 0) scan->failed = 1;
}

int unsigned_slots_make(LLVMModuleRef m, ptr_map *out) {
    slot_scan scan = {out, 0};
    dwarf_type_slots(m, note_slot, &scan);
    return scan.failed ? -1 : 0;
}

#define ARITH_DEPTH 8 /* operations followed down to the variables an offset is made of */

/* Whether V has an unsigned C type as C computes it: zero-extended, read whole from a
 * variable of SLOTS, or a sum, difference, product or left shift of such values and
 * constants made without the no-signed-wrap flag, which clang gives a signed type's
 * arithmetic (a size_t's `length + 4` is unsigned, a long's `d + 4` is not). */
static int unsigned_value(const ptr_map *slots, LLVMValueRef v, unsigned depth) {
    if (LLVMIsAZExtInst(v)) return 1;
    if (LLVMIsALoadInst(v)) {
        LLVMValueRef slot = LLVMGetOperand(v, 0);
        return slots && LLVMIsAAllocaInst(slot) && LLVMGetAllocatedType(slot) == LLVMTypeOf(v) &&
               ptr_map_get(slots, slot) == 1;
    }
    if (depth == 0 || !LLVMIsABinaryOperator(v)) return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if ((op != LLVMAdd && op != LLVMSub && op != LLVMMul && op != LLVMShl) || LLVMGetNSW(v)) return 0;
    LLVMValueRef x = LLVMGetOperand(v, 0), y = LLVMGetOperand(v, 1);
    int ux = unsigned_value(slots, x, depth - 1), uy = unsigned_value(slots, y, depth - 1);
    return (ux || LLVMIsAConstantInt(x)) && (uy || LLVMIsAConstantInt(y)) && (ux || uy);
}

int unsigned_slots_offset(const ptr_map *slots, LLVMValueRef ix) {
    return unsigned_value(slots, ix, ARITH_DEPTH);
}

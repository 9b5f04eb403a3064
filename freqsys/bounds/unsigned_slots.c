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

int unsigned_slots_offset(const ptr_map *slots, LLVMValueRef ix) {
    if (LLVMIsAZExtInst(ix)) return 1;
    if (!slots || !LLVMIsALoadInst(ix)) return 0;
    LLVMValueRef slot = LLVMGetOperand(ix, 0);
    return LLVMIsAAllocaInst(slot) && LLVMGetAllocatedType(slot) == LLVMTypeOf(ix) &&
           ptr_map_get(slots, slot) == 1;
}

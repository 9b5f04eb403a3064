/* freqsys/transform/pgo_strip.c: removes clang's own PGO counters from a program compiled with -fprofile-instr-generate. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"

#include <stdlib.h>
#include <string.h>

/* A spec with `cflags "-fprofile-instr-generate"` gives a module whose blocks are those
 * clang counts for its instrumented profile (with the extra blocks it adds for the right
 * side of && and ||), so the run estimates every one of clang's counters directly
 * (freqsys report --format instr). The counters themselves are of no use in the run, and
 * their records (__profd_*) hold differences of addresses across sections that a shared
 * object cannot represent: the increments go, and the records are emptied. */

static int has_prefix(LLVMValueRef v, const char *prefix)
{
    size_t len;
    const char *name = LLVMGetValueName2(v, &len);
    return len >= strlen(prefix) && strncmp(name, prefix, strlen(prefix)) == 0;
}

static int is_profile_global(LLVMValueRef g)
{
    return has_prefix(g, "__profc_") || has_prefix(g, "__profd_") || has_prefix(g, "__profvp_") ||
           has_prefix(g, "__llvm_prf_");
}

/* The global a counter increment stores to: @__profc_F or a constant GEP into it. */
static int stores_to_counter(LLVMValueRef inst)
{
    if (!LLVMIsAStoreInst(inst))
        return 0;
    LLVMValueRef p = LLVMGetOperand(inst, 1);
    if (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr)
        p = LLVMGetOperand(p, 0);
    return LLVMIsAGlobalVariable(p) && has_prefix(p, "__profc_");
}

/* Erases V when it is an instruction nobody uses, then the operands that freed. */
static void erase_dead(LLVMValueRef v)
{
    if (!v || !LLVMIsAInstruction(v) || LLVMGetFirstUse(v) || LLVMIsAStoreInst(v) || LLVMIsACallInst(v))
        return;
    int n = LLVMGetNumOperands(v);
    LLVMValueRef ops[2] = {n > 0 ? LLVMGetOperand(v, 0) : NULL, n > 1 ? LLVMGetOperand(v, 1) : NULL};
    LLVMInstructionEraseFromParent(v);
    erase_dead(ops[0]);
    erase_dead(ops[1]);
}

/* llvm.used and llvm.compiler.used without the profile's globals. */
static void prune_used_list(LLVMModuleRef m, const char *name)
{
    LLVMValueRef used = LLVMGetNamedGlobal(m, name);
    LLVMValueRef init = used ? LLVMGetInitializer(used) : NULL;
    if (!init)
        return;
    unsigned n = (unsigned)LLVMGetNumOperands(init), kept = 0;
    LLVMValueRef *keep = malloc((n + 1) * sizeof *keep);
    if (!keep)
        return;
    for (unsigned k = 0; k < n; k++) {
        LLVMValueRef e = LLVMGetOperand(init, k);
        LLVMValueRef g = LLVMIsAConstantExpr(e) ? LLVMGetOperand(e, 0) : e;
        if (!(LLVMIsAGlobalVariable(g) && is_profile_global(g)))
            keep[kept++] = e;
    }
    if (kept < n) {
        LLVMTypeRef ptr = LLVMPointerTypeInContext(LLVMGetModuleContext(m), 0);
        const char *section = LLVMGetSection(used);
        char *sec = section ? strdup(section) : NULL;
        LLVMDeleteGlobal(used);
        if (kept > 0) {
            LLVMValueRef g = LLVMAddGlobal(m, LLVMArrayType2(ptr, kept), name);
            LLVMSetLinkage(g, LLVMAppendingLinkage);
            LLVMSetInitializer(g, LLVMConstArray2(ptr, keep, kept));
            if (sec)
                LLVMSetSection(g, sec);
        }
        free(sec);
    }
    free(keep);
}

void pgo_strip(LLVMModuleRef m)
{
    int found = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g && !found; g = LLVMGetNextGlobal(g))
        found = has_prefix(g, "__profc_");
    if (!found)
        return;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;) {
                LLVMValueRef next = LLVMGetNextInstruction(inst);
                if (stores_to_counter(inst)) {
                    LLVMValueRef value = LLVMGetOperand(inst, 0);
                    LLVMInstructionEraseFromParent(inst);
                    /* the add, then the load: unless NEXT is one of them, it survives */
                    erase_dead(value);
                }
                inst = next;
            }
    prune_used_list(m, "llvm.used");
    prune_used_list(m, "llvm.compiler.used");
    /* The C API cannot drop the dead constants that still name the globals (the old used
     * lists), so they are not deleted but emptied: a record without its address
     * difference is plain data. */
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
        if (has_prefix(g, "__profd_") || has_prefix(g, "__profvp_"))
            LLVMSetInitializer(g, LLVMConstNull(LLVMGlobalGetValueType(g)));
}

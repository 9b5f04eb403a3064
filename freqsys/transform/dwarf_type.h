/* freqsys/transform/dwarf_type.h: C types of parameters, globals and struct fields, from debug information.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_DWARF_TYPE_H
#define FREQSYS_DWARF_TYPE_H

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

/* IR types do not say whether an integer is signed, nor what a pointer points to;
 * the DWARF types clang emits with -g do. */
typedef enum ctype_class {
    CTYPE_UNKNOWN,
    CTYPE_VOID,
    CTYPE_SCALAR,
    CTYPE_POINTER,
    CTYPE_STRUCT,
    CTYPE_ARRAY
} ctype_class;

typedef struct ctype {
    ctype_class klass;
    unsigned kind;      /* scalars: fsabi_kind; arrays: that of their innermost elements */
    unsigned size;      /* bytes */
    unsigned elem_size; /* scalars: size; arrays: bytes of one innermost element */
    char text[128];     /* as C spells it: "unsigned int", "const int *", "cfg_t *" */
    /* pointers */
    ctype_class pointee_class;
    unsigned pointee_kind, pointee_size;
    unsigned pointee_elem_size; /* pointer to an array (int (*)[20]): bytes of one int */
    LLVMMetadataRef pointee;    /* the pointee's type, typedefs and qualifiers removed */
} ctype;

/* The C type of DI type T (NULL: unknown). Can't fail: what it cannot classify is
 * CTYPE_UNKNOWN, with the best text it has. */
void dwarf_type_of(LLVMContextRef ctx, LLVMMetadataRef t, ctype *out);

/* The parameters of FN from its DISubprogram: fills up to MAX entries of PARAMS and
 * RET. Returns the number of parameters, or -1 when FN has no debug information. */
int dwarf_type_params(LLVMValueRef fn, ctype *params, int max, ctype *ret);

/* The source name of parameter I of FN, from the debug variable describing it, into
 * BUF: for IR whose values have no names (a .ll or .bc made without
 * -fno-discard-value-names). Returns 0, or -1 when no debug variable describes it. */
int dwarf_type_param_name(LLVMValueRef fn, unsigned i, char *buf, size_t size);

/* Calls EACH(CTX, SLOT, TYPE) for every alloca SLOT of M that a debug declaration
 * describes as a local variable or parameter, with the variable's C type (once per
 * declaration: an alloca inlined twice is two allocas). */
void dwarf_type_slots(LLVMModuleRef m, void (*each)(void *ctx, LLVMValueRef slot, const ctype *type),
                      void *ctx);

/* The type of global G from its DIGlobalVariable; CTYPE_UNKNOWN without one. */
void dwarf_type_global(LLVMValueRef g, ctype *out);

/* The type of the elements of array global G; CTYPE_UNKNOWN when G is no array or
 * has no debug information. */
void dwarf_type_global_element(LLVMValueRef g, ctype *out);

/* Finds field PATH ("mode", or "inner.mode" through nested structs, not pointers) of
 * struct type S. Returns 0 and its byte offset and type, or -1 with the names of the
 * fields that exist in LIST. */
int dwarf_type_field(LLVMContextRef ctx, LLVMMetadataRef s, const char *path, unsigned *offset, ctype *out,
                     char *list, size_t listlen);

/* The scalar kind of an IR type when no debug type is known: integers are taken as
 * signed (i1 as _Bool), 0 for anything else. */
unsigned dwarf_type_kind_of_ir(LLVMTypeRef t);

#endif

/* freqsys/transform/dwarf_type.c: reads C types (signedness, pointees, struct fields) from DWARF metadata. */
/* SPDX-License-Identifier: MIT */
#include "dwarf_type.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"

/* DWARF tags this file distinguishes. */
enum {
    TAG_ARRAY = 0x01,
    TAG_ENUM = 0x04,
    TAG_MEMBER = 0x0d,
    TAG_POINTER = 0x0f,
    TAG_STRUCT = 0x13,
    TAG_TYPEDEF = 0x16,
    TAG_UNION = 0x17,
    TAG_BASE = 0x24,
    TAG_CONST = 0x26,
    TAG_VOLATILE = 0x35,
    TAG_RESTRICT = 0x37,
    TAG_ATOMIC = 0x47
};

/* Operand I of metadata node MD, as metadata; NULL when absent. The operand order
 * of DI nodes is fixed by LLVM's bitcode format (DIType: file, scope, name, base). */
static LLVMMetadataRef operand(LLVMContextRef ctx, LLVMMetadataRef md, unsigned i) {
    if (!md) return NULL;
    LLVMValueRef v = LLVMMetadataAsValue(ctx, md);
    unsigned n = LLVMGetMDNodeNumOperands(v);
    if (i >= n) return NULL;
    LLVMValueRef *ops = malloc(n * sizeof *ops);
    if (!ops) return NULL;
    LLVMGetMDNodeOperands(v, ops);
    LLVMValueRef op = ops[i];
    free(ops);
    return op ? LLVMValueAsMetadata(op) : NULL;
}

static unsigned node_count(LLVMContextRef ctx, LLVMMetadataRef md) {
    return md ? LLVMGetMDNodeNumOperands(LLVMMetadataAsValue(ctx, md)) : 0;
}

static int is_type(LLVMMetadataRef t) {
    if (!t) return 0;
    LLVMMetadataKind k = LLVMGetMetadataKind(t);
    return k == LLVMDIBasicTypeMetadataKind || k == LLVMDIDerivedTypeMetadataKind ||
           k == LLVMDICompositeTypeMetadataKind || k == LLVMDISubroutineTypeMetadataKind;
}

static const char *name_of(LLVMMetadataRef t, size_t *len) {
    const char *n = LLVMDITypeGetName(t, len);
    if (!n) {
        *len = 0;
        return "";
    }
    return n;
}

/* Typedefs and qualifiers removed. */
static LLVMMetadataRef strip(LLVMContextRef ctx, LLVMMetadataRef t) {
    for (int depth = 0; t && depth < 32 && LLVMGetMetadataKind(t) == LLVMDIDerivedTypeMetadataKind; depth++) {
        uint16_t tag = LLVMGetDINodeTag(t);
        if (tag != TAG_TYPEDEF && tag != TAG_CONST && tag != TAG_VOLATILE && tag != TAG_RESTRICT &&
            tag != TAG_ATOMIC)
            break;
        t = operand(ctx, t, 3);
    }
    return t;
}

static unsigned scalar_kind(const char *name, unsigned bits, int is_enum) {
    if (strcmp(name, "_Bool") == 0) return FSABI_KIND_BOOL;
    int is_unsigned = strstr(name, "unsigned") != NULL;
    if (strcmp(name, "float") == 0) return FSABI_KIND_F32;
    if (strcmp(name, "double") == 0) return FSABI_KIND_F64;
    if (strstr(name, "double") || strstr(name, "complex")) return 0; /* long double, complex */
    if (is_enum) is_unsigned = 0;
    switch (bits) {
    case 8:
        return is_unsigned ? FSABI_KIND_U8 : FSABI_KIND_I8;
    case 16:
        return is_unsigned ? FSABI_KIND_U16 : FSABI_KIND_I16;
    case 32:
        return is_unsigned ? FSABI_KIND_U32 : FSABI_KIND_I32;
    case 64:
        return is_unsigned ? FSABI_KIND_U64 : FSABI_KIND_I64;
    default:
        return 0;
    }
}

/* The innermost element type of array type T (through nested arrays and typedefs),
 * with its dimensions as C writes them ("[4][5]", "[]" when unknown) in DIMS. The
 * DICompositeType of an array: operand 3 its element type, operand 4 its subranges. */
static LLVMMetadataRef array_element(LLVMContextRef ctx, LLVMMetadataRef t, char *dims, size_t size) {
    size_t used = 0;
    dims[0] = '\0';
    for (int depth = 0; depth < 8; depth++) {
        LLVMMetadataRef e = operand(ctx, t, 3);
        LLVMMetadataRef se = strip(ctx, e);
        uint64_t bytes = LLVMDITypeGetSizeInBits(t) / 8, each = se ? LLVMDITypeGetSizeInBits(se) / 8 : 0;
        if (used < size)
            used += each && bytes ? (size_t)snprintf(dims + used, size - used, "[%llu]",
                                                     (unsigned long long)(bytes / each))
                                  : (size_t)snprintf(dims + used, size - used, "[]");
        if (!se || LLVMGetMetadataKind(se) != LLVMDICompositeTypeMetadataKind ||
            LLVMGetDINodeTag(se) != TAG_ARRAY)
            return e;
        t = se;
    }
    return NULL;
}

/* C spelling of T into BUF. */
static void spell(LLVMContextRef ctx, LLVMMetadataRef t, char *buf, size_t size, int depth) {
    size_t len;
    if (!t) {
        snprintf(buf, size, "void");
        return;
    }
    if (depth > 8) {
        snprintf(buf, size, "...");
        return;
    }
    const char *n = name_of(t, &len);
    LLVMMetadataKind k = LLVMGetMetadataKind(t);
    if (k == LLVMDIBasicTypeMetadataKind) {
        snprintf(buf, size, "%.*s", (int)len, n);
        return;
    }
    if (k == LLVMDICompositeTypeMetadataKind && LLVMGetDINodeTag(t) == TAG_ARRAY) {
        char dims[64];
        LLVMMetadataRef e = array_element(ctx, t, dims, sizeof dims);
        char inner[96];
        spell(ctx, e, inner, sizeof inner, depth + 1);
        snprintf(buf, size, "%.80s%.40s", inner, dims);
        return;
    }
    if (k == LLVMDICompositeTypeMetadataKind) {
        uint16_t tag = LLVMGetDINodeTag(t);
        const char *word = tag == TAG_STRUCT  ? "struct"
                           : tag == TAG_UNION ? "union"
                           : tag == TAG_ENUM  ? "enum"
                           : tag == TAG_ARRAY ? "array"
                                              : "type";
        if (len)
            snprintf(buf, size, "%s %.*s", word, (int)len, n);
        else
            snprintf(buf, size, "%s {...}", word);
        return;
    }
    if (k == LLVMDIDerivedTypeMetadataKind) {
        uint16_t tag = LLVMGetDINodeTag(t);
        char inner[96];
        if (tag == TAG_TYPEDEF) {
            snprintf(buf, size, "%.*s", (int)len, n);
            return;
        }
        LLVMMetadataRef base = operand(ctx, t, 3);
        LLVMMetadataRef bare = strip(ctx, base);
        if (tag == TAG_POINTER && bare && LLVMGetMetadataKind(bare) == LLVMDICompositeTypeMetadataKind &&
            LLVMGetDINodeTag(bare) == TAG_ARRAY) { /* int (*)[20] */
            char dims[64];
            spell(ctx, array_element(ctx, bare, dims, sizeof dims), inner, sizeof inner, depth + 1);
            snprintf(buf, size, "%.80s (*)%.40s", inner, dims);
            return;
        }
        spell(ctx, base, inner, sizeof inner, depth + 1);
        if (tag == TAG_POINTER)
            snprintf(buf, size, "%s *", inner);
        else if (tag == TAG_CONST)
            snprintf(buf, size, "const %s", inner);
        else if (tag == TAG_VOLATILE)
            snprintf(buf, size, "volatile %s", inner);
        else
            snprintf(buf, size, "%s", inner);
        return;
    }
    snprintf(buf, size, "?");
}

void dwarf_type_of(LLVMContextRef ctx, LLVMMetadataRef t, ctype *out) {
    memset(out, 0, sizeof *out);
    spell(ctx, t, out->text, sizeof out->text, 0);
    LLVMMetadataRef s = strip(ctx, t);
    if (!s) {
        out->klass = CTYPE_VOID;
        return;
    }
    out->size = (unsigned)(LLVMDITypeGetSizeInBits(s) / 8);
    LLVMMetadataKind k = LLVMGetMetadataKind(s);
    uint16_t tag = LLVMGetDINodeTag(s);
    size_t len;
    if (k == LLVMDIBasicTypeMetadataKind || (k == LLVMDICompositeTypeMetadataKind && tag == TAG_ENUM)) {
        out->kind = scalar_kind(name_of(s, &len), (unsigned)LLVMDITypeGetSizeInBits(s), tag == TAG_ENUM);
        out->klass = out->kind ? CTYPE_SCALAR : CTYPE_UNKNOWN;
        out->elem_size = out->size;
    } else if (k == LLVMDICompositeTypeMetadataKind && tag == TAG_ARRAY) {
        char dims[64];
        ctype e;
        dwarf_type_of(ctx, array_element(ctx, s, dims, sizeof dims), &e);
        out->klass = CTYPE_ARRAY;
        out->kind = e.klass == CTYPE_SCALAR ? e.kind : 0; /* only arrays of numbers are drawn */
        out->elem_size = e.size;
    } else if (k == LLVMDIDerivedTypeMetadataKind && tag == TAG_POINTER) {
        out->klass = CTYPE_POINTER;
        LLVMMetadataRef p = strip(ctx, operand(ctx, s, 3));
        out->pointee = p;
        if (!p) {
            out->pointee_class = CTYPE_VOID;
        } else {
            ctype inner;
            dwarf_type_of(ctx, p, &inner);
            out->pointee_class = inner.klass;
            out->pointee_kind = inner.kind;
            out->pointee_size = inner.size;
            out->pointee_elem_size = inner.elem_size;
        }
    } else if (k == LLVMDICompositeTypeMetadataKind && (tag == TAG_STRUCT || tag == TAG_UNION)) {
        out->klass = CTYPE_STRUCT;
    } else {
        out->klass = CTYPE_UNKNOWN;
    }
}

int dwarf_type_params(LLVMValueRef fn, ctype *params, int max, ctype *ret) {
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
    LLVMMetadataRef sp = LLVMGetSubprogram(fn);
    LLVMMetadataRef sub = operand(ctx, sp, 4);    /* DISubprogram: type */
    LLVMMetadataRef types = operand(ctx, sub, 3); /* DISubroutineType: types */
    if (!types) return -1;
    unsigned n = node_count(ctx, types);
    dwarf_type_of(ctx, n ? operand(ctx, types, 0) : NULL, ret); /* element 0: the result */
    int count = 0;
    for (unsigned i = 1; i < n && count < max; i++)
        dwarf_type_of(ctx, operand(ctx, types, i), &params[count++]);
    return count;
}

/* The DI type of global G (NULL without debug information). */
static LLVMMetadataRef global_type(LLVMContextRef ctx, LLVMValueRef g) {
    size_t n = 0;
    LLVMMetadataRef t = NULL;
    LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(g, &n);
    unsigned dbg = LLVMGetMDKindIDInContext(ctx, "dbg", 3);
    for (size_t i = 0; i < n && !t; i++) {
        if (LLVMValueMetadataEntriesGetKind(entries, (unsigned)i) != dbg) continue;
        LLVMMetadataRef gve = LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i);
        LLVMMetadataRef var = LLVMDIGlobalVariableExpressionGetVariable(gve);
        t = operand(ctx, var, 3); /* DIVariable: scope, name, file, type */
        if (!is_type(t)) t = NULL;
    }
    if (entries) LLVMDisposeValueMetadataEntries(entries);
    return t;
}

void dwarf_type_global(LLVMValueRef g, ctype *out) {
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(g));
    memset(out, 0, sizeof *out);
    LLVMMetadataRef t = global_type(ctx, g);
    if (t) dwarf_type_of(ctx, t, out);
}

void dwarf_type_global_element(LLVMValueRef g, ctype *out) {
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(g));
    memset(out, 0, sizeof *out);
    LLVMMetadataRef t = strip(ctx, global_type(ctx, g));
    if (t && LLVMGetMetadataKind(t) == LLVMDICompositeTypeMetadataKind && LLVMGetDINodeTag(t) == 0x01)
        dwarf_type_of(ctx, operand(ctx, t, 3), out); /* DW_TAG_array_type's element type */
}

int dwarf_type_field(LLVMContextRef ctx, LLVMMetadataRef s, const char *path, unsigned *offset, ctype *out,
                     char *list, size_t listlen) {
    *offset = 0;
    const char *p = path;
    while (1) {
        s = strip(ctx, s);
        if (!s || LLVMGetMetadataKind(s) != LLVMDICompositeTypeMetadataKind) {
            snprintf(list, listlen, "(not a struct)");
            return -1;
        }
        const char *dot = strchr(p, '.');
        size_t plen = dot ? (size_t)(dot - p) : strlen(p);
        LLVMMetadataRef elements = operand(ctx, s, 4);
        unsigned n = node_count(ctx, elements);
        LLVMMetadataRef found = NULL;
        size_t used = 0;
        list[0] = '\0';
        for (unsigned i = 0; i < n; i++) {
            LLVMMetadataRef m = operand(ctx, elements, i);
            if (!m || LLVMGetMetadataKind(m) != LLVMDIDerivedTypeMetadataKind ||
                LLVMGetDINodeTag(m) != TAG_MEMBER)
                continue;
            size_t len;
            const char *name = name_of(m, &len);
            if (len == plen && strncmp(name, p, plen) == 0) found = m;
            if (used < listlen)
                used +=
                    (size_t)snprintf(list + used, listlen - used, "%s%.*s", used ? ", " : "", (int)len, name);
        }
        if (!found) return -1;
        *offset += (unsigned)(LLVMDITypeGetOffsetInBits(found) / 8);
        LLVMMetadataRef t = operand(ctx, found, 3);
        if (!dot) {
            dwarf_type_of(ctx, t, out);
            return 0;
        }
        s = t;
        p = dot + 1;
    }
}

unsigned dwarf_type_kind_of_ir(LLVMTypeRef t) {
    switch (LLVMGetTypeKind(t)) {
    case LLVMFloatTypeKind:
        return FSABI_KIND_F32;
    case LLVMDoubleTypeKind:
        return FSABI_KIND_F64;
    case LLVMIntegerTypeKind:
        switch (LLVMGetIntTypeWidth(t)) {
        case 1:
            return FSABI_KIND_U8;
        case 8:
            return FSABI_KIND_I8;
        case 16:
            return FSABI_KIND_I16;
        case 32:
            return FSABI_KIND_I32;
        case 64:
            return FSABI_KIND_I64;
        default:
            return 0;
        }
    default:
        return 0;
    }
}

/* The value a debug intrinsic's first operand wraps (metadata ptr %x), or NULL. */
static LLVMValueRef described(LLVMValueRef call) {
    LLVMValueRef md = LLVMGetOperand(call, 0);
    if (!md || LLVMGetMDNodeNumOperands(md) != 1) return NULL;
    LLVMValueRef v = NULL;
    LLVMGetMDNodeOperands(md, &v); /* for a wrapped value, the value itself */
    return v;
}

/* The name of the DILocalVariable that debug intrinsic CALL describes, into BUF. */
static int variable_name(LLVMValueRef call, char *buf, size_t size) {
    LLVMValueRef var = LLVMGetOperand(call, 1);
    if (!var || LLVMGetMDNodeNumOperands(var) < 2) return -1;
    LLVMValueRef ops[2] = {NULL, NULL};
    LLVMValueRef all[8];
    unsigned n = LLVMGetMDNodeNumOperands(var);
    if (n > 8) return -1;
    LLVMGetMDNodeOperands(var, all);
    ops[1] = all[1]; /* DILocalVariable: scope, name, file, type */
    unsigned len = 0;
    const char *name = ops[1] ? LLVMGetMDString(ops[1], &len) : NULL;
    if (!name || !len) return -1;
    snprintf(buf, size, "%.*s", (int)len, name);
    return 0;
}

/* Whether V is parameter P itself, or a slot P is stored into (clang -O0 spills each
 * parameter to an alloca and describes the alloca). */
static int holds_param(LLVMValueRef v, LLVMValueRef p) {
    if (v == p) return 1;
    if (!v || !LLVMIsAAllocaInst(v)) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) == p && LLVMGetOperand(user, 1) == v) return 1;
    }
    return 0;
}

int dwarf_type_param_name(LLVMValueRef fn, unsigned i, char *buf, size_t size) {
    LLVMModuleRef m = LLVMGetGlobalParent(fn);
    LLVMValueRef p = LLVMGetParam(fn, i);
    /* LLVM 19's C API reads debug records only as intrinsic calls. */
    int records = LLVMIsNewDbgInfoFormat(m);
    if (records) LLVMSetIsNewDbgInfoFormat(m, 0);
    int rc = -1;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && rc; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && rc; in = LLVMGetNextInstruction(in)) {
            LLVMValueRef callee = LLVMIsACallInst(in) ? LLVMGetCalledValue(in) : NULL;
            size_t len = 0;
            const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
            if ((strcmp(name, "llvm.dbg.declare") && strcmp(name, "llvm.dbg.value")) ||
                !holds_param(described(in), p))
                continue;
            rc = variable_name(in, buf, size);
        }
    if (records) LLVMSetIsNewDbgInfoFormat(m, 1);
    return rc;
}

void dwarf_type_slots(LLVMModuleRef m, void (*each)(void *ctx, LLVMValueRef slot, const ctype *type),
                      void *ctx) {
    LLVMContextRef c = LLVMGetModuleContext(m);
    /* LLVM 19's C API reads debug records only as intrinsic calls. */
    int records = LLVMIsNewDbgInfoFormat(m);
    if (records) LLVMSetIsNewDbgInfoFormat(m, 0);
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
                LLVMValueRef callee = LLVMIsACallInst(in) ? LLVMGetCalledValue(in) : NULL;
                size_t len = 0;
                const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
                LLVMValueRef slot = strcmp(name, "llvm.dbg.declare") ? NULL : described(in);
                LLVMValueRef var = slot && LLVMIsAAllocaInst(slot) ? LLVMGetOperand(in, 1) : NULL;
                if (!var) continue;
                ctype t;
                dwarf_type_of(c, operand(c, LLVMValueAsMetadata(var), 3), &t); /* DILocalVariable: type */
                each(ctx, slot, &t);
            }
    if (records) LLVMSetIsNewDbgInfoFormat(m, 1);
}

/* freqsys/transform/module_table.c: emits the module descriptor that mirrors abi.h in IR. */
/* SPDX-License-Identifier: MIT */
#include "module_table.h"

#include <stdlib.h>
#include <string.h>
#include "abi.h"

typedef struct emitter {
    LLVMModuleRef m;
    LLVMContextRef ctx;
    LLVMTypeRef i32, i64, ptr;
} emitter;

static LLVMValueRef cstring(emitter *e, const char *s) {
    size_t n = strlen(s);
    LLVMValueRef init = LLVMConstStringInContext(e->ctx, s, (unsigned)n, 0);
    LLVMValueRef g = LLVMAddGlobal(e->m, LLVMTypeOf(init), "freqsys_str");
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    return g;
}

static LLVMValueRef constant_array(emitter *e, LLVMTypeRef elem, LLVMValueRef *v, size_t n,
                                   const char *name) {
    LLVMValueRef init = LLVMConstArray2(elem, v, n);
    LLVMValueRef g = LLVMAddGlobal(e->m, LLVMTypeOf(init), name);
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    return g;
}

static LLVMValueRef u32(emitter *e, unsigned long long v) { return LLVMConstInt(e->i32, v, 0); }
static LLVMValueRef u64(emitter *e, unsigned long long v) { return LLVMConstInt(e->i64, v, 0); }

static LLVMValueRef struct_of(emitter *e, LLVMValueRef *fields, unsigned n) {
    return LLVMConstStructInContext(e->ctx, fields, n, 0);
}

static LLVMTypeRef struct_type(emitter *e, LLVMTypeRef *fields, unsigned n) {
    return LLVMStructTypeInContext(e->ctx, fields, n, 0);
}

/* fsabi_param { ptr name, ptr ctype, i32 kind, i32 pointee_size } and
 * fsabi_arg { i32 x 8 } */
static void entry_tables(emitter *e, const entry_plan *p, LLVMValueRef *params, LLVMValueRef *args) {
    LLVMTypeRef pty = struct_type(e, (LLVMTypeRef[]){e->ptr, e->ptr, e->i32, e->i32}, 4);
    LLVMTypeRef aty = struct_type(e, (LLVMTypeRef[]){e->i32, e->i32, e->i32, e->i32, e->i32, e->i32, e->i32, e->i32}, 8);
    size_t np = p ? p->nparams : 0, na = p ? p->nargs : 0;
    LLVMValueRef *rows = calloc((np > na ? np : na) + 1, sizeof *rows);
    if (!rows) abort();
    for (size_t i = 0; i < np; i++) {
        const entry_param *q = &p->params[i];
        rows[i] = struct_of(e, (LLVMValueRef[]){cstring(e, q->name), cstring(e, q->ctype), u32(e, q->kind),
                                                u32(e, q->pointee_size)}, 4);
    }
    *params = constant_array(e, pty, rows, np, "freqsys_params");
    for (size_t i = 0; i < na; i++) {
        const entry_arg *a = &p->args[i];
        rows[i] = struct_of(e, (LLVMValueRef[]){u32(e, a->decl), u32(e, a->param), u32(e, a->shape),
                                                u32(e, a->kind), u32(e, a->offset), u32(e, a->elem_size),
                                                u32(e, a->len_param), u32(e, 0)}, 8);
    }
    *args = constant_array(e, aty, rows, na, "freqsys_args");
    free(rows);
}

void module_table_emit(LLVMModuleRef m, const module_plan *plan) {
    const counter_table *t = plan->counters;
    const read_sites *sites = plan->sites;
    emitter e = {m, LLVMGetModuleContext(m), NULL, NULL, NULL};
    e.i32 = LLVMInt32TypeInContext(e.ctx);
    e.i64 = LLVMInt64TypeInContext(e.ctx);
    e.ptr = LLVMPointerTypeInContext(e.ctx, 0);

    /* fsabi_block { ptr function, ptr label, ptr file, i32 line, i32 function_index,
     *               i32 first_successor, i32 nsuccessors, i32 first_callee, i32 ncallees } */
    LLVMTypeRef block_fields[9] = {e.ptr, e.ptr, e.ptr, e.i32, e.i32, e.i32, e.i32, e.i32, e.i32};
    LLVMTypeRef block_ty = LLVMStructTypeInContext(e.ctx, block_fields, 9, 0);
    LLVMValueRef *fn_names = calloc(t->nfunctions + 1, sizeof *fn_names);
    LLVMValueRef *rows = calloc(t->nblocks + t->nfunctions + sites->n + 1, sizeof *rows);
    if (!fn_names || !rows) abort();   /* a few bytes per block: nothing sensible to do */
    for (size_t f = 0; f < t->nfunctions; f++) fn_names[f] = cstring(&e, t->functions[f].name);
    for (size_t j = 0; j < t->nblocks; j++) {
        const counted_block *b = &t->blocks[j];
        LLVMValueRef fields[9] = {fn_names[b->function_index], cstring(&e, b->label),
                                  cstring(&e, b->file), LLVMConstInt(e.i32, b->line, 0),
                                  LLVMConstInt(e.i32, b->function_index, 0),
                                  LLVMConstInt(e.i32, b->first_successor, 0),
                                  LLVMConstInt(e.i32, b->nsuccessors, 0),
                                  LLVMConstInt(e.i32, b->first_callee, 0),
                                  LLVMConstInt(e.i32, b->ncallees, 0)};
        rows[j] = LLVMConstStructInContext(e.ctx, fields, 9, 0);
    }
    LLVMValueRef blocks = constant_array(&e, block_ty, rows, t->nblocks, "freqsys_blocks");

    /* fsabi_function { ptr name, ptr file, i32 first_block, i32 nblocks, i32 line, i32 reserved } */
    LLVMTypeRef fn_fields[6] = {e.ptr, e.ptr, e.i32, e.i32, e.i32, e.i32};
    LLVMTypeRef fn_ty = LLVMStructTypeInContext(e.ctx, fn_fields, 6, 0);
    for (size_t f = 0; f < t->nfunctions; f++) {
        const counted_function *cf = &t->functions[f];
        LLVMValueRef fields[6] = {fn_names[f], cstring(&e, cf->file),
                                  LLVMConstInt(e.i32, cf->first_block, 0),
                                  LLVMConstInt(e.i32, cf->nblocks, 0),
                                  LLVMConstInt(e.i32, cf->line, 0), LLVMConstInt(e.i32, 0, 0)};
        rows[f] = LLVMConstStructInContext(e.ctx, fields, 6, 0);
    }
    LLVMValueRef functions = constant_array(&e, fn_ty, rows, t->nfunctions, "freqsys_functions");

    /* fsabi_site { ptr variable, ptr file, i32 line, i32 kind, i32 origin, i32 decl } */
    LLVMTypeRef site_ty = struct_type(&e, (LLVMTypeRef[]){e.ptr, e.ptr, e.i32, e.i32, e.i32, e.i32}, 6);
    for (size_t s = 0; s < sites->n; s++) {
        const read_site *r = &sites->v[s];
        LLVMValueRef fields[6] = {cstring(&e, r->variable), cstring(&e, r->file), u32(&e, r->line),
                                  u32(&e, r->kind), u32(&e, r->origin), u32(&e, r->decl)};
        rows[s] = struct_of(&e, fields, 6);
    }
    LLVMValueRef site_table = constant_array(&e, site_ty, rows, sites->n, "freqsys_sites");

    LLVMValueRef *edge_values = calloc(t->nedges + 1, sizeof *edge_values);
    if (!edge_values) abort();
    for (size_t k = 0; k < t->nedges; k++) edge_values[k] = LLVMConstInt(e.i32, t->edges[k], 0);
    LLVMValueRef edges = constant_array(&e, e.i32, edge_values, t->nedges, "freqsys_edges");
    free(edge_values);

    LLVMValueRef params, args;
    entry_tables(&e, plan->entry_plan, &params, &args);
    const mmio_writes *w = plan->writes;
    LLVMValueRef *addresses = calloc((w ? w->n : 0) + 1, sizeof *addresses);
    if (!addresses) abort();
    for (size_t k = 0; w && k < w->n; k++) addresses[k] = u64(&e, w->addresses[k]);
    LLVMValueRef write_table = constant_array(&e, e.i64, addresses, w ? w->n : 0, "freqsys_write_addresses");
    free(addresses);
    const entry_plan *ep = plan->entry_plan;

    LLVMValueRef fields[22] = {
        LLVMConstInt(e.i64, FSABI_VERSION, 0),
        LLVMConstInt(e.i64, t->nblocks, 0),
        LLVMConstInt(e.i64, t->nfunctions, 0),
        LLVMConstInt(e.i64, sites->n, 0),
        t->counters, t->fn_touched, t->touched_list, t->touched_count,
        blocks, functions, site_table, edges, plan->reset_fn,
        plan->entry ? plan->entry : LLVMConstPointerNull(e.ptr),
        u64(&e, ep != NULL), u64(&e, ep ? ep->nparams : 0), u64(&e, ep ? ep->nargs : 0),
        params, args, u64(&e, ep ? ep->return_kind : 0),
        u64(&e, w ? w->n : 0), write_table,
    };
    LLVMTypeRef types[22];
    for (int i = 0; i < 22; i++) types[i] = LLVMTypeOf(fields[i]);
    LLVMTypeRef module_ty = struct_type(&e, types, 22);
    LLVMValueRef desc = LLVMAddGlobal(m, module_ty, FSABI_MODULE_SYMBOL);
    LLVMSetInitializer(desc, struct_of(&e, fields, 22));
    LLVMSetGlobalConstant(desc, 1);
    free(fn_names);
    free(rows);
}

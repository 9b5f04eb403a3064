/* freqsys/transform/entry_args.h: function mode: the entry's parameters and how each gets its values. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_ENTRY_ARGS_H
#define FREQSYS_ENTRY_ARGS_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include "spec.h"

typedef struct entry_param {
    char *name;
    char ctype[128];
    unsigned kind; /* fsabi_kind; FSABI_KIND_PTR for pointers */
    unsigned pointee_size;
} entry_param;

/* One `arg` declaration resolved (fields as in fsabi_arg). */
/* The most elements one argument may have (runtime/entry_call.c allocates them). */
#define ENTRY_ARGS_MAX_ELEMENTS (1 << 26)

typedef struct entry_arg {
    unsigned decl, param, shape, kind, offset, elem_size, len_param, per_item; /* as fsabi_arg */
} entry_arg;

typedef struct entry_plan {
    entry_param *params;
    size_t nparams;
    entry_arg *args;
    size_t nargs;
    unsigned return_kind; /* 0 for void */
} entry_plan;

/* Reads FN's signature (C types from its debug information) and matches every `arg`
 * declaration of S to a parameter, by name or index, checking that its shape fits
 * the parameter's type: a distribution for a number, array/ref/string for a pointer,
 * `arg p.field` for a struct passed by pointer. Every parameter must be declared;
 * the error for one that is not lists all parameters with their C types. Returns 0,
 * TRANSFORM_ESPEC with a message in ERR, or -1 when memory ran out. */
int entry_args_plan(LLVMValueRef fn, const spec *s, entry_plan *plan, char *err, size_t errlen);

void entry_args_free(entry_plan *plan);

#endif

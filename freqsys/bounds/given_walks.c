/* freqsys/bounds/given_walks.c: what the spec says of inputs a loop can walk: drawn arguments, a drawn
 * stdin. */
/* SPDX-License-Identifier: MIT */
#include "given_walks.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "entry_args.h"
#include "freqsys/abi.h"
#include "pointee_values.h"
#include "ptr_map.h"
#include "reads.h"

/* The greatest value a draw of D gives once truncated toward zero, as the runtime
 * converts it to a count; -1 when D has no bound. */
static double most(const dist *d) {
    double lo, hi;
    dist_range(d, &lo, &hi);
    return isfinite(hi) && hi >= 0 ? floor(hi) : -1;
}

/* The most bytes of one line of the lines() form V before its '\n': its length's
 * greatest value, or a string-valued line's longest draw; -1 when unknown. */
static double line_most(const spec_value *v) {
    return dist_is_text(v->item) ? dist_text_most(v->item) : most(v->item);
}

/* The most bytes the `stdin ~` form V can give: text(LEN, B) LEN; lines(N,
 * string(LEN, ...)) N lines of LEN characters and a '\n'; files() the largest file;
 * a generator writes what it likes: -1, no bound. */
static double form_bytes(const spec_value *v) {
    if (v->kind == SPEC_VALUE_GENERATOR) return -1;
    if (v->kind == SPEC_VALUE_TEXT) return most(v->dist);
    if (v->kind == SPEC_VALUE_LINES) {
        double n = most(v->dist), len = line_most(v);
        return n >= 0 && len >= 0 ? n * (len + 1) : -1;
    }
    double largest = 0;
    for (size_t k = 0; k < v->nfiles; k++)
        if ((double)v->files[k].len > largest) largest = (double)v->files[k].len;
    return largest;
}

/* The most bytes a drawn string or text argument V holds before the NUL the runtime
 * puts after it: string(LEN, ...) LEN (a charset may hold NUL bytes, which only end
 * the C string sooner); a string-valued distribution (format, choice, mixture) its
 * longest draw; text(), lines() and files() as for standard input; generator(NAME,
 * CAP) CAP, as a count above it fails the trial. -1: no bound (generator(NAME)). */
static double argument_bytes(const spec_value *v) {
    switch (v->kind) {
    case SPEC_VALUE_STRING:
        return v->dist ? most(v->dist) : -1;
    case SPEC_VALUE_DIST:
        return v->dist && dist_is_text(v->dist) ? dist_text_most(v->dist) : -1;
    case SPEC_VALUE_TEXT:
    case SPEC_VALUE_LINES:
    case SPEC_VALUE_FILES:
        return form_bytes(v);
    case SPEC_VALUE_GENERATOR:
        return v->gen_cap > 0 ? (double)v->gen_cap : -1;
    default:
        return -1;
    }
}

/* Whether an argument of SHAPE is bytes the runtime ends with a NUL at the length
 * length() gives (a buffer's bytes are all zero, with no NUL after them; an array's
 * length counts its items). */
static int nul_at_length(unsigned shape) {
    return shape == FSABI_SHAPE_STRING || shape == FSABI_SHAPE_TEXT || shape == FSABI_SHAPE_GENERATOR ||
           shape == FSABI_SHAPE_GENERATOR_BYTES;
}

static int others_unreached(LLVMModuleRef m, LLVMValueRef entry);

/* The entry's parameters: the range of each number drawn whole, and the most bytes
 * of each string or text; a length() of a string or text is from 0 to its most bytes,
 * and tied to it. A parameter with no such declaration stays unknown. */
static int entry_params(LLVMModuleRef m, const spec *s, bound_walks *out) {
    LLVMValueRef fn = s->function ? LLVMGetNamedFunction(m, s->function) : NULL;
    if (!fn || LLVMCountBasicBlocks(fn) == 0) return 0;
    entry_plan plan;
    char err[512];
    if (entry_args_plan(fn, s, &plan, err, sizeof err) != 0) {
        entry_args_free(&plan);
        return 0; /* reported where the plan is made for the run */
    }
    size_t n = plan.nparams;
    double *lo = malloc((n + 1) * sizeof *lo), *hi = malloc((n + 1) * sizeof *hi);
    double *text = malloc((n + 1) * sizeof *text), *bytes = malloc((n + 1) * sizeof *bytes);
    long *length_of = malloc((n + 1) * sizeof *length_of);
    unsigned *shape = malloc((n + 1) * sizeof *shape);
    if (!lo || !hi || !text || !bytes || !length_of || !shape) {
        free(lo);
        free(hi);
        free(text);
        free(bytes);
        free(length_of);
        free(shape);
        entry_args_free(&plan);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        lo[i] = -INFINITY;
        hi[i] = INFINITY;
        text[i] = -1;
        bytes[i] = -1;
        length_of[i] = -1;
        shape[i] = FSABI_SHAPE_VALUE;
    }
    for (size_t k = 0; k < plan.nargs; k++) {
        const entry_arg *a = &plan.args[k];
        const spec_value *v = &s->inputs[a->decl].value;
        const dist *d = v->dist;
        if (a->param >= n) continue;
        if (a->shape == FSABI_SHAPE_VALUE && d) {
            double a_lo, a_hi;
            dist_range(d, &a_lo, &a_hi);
            lo[a->param] = trunc(a_lo); /* C's conversion, which the runtime makes, truncates */
            hi[a->param] = trunc(a_hi);
        } else if (a->shape == FSABI_SHAPE_STRING || a->shape == FSABI_SHAPE_TEXT ||
                   a->shape == FSABI_SHAPE_GENERATOR_BYTES) {
            text[a->param] = argument_bytes(v);
        }
        shape[a->param] = a->shape;
    }
    double *most_length = malloc((n + 1) * sizeof *most_length); /* what length() of each can give */
    for (size_t p = 0; most_length && p < n; p++) {
        most_length[p] = nul_at_length(shape[p]) ? text[p] : -1;
        for (size_t q = 0; q < plan.nargs && most_length[p] < 0; q++) { /* an array of a constant length */
            const spec_value *w = &s->inputs[plan.args[q].decl].value;
            if (plan.args[q].param == p && w->kind == SPEC_VALUE_ARRAY && !w->len_name)
                most_length[p] = (double)w->len_const;
        }
    }
    for (size_t k = 0; most_length && k < plan.nargs; k++) { /* lengths, once what they measure is known */
        const entry_arg *a = &plan.args[k];
        if (a->shape != FSABI_SHAPE_LENGTH || a->param >= n || a->len_param >= n) continue;
        if (nul_at_length(shape[a->len_param])) length_of[a->param] = (long)a->len_param;
        if (most_length[a->len_param] >= 0) {
            lo[a->param] = 0;
            hi[a->param] = most_length[a->len_param];
        }
    }
    /* what the runtime writes behind pointers; memory out: nothing known */
    pointee_facts *pointees = calloc(1, sizeof *pointees);
    if (pointees && (!most_length || pointee_facts_make(&plan, s, most_length, pointees) != 0)) {
        pointee_facts_free(pointees);
        free(pointees);
        pointees = NULL;
    }
    free(most_length);
    out->pointees = pointees;
    for (size_t k = 0; k < plan.nargs; k++) { /* the buffer each pointer parameter gets */
        const entry_arg *a = &plan.args[k];
        double most = -1, len;
        if (a->param >= n) continue;
        switch (a->shape) {
        case FSABI_SHAPE_STRING:
        case FSABI_SHAPE_TEXT:
        case FSABI_SHAPE_GENERATOR_BYTES: /* the bytes and the NUL after them */
            most = text[a->param] >= 0 ? text[a->param] + 1 : -1;
            break;
        case FSABI_SHAPE_BUFFER:
            most = a->offset;
            break;
        case FSABI_SHAPE_REF:
            most = (double)a->per_item * a->elem_size;
            break;
        case FSABI_SHAPE_LENGTH_REF:
            most = a->elem_size;
            break;
        case FSABI_SHAPE_ARRAY: /* LEN items, of PER_ITEM values each (structs: 1) */
            len = a->len_param == UINT32_MAX ? (double)a->offset : a->len_param < n ? hi[a->len_param] : -1;
            if (isfinite(len) && len >= 0) most = len * (a->per_item ? a->per_item : 1) * a->elem_size;
            break;
        default:
            break;
        }
        if (most >= 0) bytes[a->param] = most < 1 ? 1 : most; /* the runtime gives even none a byte */
    }
    free(shape);
    entry_args_free(&plan);
    out->entry = fn;
    out->object_bytes = bytes;
    out->others_unreached = others_unreached(m, fn) > 0; /* memory out: not known, so no */
    out->param_lo = lo;
    out->param_hi = hi;
    out->text_max = text;
    out->length_of = length_of;
    out->nparams = n;
    return 0;
}

/* Whether no character a line of V draws is '\n': its charset holds none, or its
 * character distribution gives 10 with probability 0. A string-valued item may. */
static int lines_hold_no_newline(const spec_value *v) {
    if (dist_is_text(v->item)) return 0;
    if (v->chars) return dist_is_integer(v->chars) && dist_cdf(v->chars, 10) - dist_cdf(v->chars, 9) == 0;
    return v->charset && !memchr(v->charset, '\n', v->charset_len);
}

/* The lines() form V's longest line, its '\n' counted, and its most lines, in OUT (-1
 * where unknown). Each line of V then ends at its only '\n', which a line read
 * (fgets) stops after. */
static void line_shape(const spec_value *v, bound_walks *out) {
    out->stdin_line_max = out->stdin_lines_max = -1;
    if (v->kind != SPEC_VALUE_LINES || !v->item || !lines_hold_no_newline(v)) return;
    double len = most(v->item);
    if (len < 0) return;
    out->stdin_line_max = len + 1;
    out->stdin_lines_max = v->dist ? most(v->dist) : -1;
}

int given_walks_make(LLVMModuleRef m, const spec *s, bound_walks *out) {
    *out = (bound_walks){0};
    const spec_input *in = spec_find_stdin(s);
    out->stdin_max = in ? form_bytes(&in->value) : -1;
    out->stdin_bounded = out->stdin_max >= 0;
    out->stdin_line_max = out->stdin_lines_max = -1;
    if (in) line_shape(&in->value, out);
    if (in && !out->stdin_bounded && in->value.dist) {
        /* an unbounded length or count of bounded parts: held by the tail bounds */
        const spec_value *v = &in->value;
        double len = v->kind == SPEC_VALUE_LINES ? line_most(v) : 0;
        if ((v->kind == SPEC_VALUE_TEXT || v->kind == SPEC_VALUE_LINES) && len >= 0) {
            out->stdin_count = v->dist;
            out->stdin_per_count = v->kind == SPEC_VALUE_LINES ? len + 1 : 1;
        }
    }
    out->input_can_end = reads_input_can_end(s);
    if (entry_params(m, s, out) != 0) {
        given_walks_free(out);
        return -1;
    }
    return 0;
}

/* Whether CALLER is the runtime's freqsys_call_entry. */
static int runtime_caller(LLVMValueRef caller) {
    size_t len;
    const char *name = LLVMGetValueName2(caller, &len);
    return !strcmp(name, "freqsys_call_entry") && LLVMGetLinkage(caller) == LLVMInternalLinkage;
}

/* Whether every use of FN is a direct call, the runtime's through freqsys_call_entry
 * or, when OTHERS_UNREACHED, one in a function no run reaches. */
static int only_runtime_calls(LLVMValueRef fn, int others_unreached) {
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != fn) return 0;
        for (unsigned a = 0; a < LLVMGetNumArgOperands(user); a++)
            if (LLVMGetOperand(user, a) == fn) return 0;
        if (!others_unreached && !runtime_caller(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user))))
            return 0;
    }
    return 1;
}

/* Whether a use of FN other than as the function a call calls: its address is taken. */
static int address_taken(LLVMValueRef fn) {
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if ((!LLVMIsACallInst(user) && !LLVMIsAInvokeInst(user)) || LLVMGetCalledValue(user) != fn) return 1;
        for (unsigned a = 0; a < LLVMGetNumArgOperands(user); a++)
            if (LLVMGetOperand(user, a) == fn) return 1;
    }
    return 0;
}

/* Whether every call of ENTRY in M but the runtime's is in a function no run reaches.
 * A run starts in the runtime (functions named freqsys...), the entry, and any
 * function whose address is taken (a table, a constructor, a pointer a call may
 * follow); direct calls reach the rest. A public function of a library that nothing
 * a run reaches calls (another API's wrapper of the entry) never runs, so the values
 * it would pass the entry are none a run sees. -1 when memory ran out. */
static int others_unreached(LLVMModuleRef m, LLVMValueRef entry) {
    ptr_map seen = {0};
    size_t n = 0, top = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) n++;
    LLVMValueRef *stack = malloc((n + 1) * sizeof *stack);
    int rc = stack ? 1 : -1;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); rc > 0 && fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;
        const char *name = LLVMGetValueName2(fn, &len);
        if (fn != entry && strncmp(name, "freqsys", 7) != 0 && !address_taken(fn)) continue;
        if (ptr_map_put(&seen, fn, 1) != 0) rc = -1;
        stack[top++] = fn;
    }
    while (rc > 0 && top) {
        LLVMValueRef fn = stack[--top];
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); rc > 0 && bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); rc > 0 && i; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i)) continue;
                LLVMValueRef callee = LLVMGetCalledValue(i);
                if (!callee || !LLVMIsAFunction(callee) || ptr_map_get(&seen, callee) >= 0) continue;
                if (ptr_map_put(&seen, callee, 1) != 0) rc = -1;
                stack[top++] = callee;
            }
    }
    for (LLVMUseRef u = LLVMGetFirstUse(entry); rc > 0 && u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAInstruction(user)) continue; /* taken: only_runtime_calls refuses it */
        LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
        if (!runtime_caller(caller) && ptr_map_get(&seen, caller) >= 0) rc = 0;
    }
    ptr_map_free(&seen);
    free(stack);
    return rc;
}

int given_walks_param(const bound_walks *w, LLVMValueRef param, double *lo, double *hi, double *text_max) {
    if (!w->entry || !LLVMIsAArgument(param) || LLVMGetParamParent(param) != w->entry) return 0;
    for (unsigned i = 0; i < w->nparams && i < LLVMCountParams(w->entry); i++) {
        if (LLVMGetParam(w->entry, i) != param) continue;
        if (!only_runtime_calls(w->entry, w->others_unreached)) return 0;
        *lo = w->param_lo[i];
        *hi = w->param_hi[i];
        *text_max = w->text_max[i];
        return 1;
    }
    return 0;
}

double given_walks_object_bytes(const bound_walks *w, LLVMValueRef param) {
    if (!w->entry || !w->object_bytes || !LLVMIsAArgument(param) || LLVMGetParamParent(param) != w->entry)
        return -1;
    for (unsigned i = 0; i < w->nparams && i < LLVMCountParams(w->entry); i++)
        if (LLVMGetParam(w->entry, i) == param)
            return only_runtime_calls(w->entry, w->others_unreached) ? w->object_bytes[i] : -1;
    return -1;
}

LLVMValueRef given_walks_length(const bound_walks *w, LLVMValueRef param) {
    if (!w->entry || !LLVMIsAArgument(param) || LLVMGetParamParent(param) != w->entry) return NULL;
    unsigned count = LLVMCountParams(w->entry);
    for (unsigned i = 0; i < w->nparams && i < count; i++) {
        if (LLVMGetParam(w->entry, i) != param) continue;
        long of = w->length_of[i];
        return of >= 0 && (unsigned long)of < count && only_runtime_calls(w->entry, w->others_unreached)
                   ? LLVMGetParam(w->entry, (unsigned)of)
                   : NULL;
    }
    return NULL;
}

int given_walks_runtime_only(const bound_walks *w) {
    return w->entry && only_runtime_calls(w->entry, w->others_unreached);
}

void given_walks_free(bound_walks *w) {
    if (w->pointees) pointee_facts_free(w->pointees);
    free(w->pointees);
    free((void *)w->length_of);
    free((void *)w->param_lo);
    free((void *)w->param_hi);
    free((void *)w->text_max);
    free((void *)w->object_bytes);
    *w = (bound_walks){0};
}

/* freqsys/transform/instrument.c: the whole rewrite of a module, in order, then its optimisation. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"

#include <stdio.h>
#include <string.h>
#include <llvm-c/Analysis.h>
#include "freqsys/abi.h"
#include "closed_entry.h"
#include "contexts.h"
#include "counters.h"
#include "entry_args.h"
#include "entry_thunk.h"
#include "exits.h"
#include "fits.h"
#include "function_names.h"
#include "given_bounds.h"
#include "globals_reset.h"
#include "host_inputs.h"
#include "inputs.h"
#include "mmio.h"
#include "module_table.h"
#include "paths.h"
#include "program_ends.h"
#include "reach.h"
#include "reads.h"

/* Each SPEC_VAR input must match some read of the program: a declaration that
 * matches nothing is almost always a misspelt name, and would silently do nothing. */
static int check_unused(const spec *s, const read_sites *sites, char *err, size_t errlen) {
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        if (in->target != SPEC_VAR) continue;
        int used = 0;
        for (size_t k = 0; k < sites->n && !used; k++) used = strcmp(sites->v[k].variable, in->name) == 0;
        if (!used) {
            char names[512] = "";
            size_t len = 0;
            for (size_t k = 0; k < sites->n && len < sizeof names - 64; k++) {
                if (!*sites->v[k].variable || strstr(names, sites->v[k].variable)) continue;
                len += (size_t)snprintf(names + len, sizeof names - len, "%s'%s'", len ? ", " : "",
                                        sites->v[k].variable);
            }
            spec_diagnose(s, in->name_loc, err, errlen,
                          "the program reads no input into '%s' (it reads into: %s)", in->name,
                          *names ? names : "nothing");
            return TRANSFORM_ESPEC;
        }
    }
    return 0;
}

int optimize_level_parse(const char *text, optimize_level *level) {
    if (!strcmp(text, "auto"))
        *level = OPTIMIZE_AUTO;
    else if (!strcmp(text, "full"))
        *level = OPTIMIZE_FULL;
    else if (!strcmp(text, "quick"))
        *level = OPTIMIZE_QUICK;
    else if (!strcmp(text, "none"))
        *level = OPTIMIZE_NONE;
    else
        return -1;
    return 0;
}

/* The quick pipeline: inlining, then promoting the -O0 code's stack slots to
 * registers and cleaning up, each function right after its callees. It skips O2's
 * loop unrolling and vectorisers, which cost the most on big modules and gain
 * little on counted code, and uses instsimplify where O2 runs instcombine (a third
 * of the quick pipeline's time, for no measured gain in trials per second). On
 * bench/gen_blocks.sh 5000 it takes under a second where O2 takes 17 s. */
static const char QUICK_PIPELINE[] = "cgscc(inline,function(sroa,early-cse,instsimplify,simplifycfg))";

static size_t count_blocks(LLVMModuleRef m) {
    size_t n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        n += LLVMCountBasicBlocks(f);
    return n;
}

/* The optimiser takes a load or store through a null pointer for undefined
 * behaviour and deletes it, with the branch that led there: the program built for
 * counting would then not crash where the program built at -O0 does. Null is made a
 * valid address in every function (clang's -fno-delete-null-pointer-checks), so
 * such an access stays and crashes as written; bench/run measures the cost. */
static void keep_null_accesses(LLVMModuleRef m) {
    static const char kind[] = "null-pointer-is-valid", value[] = "true";
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f)) continue;
        LLVMAttributeRef a = LLVMCreateStringAttribute(ctx, kind, sizeof kind - 1, value, sizeof value - 1);
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, a);
    }
}

/* The -O0 front end keeps a frame pointer in every function, which -O2 omits on
 * x86-64: a push, a move and a pop around every call of a small function, which
 * the program as built to run never pays. Unwinding (crash sites) reads the
 * unwind tables, which stay. */
static void omit_frame_pointers(LLVMModuleRef m) {
    static const char kind[] = "frame-pointer";
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind, sizeof kind - 1);
}

static int optimize(LLVMModuleRef m, optimize_level level, char *err, size_t errlen) {
    if (level == OPTIMIZE_NONE) return 0;
    keep_null_accesses(m);
    omit_frame_pointers(m);
    if (level == OPTIMIZE_AUTO)
        level = count_blocks(m) <= OPTIMIZE_FULL_MAX_BLOCKS ? OPTIMIZE_FULL : OPTIMIZE_QUICK;
    const char *passes = level == OPTIMIZE_FULL ? "default<O2>" : QUICK_PIPELINE;
    char what[128];
    snprintf(what, sizeof what, "the optimisation pipeline %s", passes);
    return transform_run_passes(m, passes, NULL, what, err, errlen);
}

/* `read *` that no read can use does nothing: worth saying, not worth stopping for. */
static int check_read_any(const spec *s, const read_sites *sites, transform_warnings *w) {
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        if (in->target != SPEC_READ_ANY) continue;
        for (size_t k = 0; k < sites->n; k++)
            if (sites->v[k].origin == FSABI_FROM_READ) return 0;
        return transform_warn(w, "%s:%d:%d: 'read *' is declared, but the program reads no input", s->path,
                              in->loc.line, in->loc.column);
    }
    return 0;
}

/* The most times an interrupt runs after one call, from its count distribution:
 * bernoulli(p) at most once, constant(k) k times, anything else (poisson) unbounded. */
static uint64_t handler_most(const dist *count) {
    char text[128];
    dist_format(count, text, sizeof text);
    if (strncmp(text, "bernoulli(", 10) == 0) return 1;
    double k;
    if (sscanf(text, "constant(%lf)", &k) == 1 && k >= 0 && k < FSABI_RUNS_UNBOUNDED) return (uint64_t)k;
    return FSABI_RUNS_UNBOUNDED;
}

/* Each `interrupt "NAME"` must name a function the program defines as void NAME(void):
 * the runtime calls it with no arguments between calls. */
static int resolve_handlers(LLVMModuleRef m, const spec *s, LLVMValueRef *handlers, uint64_t *most, char *err,
                            size_t errlen) {
    for (size_t k = 0; k < s->ninterrupts; k++) {
        const spec_interrupt *in = &s->interrupts[k];
        LLVMValueRef fn = LLVMGetNamedFunction(m, in->name);
        if (!fn || LLVMCountBasicBlocks(fn) == 0) {
            spec_diagnose(s, in->name_loc, err, errlen,
                          "the program defines no function '%s' to run as an "
                          "interrupt handler",
                          in->name);
            return TRANSFORM_ESPEC;
        }
        LLVMTypeRef ty = LLVMGlobalGetValueType(fn);
        if (LLVMCountParamTypes(ty) != 0 || LLVMIsFunctionVarArg(ty) ||
            LLVMGetTypeKind(LLVMGetReturnType(ty)) != LLVMVoidTypeKind) {
            spec_diagnose(s, in->name_loc, err, errlen,
                          "interrupt handler '%s' must be 'void %s(void)', as the "
                          "hardware calls it with nothing and expects nothing back",
                          in->name, in->name);
            return TRANSFORM_ESPEC;
        }
        handlers[k] = fn;
        most[k] = handler_most(in->count);
    }
    return 0;
}

int instrument_module(LLVMModuleRef m, const spec *s, optimize_level level, transform_warnings *w, char *err,
                      size_t errlen) {
    return instrument_module_paths(m, s, level, 0, w, err, errlen);
}

int instrument_module_paths(LLVMModuleRef m, const spec *s, optimize_level level, uint64_t max_paths,
                            transform_warnings *w, char *err, size_t errlen) {
    instrument_counting c = {max_paths, 0};
    return instrument_module_counting(m, s, level, &c, w, err, errlen);
}

int instrument_module_counting(LLVMModuleRef m, const spec *s, optimize_level level,
                               const instrument_counting *c, transform_warnings *w, char *err,
                               size_t errlen) {
    uint64_t max_paths = c->max_paths;
    const char *entry_name = s->function ? s->function : "main";
    LLVMValueRef entry = LLVMGetNamedFunction(m, entry_name);
    if (!entry || LLVMCountBasicBlocks(entry) == 0) {
        char hint[256];
        if (s->function)
            spec_diagnose(s, s->function_loc, err, errlen, "the program defines no function '%s'%s",
                          s->function, function_names_hint(m, s->function, hint, sizeof hint));
        else
            spec_diagnose(s, s->program_loc, err, errlen, "the program has no main function");
        return TRANSFORM_ESPEC;
    }

    read_sites sites = {0};
    counter_table table = {0};
    ptr_map reachable = {0};
    mmio_writes writes = {0};
    entry_plan plan = {0};
    pgo_strip(m);
    path_plan paths = {0};
    context_plan contexts = {0};
    LLVMValueRef handlers[64];
    uint64_t handler_max[64];
    if (s->ninterrupts > 64) {
        spec_diagnose(s, s->interrupts[64].loc, err, errlen, "at most 64 interrupts can be declared");
        return TRANSFORM_ESPEC;
    }
    int rc = resolve_handlers(m, s, handlers, handler_max, err, errlen);
    if (rc != 0) return rc;
    rc = reach_from(m, entry, &reachable);
    for (size_t k = 0; k < s->ninterrupts && rc == 0; k++) rc = reach_from(m, handlers[k], &reachable);
    if (rc == 0) rc = reads_replace(m, s, &reachable, &sites, err, errlen);
    if (rc == 0) rc = check_unused(s, &sites, err, errlen);
    if (rc == 0) rc = check_read_any(s, &sites, w);
    if (rc == 0) rc = host_inputs_rewrite(m, s, &reachable, entry, w, err, errlen);
    if (rc == 0) {
        exits_redirect(m);
        if (mmio_scan_writes(m, &reachable, &writes) != 0 ||
            (max_paths && paths_plan(m, max_paths, &paths) != 0))
            rc = -1;
        if (rc == 0 && c->context_depth)
            rc = contexts_plan(m, c->context_depth, entry, handlers, s->ninterrupts, &contexts, err, errlen);
        if (rc == 0 &&
            (counters_insert(m, &table, (unsigned)writes.n, paths.npaths, contexts.ncounters) != 0 ||
             paths_insert(m, &table, &paths, w) != 0 || contexts_insert(m, &table, &contexts) != 0))
            rc = -1;
    }
    LLVMValueRef reset = NULL;
    if (rc == 0) {
        reset = globals_reset_build(m);
        rc = inputs_bind(m, s, &reachable, reset, &sites, err, errlen);
    }
    if (rc == 0) rc = mmio_rewrite(m, s, &reachable, &table, &writes, &sites, err, errlen);
    if (rc == 0) rc = fits_check(s, &sites, err, errlen);
    if (rc == 0 && s->function) rc = entry_args_plan(entry, s, &plan, err, errlen);
    bound_given given = {0};
    if (rc == 0) rc = given_bounds_make(m, s, &sites, &given, err, errlen);
    LLVMValueRef start = NULL;
    if (rc == 0) rc = program_ends_build(m, &start);
    if (rc == 0) {
        LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
        LLVMPositionBuilderAtEnd(b, LLVMGetLastBasicBlock(reset));
        /* the constructors run after the globals are drawn, as after their initializers */
        if (start) LLVMBuildCall2(b, LLVMGlobalGetValueType(start), start, NULL, 0, "");
        LLVMBuildRetVoid(b);
        LLVMDisposeBuilder(b);
        module_plan mp = {&table,
                          &sites,
                          s->function ? &plan : NULL,
                          &writes,
                          reset,
                          entry,
                          entry_thunk_build(m, entry),
                          max_paths ? &paths : NULL,
                          spec_counted_calls(s),
                          handlers,
                          handler_max,
                          s->ninterrupts,
                          c->context_depth ? &contexts : NULL,
                          &given,
                          s->function && s->ninterrupts == 0 && closed_entry(entry) &&
                              (!start || closed_entry(start)),
                          start};
        rc = mp.call_entry ? module_table_emit(m, &mp) : -1;
        if (rc == 0) rc = given_bounds_check(s, &given, err, errlen);
    }
    given_bounds_free(&given);
    counters_free(&table);
    paths_free(&paths);
    contexts_free(&contexts);
    ptr_map_free(&reachable);
    reads_free(&sites);
    mmio_writes_free(&writes);
    entry_args_free(&plan);
    if (rc == -1) snprintf(err, errlen, "out of memory while instrumenting");
    if (rc != 0) return rc;

    /* Last: nothing of the generators is counted or rewritten. */
    rc = generators_link(m, s, err, errlen);
    if (rc != 0) return rc;
    char *msg = NULL;
    if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
        snprintf(err, errlen, "internal error: the instrumented module is invalid: %s", msg);
        LLVMDisposeMessage(msg);
        return TRANSFORM_EBUILD;
    }
    LLVMDisposeMessage(msg);

    return optimize(m, level, err, errlen);
}

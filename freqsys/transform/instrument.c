/* freqsys/transform/instrument.c: the whole rewrite of a module, in order, then its optimisation. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"

#include <stdio.h>
#include <string.h>
#include <llvm-c/Analysis.h>
#include "abi.h"
#include "counters.h"
#include "entry_args.h"
#include "entry_thunk.h"
#include "exits.h"
#include "fits.h"
#include "globals_reset.h"
#include "host_inputs.h"
#include "inputs.h"
#include "mmio.h"
#include "module_table.h"
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
                          "the program reads no input into '%s' (it reads into: %s)",
                          in->name, *names ? names : "nothing");
            return TRANSFORM_ESPEC;
        }
    }
    return 0;
}

int optimize_level_parse(const char *text, optimize_level *level) {
    if (!strcmp(text, "auto")) *level = OPTIMIZE_AUTO;
    else if (!strcmp(text, "full")) *level = OPTIMIZE_FULL;
    else if (!strcmp(text, "quick")) *level = OPTIMIZE_QUICK;
    else return -1;
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
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) n += LLVMCountBasicBlocks(f);
    return n;
}

static int optimize(LLVMModuleRef m, optimize_level level, char *err, size_t errlen) {
    if (level == OPTIMIZE_NONE) return 0;
    if (level == OPTIMIZE_AUTO) level = count_blocks(m) <= OPTIMIZE_FULL_MAX_BLOCKS ? OPTIMIZE_FULL : OPTIMIZE_QUICK;
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
        return transform_warn(w, "%s:%d:%d: 'read *' is declared, but the program reads no input",
                              s->path, in->loc.line, in->loc.column);
    }
    return 0;
}

int instrument_module(LLVMModuleRef m, const spec *s, optimize_level level, transform_warnings *w,
                      char *err, size_t errlen) {
    const char *entry_name = s->function ? s->function : "main";
    LLVMValueRef entry = LLVMGetNamedFunction(m, entry_name);
    if (!entry || LLVMCountBasicBlocks(entry) == 0) {
        if (s->function)
            spec_diagnose(s, s->function_loc, err, errlen,
                          "the program defines no function '%s'", s->function);
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
    int rc = reach_from(m, entry, &reachable);
    if (rc == 0) rc = reads_replace(m, s, &reachable, &sites, err, errlen);
    if (rc == 0) rc = check_unused(s, &sites, err, errlen);
    if (rc == 0) rc = check_read_any(s, &sites, w);
    if (rc == 0) rc = host_inputs_rewrite(m, s, &reachable, entry, w, err, errlen);
    if (rc == 0) {
        exits_redirect(m);
        if (mmio_scan_writes(m, &reachable, &writes) != 0 || counters_insert(m, &table, (unsigned)writes.n) != 0)
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
    if (rc == 0) {
        LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
        LLVMPositionBuilderAtEnd(b, LLVMGetLastBasicBlock(reset));
        LLVMBuildRetVoid(b);
        LLVMDisposeBuilder(b);
        module_plan mp = {&table, &sites, s->function ? &plan : NULL, &writes, reset, entry,
                          entry_thunk_build(m, entry)};
        if (mp.call_entry) module_table_emit(m, &mp);
        else rc = -1;
    }
    counters_free(&table);
    ptr_map_free(&reachable);
    reads_free(&sites);
    mmio_writes_free(&writes);
    entry_args_free(&plan);
    if (rc == -1) snprintf(err, errlen, "out of memory while instrumenting");
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

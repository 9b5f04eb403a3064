/* freqsys/cli_check.c: `freqsys check`: validate a spec against its program without running it. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_unbounded.h"
#include "commands.h"
#include "freqsys/abi.h"

/* Counts what the transform made, from its descriptor's initializer. */
static void summary(LLVMModuleRef m, unsigned long long *blocks, unsigned long long *fns,
                    unsigned long long *sites) {
    *blocks = *fns = *sites = 0;
    LLVMValueRef d = LLVMGetNamedGlobal(m, FSABI_MODULE_SYMBOL);
    LLVMValueRef init = d ? LLVMGetInitializer(d) : NULL;
    if (!init) return;
    *blocks = LLVMConstIntGetZExtValue(LLVMGetOperand(init, 1));
    *fns = LLVMConstIntGetZExtValue(LLVMGetOperand(init, 2));
    *sites = LLVMConstIntGetZExtValue(LLVMGetOperand(init, 3));
}

/* How many blocks of the descriptor's table have a bound per run (max_runs), how
 * many of those rest on a cap of the spec (bound_from not ""), and how many hold
 * outside a far tail of the spec's distributions (tail_mass > 0). */
static void bounded(LLVMModuleRef m, unsigned long long *proven, unsigned long long *capped,
                    unsigned long long *tails) {
    *proven = *capped = *tails = 0;
    LLVMValueRef d = LLVMGetNamedGlobal(m, FSABI_MODULE_SYMBOL);
    LLVMValueRef init = d ? LLVMGetInitializer(d) : NULL;
    LLVMValueRef table = init ? LLVMGetInitializer(LLVMGetOperand(init, 8)) : NULL;
    unsigned n = table && !LLVMIsNull(table) ? (unsigned)LLVMGetNumOperands(table) : 0;
    for (unsigned j = 0; j < n; j++) {
        LLVMValueRef row =
            LLVMGetOperand(table, j); /* fsabi_block: bound_from is field 3, max_runs 11, tail_mass 13 */
        if (LLVMConstIntGetZExtValue(LLVMGetOperand(row, 11)) == FSABI_RUNS_UNBOUNDED) continue;
        (*proven)++;
        LLVMBool lossy;
        if (LLVMConstRealGetDouble(LLVMGetOperand(row, 13), &lossy) > 0) (*tails)++;
        LLVMValueRef from = LLVMGetInitializer(LLVMGetOperand(row, 3)); /* "" is all zeros */
        size_t len = 0;
        if (from && LLVMIsAConstantDataSequential(from) && LLVMGetAsString(from, &len)[0]) (*capped)++;
    }
}

/* Which sources check will compile, and with what: every source's own flags and what
 * was dropped from them; the spec's cflags for all, and what was dropped there. */
static void print_units(const spec *s) {
    if (s->compile_commands) printf("compile_commands: %s\n", s->compile_commands);
    if (s->ncflags) {
        printf("cflags for every source:");
        for (size_t k = 0; k < s->ncflags; k++) printf(" %s", s->cflags[k]);
        printf("\n");
    }
    for (size_t k = 0; k < s->ncflag_notes; k++) printf("  cflags: %s\n", s->cflag_notes[k]);
    for (size_t i = 0; i < s->nsources; i++) {
        const spec_unit *u = s->units ? &s->units[i] : NULL;
        printf("source %s%s%s", s->sources[i], u && u->header ? " (a header, compiled as C)" : "",
               u && u->nflags ? ":" : "");
        for (size_t k = 0; u && k < u->nflags; k++) printf(" %s", u->flags[k]);
        printf("\n");
        for (size_t k = 0; u && k < u->nnotes; k++) printf("  %s\n", u->notes[k]);
    }
}

int cli_check(int argc, char **argv) {
    const char *path = NULL;
    int unbounded = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            cli_help("check", stdout);
            return EXIT_OK;
        }
        if (!strcmp(argv[i], "--unbounded")) {
            unbounded = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "freqsys check: unknown option '%s'\n(see 'freqsys help check')\n", argv[i]);
            return EXIT_USAGE;
        } else if (path) {
            path = NULL;
            break;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        fprintf(stderr, "freqsys check: needs exactly one SPEC file\n(see 'freqsys help check')\n");
        return EXIT_USAGE;
    }
    spec *s = NULL;
    LLVMContextRef ctx = NULL;
    LLVMModuleRef m = NULL;
    transform_warnings warnings = {0};
    int rc = pipeline_instrument(path, OPTIMIZE_NONE, &s, &ctx, &m, &warnings);
    if (rc != EXIT_OK) return rc;
    unsigned long long blocks, fns, sites;
    summary(m, &blocks, &fns, &sites);
    printf(
        "%s: ok: %s mode, entry %s, %llu block%s in %llu function%s, %llu input read%s, %zu declaration%s\n",
        path, s->function ? "function" : "program", s->function ? s->function : "main", blocks,
        blocks == 1 ? "" : "s", fns, fns == 1 ? "" : "s", sites, sites == 1 ? "" : "s", s->ninputs,
        s->ninputs == 1 ? "" : "s");
    unsigned long long proven, capped, tails;
    bounded(m, &proven, &capped, &tails);
    printf("proven bounds: %llu of %llu block%s", proven, blocks, blocks == 1 ? "" : "s");
    if (capped) printf(" (%llu under a cap)", capped);
    if (tails) printf(" (%llu outside a far tail of the inputs' distributions)", tails);
    printf("\n");
    print_units(s);
    for (size_t i = 0; i < s->ninputs; i++) { /* what each declaration will draw, as parsed */
        int n = spec_input_text(&s->inputs[i], NULL, 0);
        char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
        if (!text) continue;
        spec_input_text(&s->inputs[i], text, (size_t)n + 1);
        printf("input line %d: %s\n", s->inputs[i].loc.line, text);
        free(text);
    }
    for (size_t i = 0; i < warnings.n; i++) printf("warning: %s\n", warnings.v[i]);
    transform_warnings_free(&warnings);
    /* With a drawn stdin there are no read sites to count: say what the program reads instead. */
    const spec_input *in = spec_find_stdin(s);
    if (in && in->value.kind == SPEC_VALUE_FILES)
        printf("standard input: one of %zu files matching '%s', read through the C library\n",
               in->value.nfiles, in->value.pattern);
    else if (in && in->value.kind == SPEC_VALUE_GENERATOR)
        printf("standard input: what the generator %s writes, read through the C library\n",
               in->value.gen_name);
    else if (in)
        printf("standard input: drawn %s, read through the C library\n",
               in->value.kind == SPEC_VALUE_TEXT ? "text" : "lines");
    if (unbounded && check_unbounded_print(m, stdout) < 0) {
        fprintf(stderr, "freqsys check: out of memory listing the loops without a bound\n");
        rc = EXIT_USAGE;
    }
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    spec_free(s);
    return rc;
}

/* freqsys/module/pipeline.c: spec file to instrumented module, the first half of every command. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include "commands.h"
#include "integer_reads.h"
#include "transform.h"

int pipeline_instrument(const char *spec_path, optimize_level level, spec **s, LLVMContextRef *ctx,
                        LLVMModuleRef *m, transform_warnings *w) {
    return pipeline_instrument_paths(spec_path, level, 0, s, ctx, m, w);
}

int pipeline_instrument_paths(const char *spec_path, optimize_level level, uint64_t max_paths, spec **s,
                              LLVMContextRef *ctx, LLVMModuleRef *m, transform_warnings *w) {
    instrument_counting c = {max_paths, 0};
    return pipeline_instrument_counting(spec_path, 0, level, &c, s, ctx, m, w);
}

int pipeline_instrument_counting(const char *spec_path, int given, optimize_level level,
                                 const instrument_counting *c, spec **s, LLVMContextRef *ctx,
                                 LLVMModuleRef *m, transform_warnings *w) {
    static char err[16384];
    /* Every out-parameter starts NULL, so the cleanup below (and the caller's) can
     * run from any point: a failed compile leaves no module to dispose. */
    *m = NULL;
    *ctx = NULL;
    int status = spec_parse_file_given(spec_path, given, s, err, sizeof err);
    if (status != SPEC_OK) {
        fprintf(stderr, "%s\n", err);
        return exit_status_spec(status);
    }
    *ctx = LLVMContextCreate();
    int rc = compile_sources(*s, *ctx, m, err, sizeof err);
    if (rc == 0) rc = instrument_module_counting(*m, *s, level, c, w, err, sizeof err);
    if (rc == 0 && integer_reads_warn(*m, *s, w) != 0) {
        snprintf(err, sizeof err, "out of memory");
        rc = -1;
    }
    if (rc != 0) {
        if (rc == TRANSFORM_ESPEC)
            fprintf(stderr, "%s\n", err);
        else
            fprintf(stderr, "freqsys: error: %s\n", err);
        if (*m) LLVMDisposeModule(*m);
        LLVMContextDispose(*ctx);
        spec_free(*s);
        transform_warnings_free(w);
        *m = NULL;
        *ctx = NULL;
        *s = NULL;
        return rc == TRANSFORM_ESPEC ? EXIT_USAGE : EXIT_BUILD;
    }
    return EXIT_OK;
}

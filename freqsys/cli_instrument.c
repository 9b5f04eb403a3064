/* freqsys/cli_instrument.c: `freqsys instrument`: the transform alone, written as IR. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include <llvm-c/BitWriter.h>
#include "commands.h"

/* The instrumented module, left for the exit to free (see the end of cli_instrument). */
void *instrument_kept_context, *instrument_kept_module;

int cli_instrument(int argc, char **argv) {
    const char *spec_path = NULL, *out = NULL;
    optimize_level level = OPTIMIZE_AUTO;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            cli_help("instrument", stdout);
            return EXIT_OK;
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(argv[i], "--optimize") && i + 1 < argc) {
            if (optimize_level_parse(argv[++i], &level)) {
                fprintf(stderr, "freqsys instrument: --optimize takes auto, full, quick or none, got '%s'\n",
                        argv[i]);
                return EXIT_USAGE;
            }
        } else if (argv[i][0] == '-') {
            static const char *const names[] = {"optimize", "output", "help", NULL};
            return cli_unknown_option("instrument", argv[i], names);
        } else if (!spec_path) {
            spec_path = argv[i];
        } else {
            fprintf(stderr, "freqsys instrument: more than one SPEC given\n");
            return EXIT_USAGE;
        }
    }
    if (!spec_path || !out) {
        fprintf(stderr, "freqsys instrument: usage: freqsys instrument SPEC -o OUT.ll|OUT.bc [--optimize "
                        "auto|full|quick|none]\n");
        return EXIT_USAGE;
    }
    spec *s = NULL;
    LLVMContextRef ctx = NULL;
    LLVMModuleRef m = NULL;
    transform_warnings warnings = {0};
    int rc = pipeline_instrument(spec_path, level, &s, &ctx, &m, &warnings);
    if (rc != EXIT_OK) return rc;
    for (size_t i = 0; i < warnings.n; i++) fprintf(stderr, "freqsys: warning: %s\n", warnings.v[i]);
    transform_warnings_free(&warnings);
    size_t n = strlen(out);
    char *msg = NULL;
    int failed;
    if (n > 3 && !strcmp(out + n - 3, ".bc")) {
        failed = LLVMWriteBitcodeToFile(m, out) != 0;
    } else {
        failed = LLVMPrintModuleToFile(m, out, &msg) != 0;
    }
    if (failed)
        fprintf(stderr, "freqsys: error: cannot write %s%s%s\n", out, msg ? ": " : "", msg ? msg : "");
    if (msg) LLVMDisposeMessage(msg);
    /* The process ends here: freeing a big module one object at a time would take
     * longer than the exit that frees it at once (0.4 s for 50,000 blocks), so the
     * module is left for the exit, as clang itself does by default (-disable-free).
     * Pointers with external linkage (a store the compiler cannot drop) keep it
     * reachable, so leak checkers do not call it lost. */
    instrument_kept_context = (void *)ctx;
    instrument_kept_module = (void *)m;
    spec_free(s);
    return failed ? EXIT_BUILD : EXIT_OK;
}

/* freqsys/transform/transform.h: from C sources to an instrumented shared object. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TRANSFORM_H
#define FREQSYS_TRANSFORM_H

#include <stddef.h>
#include <stdint.h>
#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include "spec.h"

/* Errors: every function here returns 0 on success, or a negative code and writes
 * a complete message into the caller's buffer ERR (Redis anet.c style). The codes
 * tell the CLI which exit status to use. */
#define TRANSFORM_ESPEC  (-2) /* the spec does not fit the program (exit 2) */
#define TRANSFORM_EBUILD (-3) /* the program could not be compiled or linked (exit 3) */

/* Warnings: things the transform noticed that do not stop a run but change what
 * its numbers mean (the program reads the clock, the environment, a file). Each is
 * one line, "FILE:LINE: MESSAGE", kept in order. */
typedef struct transform_warnings {
    char **v;
    size_t n;
} transform_warnings;

/* warnings.c: appends one formatted warning to W (W may be NULL: then nothing).
 * Returns 0, or -1 when memory ran out. */
int transform_warn(transform_warnings *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void transform_warnings_free(transform_warnings *w);

/* compile.c: compiles each source of S (.c through clang-19, .ll and .bc read as they
 * are) and links them into one module in context CTX. On failure *OUT is NULL. */
int compile_sources(const spec *s, LLVMContextRef ctx, LLVMModuleRef *out, char *err, size_t errlen);

/* compile.c: compiles the C file PATH as compile_sources does a source (-O0 -g, the
 * spec's cflags), then OWN (NULL-terminated, may be NULL); HEADER: compiled as C
 * whatever its name. Returns 0, or TRANSFORM_EBUILD with clang's message. */
int compile_c_file(const spec *s, const char *path, char *const *own, int header, LLVMContextRef ctx,
                   LLVMModuleRef *out, char *err, size_t errlen);

/* generators.c: compiles the spec's `generators` sources, checks that every
 * generator(NAME) of the spec names a function they define with the type its use
 * needs (a spec error at the name otherwise), and links them into M with the table
 * FSABI_GENERATORS_SYMBOL the runtime finds them by. Nothing of theirs is counted
 * or rewritten: call it after the transform. Does nothing when S has none. */
int generators_link(LLVMModuleRef m, const spec *s, char *err, size_t errlen);

/* How much to optimise the instrumented module. AUTO is FULL up to
 * OPTIMIZE_FULL_MAX_BLOCKS blocks and QUICK above: O2's cost grows with the code
 * (about 0.4 ms per block), and a short pipeline gives most of its speed. NONE is
 * for commands that only check the module. */
typedef enum { OPTIMIZE_AUTO, OPTIMIZE_FULL, OPTIMIZE_QUICK, OPTIMIZE_NONE } optimize_level;
#define OPTIMIZE_FULL_MAX_BLOCKS 10000

/* Parses "auto", "full" or "quick"; returns 0, or -1 for anything else. */
int optimize_level_parse(const char *text, optimize_level *level);

/* pgo_strip.c: removes clang's PGO counter increments from a module compiled with
 * -fprofile-instr-generate and empties its profile records (the blocks stay). */
void pgo_strip(LLVMModuleRef m);
/* The functions pgo_strip adds, one per counter clang steps by a select's condition:
 * PGO_STEP_PREFIX "F.K" for counter K of function F; its block "taken" counts how often
 * the condition holds. */
#define PGO_STEP_PREFIX "freqsys.pgo_step."

/* instrument.c: the whole rewrite: counters, input reads, exits, the globals reset
 * and the module descriptor, then the optimisation pipeline LEVEL asks for.
 * Warnings go into W (may be NULL). */
int instrument_module(LLVMModuleRef m, const spec *s, optimize_level level, transform_warnings *w, char *err,
                      size_t errlen);

/* The same, and with MAX_PATHS > 0 also a counter for every acyclic path (Ball-Larus)
 * of each function that has at most MAX_PATHS of them (paths.c); functions with
 * more become warnings. MAX_PATHS 0 is instrument_module. */
#define INSTRUMENT_MAX_PATHS_LIMIT (1ull << 32)
int instrument_module_paths(LLVMModuleRef m, const spec *s, optimize_level level, uint64_t max_paths,
                            transform_warnings *w, char *err, size_t errlen);

/* What is counted besides the blocks: paths (MAX_PATHS > 0, as above) and, with
 * CONTEXT_DEPTH > 0, every block once more per calling context, a context being the
 * chain of the last CONTEXT_DEPTH (at most INSTRUMENT_MAX_CONTEXT_DEPTH) direct call
 * sites (contexts.c). */
#define INSTRUMENT_MAX_CONTEXT_DEPTH 8u
typedef struct instrument_counting {
    uint64_t max_paths;
    unsigned context_depth;
} instrument_counting;
int instrument_module_counting(LLVMModuleRef m, const spec *s, optimize_level level,
                               const instrument_counting *c, transform_warnings *w, char *err, size_t errlen);

/* passes.c: runs the pipeline PASSES (LLVM's text form, e.g. "default<O2>") over M,
 * for target machine TM (may be NULL). Returns 0, or TRANSFORM_EBUILD with "WHAT
 * failed: LLVM's reason" in ERR. */
int transform_run_passes(LLVMModuleRef m, const char *passes, LLVMTargetMachineRef tm, const char *what,
                         char *err, size_t errlen);

/* shared_object.c: writes M as bitcode into DIR and links it with the runtime
 * library RUNTIME_LIB (libfreqsys_rt.a) into DIR/module.so, which then exports only
 * FSABI_MODULE_SYMBOL (when M defines it) and FSABI_RUNTIME_SYMBOL. *SO_PATH
 * receives a malloc'd path. */
int shared_object_build(LLVMModuleRef m, const char *dir, const char *runtime_lib, char **so_path, char *err,
                        size_t errlen);

/* Runs a command (argv[0] looked up in PATH), capturing what it prints on stderr
 * into ERR when it fails. Returns its exit status, or -1 when it could not start. */
int compile_run_tool(char *const argv[], char *err, size_t errlen);

/* Writes into BUF (SIZE bytes) the path of NAME, a mkstemp or mkdtemp template, in
 * the folder for temporary files: $TMPDIR, or /tmp when it is unset or empty.
 * Returns 0, or -1 with errno ENAMETOOLONG when the path does not fit. */
int compile_temp_path(char *buf, size_t size, const char *name);

#endif

/* freqsys/plan/code_size.c: compiles for the target through the LLVM C API and reads per-function section
 * sizes. */
/* SPDX-License-Identifier: MIT */
#include "code_size.h"
#include "profile_flags.h"
#include "spec_units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Object.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include "transform.h"

#ifndef FREQSYS_CLANG
#define FREQSYS_CLANG "clang-19"
#endif

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* The sources compiled by clang for the target, linked; NULL when one does not compile. */
static LLVMModuleRef compile_for(const spec *s, LLVMContextRef ctx, const code_target *t, int with_libc,
                                 const char *level, int no_inline, const char *profile, char *why,
                                 size_t whylen) {
    LLVMModuleRef linked = NULL;
    for (size_t i = 0; i < s->nsources; i++) {
        int header = ends_with(s->sources[i], ".h");
        if (!ends_with(s->sources[i], ".c") && !header) {
            snprintf(why, whylen, "%s is not C source", s->sources[i]);
            goto fail;
        }
        char bc[4096];
        int fd = compile_temp_path(bc, sizeof bc, "freqsys-plan-XXXXXX.bc") == 0 ? mkstemps(bc, 3) : -1;
        if (fd < 0) goto fail;
        close(fd);
        char target[160], mcpu[96];
        snprintf(target, sizeof target, "--target=%s", t->triple);
        snprintf(mcpu, sizeof mcpu, "-mcpu=%s", t->cpu);
        char *argv[80 + CODE_TARGET_MAX_FLAGS];
        size_t n = 0;
        argv[n++] = FREQSYS_CLANG;
        argv[n++] = target;
        if (t->cpu[0]) argv[n++] = mcpu;
        for (size_t k = 0; k < CODE_TARGET_MAX_FLAGS && t->flags[k]; k++) argv[n++] = (char *)t->flags[k];
        char *fixed[] = {"-c", "-emit-llvm", (char *)level, "-ffreestanding", "-ffunction-sections"};
        for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) argv[n++] = fixed[k];
        if (no_inline) {
            /* each function's code its own, and no loop copied: what the compaction
             * fragment builds, and what keeps its cycle estimate sensible */
            static char *const separate[] = {"-fno-inline", "-fno-unroll-loops", "-fno-vectorize",
                                             "-fno-slp-vectorize"};
            for (size_t k = 0; k < 4; k++) argv[n++] = separate[k];
        }
        char use[4200];
        if (profile) {
            /* the profile's counts, cold regions outlined (hot/cold splitting), names kept
             * so that machine blocks can be matched with the IR blocks' frequencies */
            snprintf(use, sizeof use, "-fprofile-instr-use=%s", profile);
            static char *const split[] = {"-mllvm",
                                          "-hot-cold-split=true",
                                          "-mllvm",
                                          "-profile-guided-section-prefix=false",
                                          "-mllvm",
                                          "-profile-summary-cutoff-cold=999000",
                                          "-fno-discard-value-names",
                                          "-Wno-profile-instr-unprofiled",
                                          "-Wno-profile-instr-out-of-date"};
            argv[n++] = use;
            for (size_t k = 0; k < sizeof split / sizeof split[0]; k++) argv[n++] = split[k];
        }
        if (with_libc) {
            argv[n++] = "-isystem";
            argv[n++] = (char *)t->libc_include;
        }
        for (size_t k = 0; k < s->ncflags && n < 56; k++) argv[n++] = s->cflags[k];
        char *const *own = spec_unit_flags(s, i);
        for (size_t k = 0; own && own[k] && n < 56; k++) argv[n++] = own[k];
        argv[n++] = "-o";
        argv[n++] = bc;
        if (header) {
            argv[n++] = "-x";
            argv[n++] = "c";
        }
        argv[n++] = s->sources[i];
        argv[n] = NULL;
        char msg[4096];
        int code = compile_run_tool(argv, msg, sizeof msg);
        LLVMMemoryBufferRef buf = NULL;
        LLVMModuleRef m = NULL;
        char *llmsg = NULL;
        if (code == 0 && !LLVMCreateMemoryBufferWithContentsOfFile(bc, &buf, &llmsg)) {
            if (LLVMParseBitcodeInContext2(ctx, buf, &m)) m = NULL;
            LLVMDisposeMemoryBuffer(buf);
        }
        if (llmsg) LLVMDisposeMessage(llmsg);
        unlink(bc);
        if (!m) {
            const char *first = strstr(msg, "error:");
            snprintf(why, whylen, "%s does not compile for %s (%.*s)", s->sources[i], t->name, 160,
                     first ? first : msg);
            char *nl = strchr(why, '\n');
            if (nl) *nl = ')', nl[1] = '\0';
            goto fail;
        }
        if (!linked)
            linked = m;
        else if (LLVMLinkModules2(linked, m)) {
            snprintf(why, whylen, "cannot link the sources");
            goto fail;
        }
    }
    return linked;
fail:
    if (linked) LLVMDisposeModule(linked);
    return NULL;
}

/* A host module made to look like the target's: the host CPU's attributes would
 * only confuse the target's code generator. */
static void retarget(LLVMModuleRef m) {
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        static const char *const attrs[] = {"target-cpu", "target-features", "tune-cpu"};
        for (size_t i = 0; i < 3; i++)
            LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, attrs[i],
                                             (unsigned)strlen(attrs[i]));
    }
}

static int host_weights(const spec *s, code_sizes *out, char *err, size_t errlen) {
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = NULL;
    int rc = compile_sources(s, ctx, &m, err, errlen);
    if (rc == 0) {
        size_t n = 0;
        for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
            if (LLVMCountBasicBlocks(f)) n++;
        out->functions = calloc(n + 1, sizeof *out->functions);
        for (LLVMValueRef f = LLVMGetFirstFunction(m); f && out->functions; f = LLVMGetNextFunction(f)) {
            unsigned nb = LLVMCountBasicBlocks(f);
            if (!nb) continue;
            size_t len;
            code_size_function *cf = &out->functions[out->n++];
            cf->name = strdup(LLVMGetValueName2(f, &len));
            cf->labels = calloc(nb, sizeof *cf->labels);
            cf->weights = calloc(nb, sizeof *cf->weights);
            for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && cf->labels && cf->weights;
                 bb = LLVMGetNextBasicBlock(bb)) {
                unsigned count = 0;
                for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) count++;
                char label[32];
                const char *name = LLVMGetBasicBlockName(bb);
                if (!name || !*name) {
                    snprintf(label, sizeof label, "bb%zu", cf->nblocks);
                    name = label;
                }
                cf->labels[cf->nblocks] = strdup(name);
                cf->weights[cf->nblocks++] = count;
            }
        }
        if (!out->functions) rc = -1;
    }
    if (m) LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return rc;
}

/* The first error LLVM reported while building for the target, and how many there
 * were. Without a handler of its own, LLVM prints such an error as "error:
 * <unknown>:0: unsupported relocation type" and ends the process, saying neither what
 * was being built nor why. */
typedef struct codegen_errors {
    char first[512];
    unsigned count;
} codegen_errors;

static void on_diagnostic(LLVMDiagnosticInfoRef info, void *ctx) {
    codegen_errors *e = ctx;
    if (LLVMGetDiagInfoSeverity(info) != LLVMDSError) return; /* warnings and remarks say nothing of sizes */
    if (e->count++ == 0) {
        char *text = LLVMGetDiagInfoDescription(info);
        const char *shown = text ? text : "an error without a message";
        /* a diagnostic with no place in a source says so first: drop it */
        if (!strncmp(shown, "<unknown>:0: ", 13)) shown += 13;
        snprintf(e->first, sizeof e->first, "%s", shown);
        if (text) LLVMDisposeMessage(text);
        size_t n = strlen(e->first);
        while (n && (e->first[n - 1] == '\n' || e->first[n - 1] == ' ')) e->first[--n] = '\0';
    }
}

/* The new pass manager's pipeline for clang's -O flag, for the retargeted host build. */
static const char *pipeline_of(const char *level) {
    if (!strcmp(level, "-Oz")) return "default<Oz>";
    if (!strcmp(level, "-O2")) return "default<O2>";
    if (!strcmp(level, "-O3")) return "default<O3>";
    return "default<Os>";
}

/* What OUT says of the C library headers the target build used. */
static void describe_libc(const code_target *t, int with_libc, code_sizes *out) {
    if (with_libc)
        snprintf(out->libc, sizeof out->libc, "C library headers: %s, %s", t->libc, t->libc_include);
    else if (t->libc_include)
        snprintf(out->libc, sizeof out->libc,
                 "no C library headers: %s is not installed (apt-get install %s)", t->libc_include,
                 t->package);
    else
        snprintf(out->libc, sizeof out->libc, "no C library headers: none known for %s", t->triple);
}

/* One section per function of M, as -ffunction-sections gives, so that a section's
 * size is its function's; and each function's instruction count after optimising. */
static void function_sections(LLVMModuleRef m, code_sizes *out) {
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        if (!LLVMCountBasicBlocks(f)) continue;
        size_t len;
        char section[600];
        snprintf(section, sizeof section, ".text.%s", LLVMGetValueName2(f, &len));
        LLVMSetSection(f, section);
        unsigned long count = 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) count++;
        for (size_t i = 0; i < out->n; i++)
            if (strcmp(out->functions[i].name, section + 6) == 0)
                out->functions[i].optimized_instructions = count;
    }
}

/* Emits M for TM and reads each function's section size into OUT. Returns 0, or -1
 * with the reason in ERR. */
static int section_sizes(LLVMTargetMachineRef tm, LLVMModuleRef m, LLVMContextRef ctx, const code_target *t,
                         code_sizes *out, char *err, size_t errlen) {
    char *msg = NULL;
    LLVMMemoryBufferRef obj = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, LLVMObjectFile, &msg, &obj)) {
        snprintf(err, errlen, "code generation for %s failed: %s", t->name, msg);
        LLVMDisposeMessage(msg);
        return -1;
    }
    LLVMBinaryRef bin = LLVMCreateBinary(obj, ctx, &msg);
    if (!bin) {
        snprintf(err, errlen, "cannot read the object: %s", msg);
        LLVMDisposeMessage(msg);
        LLVMDisposeMemoryBuffer(obj);
        return -1;
    }
    LLVMSectionIteratorRef it = LLVMObjectFileCopySectionIterator(bin);
    for (; !LLVMObjectFileIsSectionIteratorAtEnd(bin, it); LLVMMoveToNextSection(it)) {
        const char *name = LLVMGetSectionName(it);
        if (!name || strncmp(name, ".text.", 6) != 0) continue;
        for (size_t i = 0; i < out->n; i++)
            if (strcmp(out->functions[i].name, name + 6) == 0)
                out->functions[i].size = LLVMGetSectionSize(it);
        code_part *part = code_parts_find(&out->parts, name + 6);
        if (part) part->size = LLVMGetSectionSize(it);
    }
    LLVMDisposeSectionIterator(it);
    LLVMDisposeBinary(bin);
    LLVMDisposeMemoryBuffer(obj);
    return 0;
}

static int measure_sizes(const spec *s, const code_target *t, const char *level, int no_inline,
                         const char *profile, double scale, code_sizes *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    if (host_weights(s, out, err, errlen) != 0) return -1;

    LLVMInitializeAllTargetInfos();
    LLVMInitializeAllTargets();
    LLVMInitializeAllTargetMCs();
    LLVMInitializeAllAsmPrinters();
    LLVMInitializeAllAsmParsers(); /* inline assembly (__WFI(), __disable_irq()) is parsed to emit it */
    LLVMTargetRef target;
    char *msg = NULL;
    if (LLVMGetTargetFromTriple(t->triple, &target, &msg)) {
        snprintf(err, errlen, "unknown target '%s': %s", t->triple, msg);
        LLVMDisposeMessage(msg);
        return -1;
    }
    int with_libc = code_target_has_libc(t);
    describe_libc(t, with_libc, out);
    /* The run may have counted clang's own counters (-fprofile-instr-generate): the
     * target build reads a profile instead, and clang refuses both at once. */
    spec plain;
    if (profile_flags_strip(s, &plain) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    LLVMContextRef ctx = LLVMContextCreate();
    codegen_errors errors = {"", 0};
    LLVMContextSetDiagnosticHandler(ctx, on_diagnostic, &errors);
    LLVMModuleRef m =
        compile_for(&plain, ctx, t, with_libc, level, no_inline, profile, out->note, sizeof out->note);
    const char *triple = t->triple;
    char *module_triple = NULL;
    if (!m) {
        out->retargeted = 1;
        char host[4096];
        int built = compile_sources(&plain, ctx, &m, host, sizeof host);
        profile_flags_release(&plain);
        if (built != 0) {
            /* both builds' reasons: the target's is the one the user can act on first */
            snprintf(err, errlen, "%s; the host build tried instead failed too: %s", out->note, host);
            LLVMContextDispose(ctx);
            return -1;
        }
        retarget(m);
    } else {
        profile_flags_release(&plain);
        /* clang's own triple for the flags: thumbv7em-unknown-none-eabihf for hard float */
        module_triple = strdup(LLVMGetTarget(m));
        if (module_triple && *module_triple) triple = module_triple;
    }
    errors.count = 0; /* the builds' own failures (a link) were said above: what follows is code generation */
    if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
        snprintf(err, errlen, "unknown target '%s': %s", triple, msg);
        LLVMDisposeMessage(msg);
        free(module_triple);
        LLVMDisposeModule(m);
        LLVMContextDispose(ctx);
        return -1;
    }
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, t->cpu, "", LLVMCodeGenLevelDefault,
                                                      LLVMRelocStatic, LLVMCodeModelDefault);
    if (no_inline && out->retargeted) {
        unsigned kind = LLVMGetEnumAttributeKindForName("noinline", 8);
        LLVMAttributeRef never = LLVMCreateEnumAttribute(ctx, kind, 0);
        for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
            if (!LLVMCountBasicBlocks(f)) continue;
            LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                           LLVMGetEnumAttributeKindForName("alwaysinline", 12));
            LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, never);
        }
    }
    LLVMSetTarget(m, triple);
    LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
    LLVMSetModuleDataLayout(m, layout);
    LLVMDisposeTargetData(layout);

    int rc = -1;
    char what[300];
    snprintf(what, sizeof what, "optimising for %s", t->name);
    /* clang optimised the target build already, as it does for the device; the
     * retargeted host build gets the same pipeline here */
    if (out->retargeted && transform_run_passes(m, pipeline_of(level), tm, what, err, errlen) != 0) goto done;
    function_sections(m, out);
    if (profile && !out->retargeted) {
        /* the parts read from a copy: code generation changes the module it runs on */
        LLVMModuleRef copy = LLVMCloneModule(m);
        int read = copy ? code_parts_read(copy, tm, triple, t->cpu, scale, &out->parts, err, errlen) : -1;
        if (copy) LLVMDisposeModule(copy);
        if (read != 0) goto done;
    }
    if (section_sizes(tm, m, ctx, t, out, err, errlen) != 0) goto done;
    rc = 0;
done:
    if (errors.count) {
        /* what LLVM said, and which build it was about */
        if (out->retargeted)
            snprintf(err, errlen,
                     "code generation for %s failed in the host build retargeted to it, used because %s: %s",
                     t->name, out->note, errors.first);
        else
            snprintf(err, errlen, "code generation for %s failed: %s", t->name, errors.first);
        rc = -1;
    }
    free(module_triple);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    LLVMDisposeTargetMachine(tm);
    return rc;
}

const code_size_function *code_size_find(const code_sizes *c, const char *name) {
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->functions[i].name, name) == 0) return &c->functions[i];
    return NULL;
}

int code_size_measure(const spec *s, const code_target *t, const char *level, int no_inline,
                      const char *profile, double scale, code_sizes *out, char *err, size_t errlen) {
    /* a failure past the host build's weights leaves nothing for the caller to free */
    int rc = measure_sizes(s, t, level, no_inline, profile, scale, out, err, errlen);
    if (rc != 0) code_size_free(out);
    return rc;
}

void code_size_free(code_sizes *c) {
    for (size_t i = 0; i < c->n; i++) {
        code_size_function *f = &c->functions[i];
        for (size_t k = 0; k < f->nblocks; k++) free(f->labels[k]);
        free(f->labels);
        free(f->weights);
        free(f->name);
    }
    free(c->functions);
    code_parts_free(&c->parts);
    memset(c, 0, sizeof *c);
}

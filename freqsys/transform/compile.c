/* freqsys/transform/compile.c: compiles and links the program's sources into one LLVM module. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"
#include "spec_units.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#ifndef FREQSYS_CLANG
#define FREQSYS_CLANG "clang-19"
#endif

int compile_temp_path(char *buf, size_t size, const char *name) {
    const char *dir = getenv("TMPDIR");
    int n = snprintf(buf, size, "%s/%s", dir && *dir ? dir : "/tmp", name);
    if (n < 0 || (size_t)n >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return 0;
}

int compile_run_tool(char *const argv[], char *err, size_t errlen) {
    char tmpl[4096];
    int errfd = compile_temp_path(tmpl, sizeof tmpl, "freqsys-stderr-XXXXXX") == 0 ? mkstemp(tmpl) : -1;
    if (errfd < 0) {
        snprintf(err, errlen, "cannot create the temporary file %s: %s", tmpl, strerror(errno));
        return -1;
    }
    unlink(tmpl);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "cannot start %s: %s", argv[0], strerror(errno));
        close(errfd);
        return -1;
    }
    if (pid == 0) {
        dup2(errfd, 2);
        execvp(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code != 0) {
        size_t len = (size_t)snprintf(err, errlen, "%s failed (exit %d):\n", argv[0], code);
        if (len < errlen) {
            ssize_t got = pread(errfd, err + len, errlen - len - 1, 0);
            err[len + (got > 0 ? (size_t)got : 0)] = '\0';
        }
    }
    close(errfd);
    return code;
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Compiles source I of S (C, or a header compiled as C) to bitcode. */
static int compile_c(const spec *s, size_t i, LLVMContextRef ctx, LLVMModuleRef *out, char *err,
                     size_t errlen) {
    return compile_c_file(s, s->sources[i], spec_unit_flags(s, i), s->units && s->units[i].header, ctx, out,
                          err, errlen);
}

int compile_c_file(const spec *s, const char *path, char *const *own, int header, LLVMContextRef ctx,
                   LLVMModuleRef *out, char *err, size_t errlen) {
    size_t nown = 0;
    while (own && own[nown]) nown++;
    char bc[4096];
    int fd = compile_temp_path(bc, sizeof bc, "freqsys-XXXXXX.bc") == 0 ? mkstemps(bc, 3) : -1;
    if (fd < 0) {
        snprintf(err, errlen, "cannot create the temporary file %s: %s", bc, strerror(errno));
        return TRANSFORM_EBUILD;
    }
    close(fd);
    /* -O0 keeps every source-level block; disable-O0-optnone lets O2 run after we
     * instrument; value names give blocks and variables their source names. */
    char *fixed[] = {
        FREQSYS_CLANG,        "-c", "-emit-llvm", "-O0", "-g", "-fPIC", "-fno-discard-value-names", "-Xclang",
        "-disable-O0-optnone"};
    size_t nfixed = sizeof fixed / sizeof fixed[0];
    char **argv = malloc((nfixed + s->ncflags + nown + 6) * sizeof *argv);
    if (!argv) {
        snprintf(err, errlen, "out of memory");
        unlink(bc);
        return TRANSFORM_EBUILD;
    }
    size_t n = 0;
    for (size_t k = 0; k < nfixed; k++) argv[n++] = fixed[k];
    for (size_t k = 0; k < s->ncflags; k++) argv[n++] = s->cflags[k];
    for (size_t k = 0; k < nown; k++) argv[n++] = own[k];
    argv[n++] = "-o";
    argv[n++] = bc;
    if (header) {
        argv[n++] = "-x";
        argv[n++] = "c";
    } /* header-only code */
    argv[n++] = (char *)path;
    argv[n] = NULL;
    char msg[8192];
    int code = compile_run_tool(argv, msg, sizeof msg);
    free(argv);
    if (code != 0) {
        snprintf(err, errlen, "cannot compile %s: %s", path, msg);
        unlink(bc);
        return TRANSFORM_EBUILD;
    }
    LLVMMemoryBufferRef buf;
    char *llmsg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(bc, &buf, &llmsg)) {
        snprintf(err, errlen, "cannot read %s: %s", bc, llmsg);
        LLVMDisposeMessage(llmsg);
        unlink(bc);
        return TRANSFORM_EBUILD;
    }
    unlink(bc);
    if (LLVMParseBitcodeInContext2(ctx, buf, out)) {
        snprintf(err, errlen, "cannot parse the bitcode of %s", path);
        LLVMDisposeMemoryBuffer(buf);
        return TRANSFORM_EBUILD;
    }
    LLVMDisposeMemoryBuffer(buf);
    return 0;
}

/* Reads textual IR (.ll) or bitcode (.bc); IR readers take the buffer's ownership. */
static int read_ir(const char *path, LLVMContextRef ctx, LLVMModuleRef *out, char *err, size_t errlen) {
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
        snprintf(err, errlen, "cannot read %s: %s", path, msg);
        LLVMDisposeMessage(msg);
        return TRANSFORM_EBUILD;
    }
    if (ends_with(path, ".bc")) {
        LLVMBool bad = LLVMParseBitcodeInContext2(ctx, buf, out);
        LLVMDisposeMemoryBuffer(buf);
        if (bad) {
            snprintf(err, errlen, "%s: not valid LLVM bitcode", path);
            return TRANSFORM_EBUILD;
        }
        return 0;
    }
    if (LLVMParseIRInContext(ctx, buf, out, &msg)) {
        snprintf(err, errlen, "%s: %s", path, msg);
        LLVMDisposeMessage(msg);
        return TRANSFORM_EBUILD;
    }
    return 0;
}

/* Whether M defines main. */
static int defines_main(LLVMModuleRef m) {
    LLVMValueRef fn = LLVMGetNamedFunction(m, "main");
    return fn && LLVMCountBasicBlocks(fn) > 0;
}

/* Appends PATH to the list of sources defining main in BUF. */
static void name_main(char *buf, size_t size, const char *path) {
    size_t len = strlen(buf);
    if (len + 1 < size) snprintf(buf + len, size - len, "%s%s", len ? ", " : "", path);
}

int compile_sources(const spec *s, LLVMContextRef ctx, LLVMModuleRef *out, char *err, size_t errlen) {
    LLVMModuleRef linked = NULL;
    *out = NULL; /* callers may dispose *OUT after a failure */
    char mains[2048] = "";
    size_t nmains = 0;
    for (size_t i = 0; i < s->nsources; i++) {
        const char *path = s->sources[i];
        LLVMModuleRef m = NULL;
        int rc = ends_with(path, ".ll") || ends_with(path, ".bc") ? read_ir(path, ctx, &m, err, errlen)
                                                                  : compile_c(s, i, ctx, &m, err, errlen);
        if (rc != 0) {
            if (linked) LLVMDisposeModule(linked);
            return rc;
        }
        if (defines_main(m)) {
            nmains++;
            name_main(mains, sizeof mains, path);
        }
        if (nmains > 1) {
            LLVMDisposeModule(m);
            if (linked) LLVMDisposeModule(linked);
            snprintf(err, errlen,
                     "main is defined in more than one source: %s (tests and tools have their "
                     "own; name the sources to count with a 'program' line)",
                     mains);
            return TRANSFORM_EBUILD;
        }
        if (!linked) {
            linked = m;
        } else if (LLVMLinkModules2(linked, m)) { /* disposes m either way */
            snprintf(err, errlen,
                     "cannot link %s with the sources before it "
                     "(a symbol defined twice?)",
                     path);
            LLVMDisposeModule(linked);
            return TRANSFORM_EBUILD;
        }
    }
    *out = linked;
    return 0;
}

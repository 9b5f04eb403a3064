/* tests/e2e/module_runtime-t.c: the instrumented module carries its runtime: it runs a program that reuses
 * the runtime's internal names, exports only the descriptor and the runtime table, and freqsys without the
 * runtime library says so. */
/* SPDX-License-Identifier: MIT */
#include <dlfcn.h>
#include <sys/stat.h>
#include "tap.h"
#include "e2e.h"
#include "freqsys/abi.h"
#include "runtime_table.h"

/* The folder that `run --keep` named on stderr ERR, into DIR; 0 when found. */
static int kept_folder(const char *err, char *dir, size_t size) {
    const char *at = strstr(err, "build files kept in ");
    if (!at) return -1;
    at += strlen("build files kept in ");
    size_t n = strcspn(at, "\n");
    if (n >= size) return -1;
    memcpy(dir, at, n);
    dir[n] = '\0';
    return 0;
}

/* Copies the file FROM to TO with mode 0755; 0 on success. */
static int copy_file(const char *from, const char *to) {
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    char buf[1 << 16];
    size_t n;
    int rc = in && out ? 0 : -1;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n) rc = -1;
    if (in) fclose(in);
    if (out && fclose(out) != 0) rc = -1;
    return rc == 0 ? chmod(to, 0755) : -1;
}

/* Runs TOOL ARGS in the source folder, stderr into ERR; the exit status. */
static int run_tool(const char *tool, const char *args, char *err, size_t errlen) {
    char cmd[8192], errfile[2048];
    snprintf(errfile, sizeof errfile, "%s", tmp_path("tool-stderr"));
    snprintf(cmd, sizeof cmd, "cd '%s' && TMPDIR='%s' '%s' %s >/dev/null 2>'%s'", FREQSYS_SOURCE_DIR,
             tmp_dir(), tool, args, errfile);
    int status = system(cmd);
    FILE *f = fopen(errfile, "r");
    size_t n = f ? fread(err, 1, errlen - 1, f) : 0;
    err[n] = '\0';
    if (f) fclose(f);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void) {
    plan(12);
    char err[8192];

    /* x ~ uniform_int(0, 9), enumerated: the loop of the program's own dist_sample
     * runs E[x] = 4.5 times, the branch on its own runtime_run_trial (x % 4 == 1:
     * x = 1, 5, 9) 0.3 times, its runtime_fail never. Were the runtime's references
     * bound to these, or the program's to the runtime's, the module would not link,
     * or its draws and counts would be other. */
    int code =
        e2e_runf(err, sizeof err, "run tests/e2e/programs/namesakes.fspec -q --keep -o \"$TMPDIR/n.json\"");
    if (!is_int(code, 0, "a program with the runtime's internal names runs")) diag("%s", err);
    char rerr[1024];
    result *r = e2e_result(tmp_path("n.json"), rerr, sizeof rerr);
    if (!r) diag("%s", rerr);
    const result_block *body = e2e_block_at(r, "dist_sample", 12, "for.body");
    const result_block *then = e2e_block_at(r, "main", 32, "if.then");
    const result_block *fail = e2e_block(r, "runtime_fail", "entry");
    ok(r && r->sampling && !strcmp(r->sampling, "enumerated") && r->trials == 10, "enumerated in 10 runs");
    ok(body && body->mean == 4.5 && body->half_width == 0,
       "its dist_sample's loop body: 4.5 per run, exactly (%g)", body ? body->mean : -1);
    ok(then && then->mean == 0.3 && fail && fail->mean == 0,
       "its runtime_run_trial's branch 0.3 per run, its runtime_fail never (%g, %g)", then ? then->mean : -1,
       fail ? fail->mean : -1);
    result_free(r);

    /* What the kept module.so shows the process that loads it. */
    char dir[2048], so[2200];
    if (kept_folder(err, dir, sizeof dir) != 0) bail("run --keep named no folder: %s", err);
    snprintf(so, sizeof so, "%s/module.so", dir);
    void *handle = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!handle) bail("cannot load %s: %s", so, dlerror());
    const fsabi_module *mod = dlsym(handle, FSABI_MODULE_SYMBOL);
    const runtime_table *rt = dlsym(handle, FSABI_RUNTIME_SYMBOL);
    ok(mod && mod->abi_version == FSABI_VERSION, "module.so exports the descriptor");
    ok(rt && runtime_table_check(rt, rerr, sizeof rerr) == 0 && rt->run_trial && rt->bind && rt->draw_stdin,
       "module.so exports the runtime table of this build");
    static const char *const hidden[] = {"freqsys_rt_read_int",  "freqsys_rt_exit",   "dist_sample",
                                         "runtime_state_object", "runtime_run_trial", "runtime_bind",
                                         "dist_rng_philox"};
    int shown = 0;
    for (size_t i = 0; i < sizeof hidden / sizeof hidden[0]; i++)
        if (dlsym(handle, hidden[i])) diag("module.so exports %s", hidden[i]), shown++;
    is_int(shown, 0,
           "nothing else: neither the runtime's entry points and internals nor the program's own names");
    dlclose(handle);

    /* freqsys alone, without the library beside it or in ../lib/freqsys */
    char alone[2048], tool[2200];
    snprintf(alone, sizeof alone, "%s", tmp_path("alone"));
    snprintf(tool, sizeof tool, "%s/freqsys", alone);
    if (mkdir(alone, 0755) != 0 || copy_file(FREQSYS_TOOL, tool) != 0)
        bail("cannot copy freqsys into %s", alone);
    code = run_tool(tool, "run examples/newton/newton.fspec -q", err, sizeof err);
    is_int(code, 3, "freqsys run without its runtime library: exit status 3");
    ok(strstr(err, "cannot find the runtime library libfreqsys_rt.a") != NULL, "which it names");
    char place[2300];
    snprintf(place, sizeof place, "%s/../lib/freqsys/libfreqsys_rt.a", alone);
    ok(strstr(err, place) != NULL, "with where it looked, relative to the executable");
    if (!strstr(err, place)) diag("%s", err);
    code = run_tool(tool, "draw tests/e2e/programs/stdin_chars.fspec -n 1 -o \"$TMPDIR/drawn\"", err,
                    sizeof err);
    is_int(code, 3, "freqsys draw without it: exit status 3");
    ok(strstr(err, "libfreqsys_rt.a") != NULL, "naming it too");
    tmp_remove(alone);
    return done();
}

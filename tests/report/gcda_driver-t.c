/* tests/report/gcda_driver-t.c: the gcda export's calls driver replays draw's listings, and says which call
 * it cannot. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"
#include "gcda_driver.h"

/* Writes TEXT (LEN bytes) to TOOLS_DIR/NAME. */
static void put(const char *name, const char *text, size_t len) {
    FILE *f = fopen(tools_path(name), "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) bail("cannot write %s", tools_path(name));
}

static void put_text(const char *name, const char *text) {
    put(name, text, strlen(text));
}

/* A listing as freqsys draw writes it: N, the bytes of S in their file, MAYBE NULL. */
static void listing(const char *stem, int call, int n, int with_n, int with_file) {
    char name[256], text[1024], file[256];
    snprintf(file, sizeof file, "%s-call-%03d.s", stem, call);
    snprintf(name, sizeof name, "%s-call-%03d.txt", stem, call);
    snprintf(text, sizeof text, "# scale, %s, call %d\n%s%d\ns = \"ab\" (3 bytes, in %s)\nmaybe = NULL\n",
             stem, call, with_n ? "n = " : "m = ", n, file);
    put_text(name, text);
    if (with_file) put(file, "ab", 3);
}

/* Runs the driver on trial STEM: its exit status; *OUT its output, *FAULTS what it said
 * in the faults file (to free; NULL when it wrote none). */
static int replay(const char *stem, char **out, char **faults) {
    char cmd[4096];
    unlink(tools_path("faults"));
    snprintf(cmd, sizeof cmd, "echo '%s/%s' | FREQSYS_REPLAY_FAULTS='%s' '%s'", tools_dir, stem,
             tools_path("faults"), tools_path("driver"));
    int code = tools_sh(cmd, out, NULL);
    *faults = tools_slurp(tools_path("faults"));
    return code;
}

int main(void) {
    plan(9);
    tools_tmpdir();
    tools_need(GCC_PROGRAM, "gcc", "gcc");
    put_text("entry.txt", "scale\ni32 n\nptr s\nptr maybe\nreturn i32\n");
    char entry[256], err[1024];
    int rc = gcda_driver_write(tools_path("entry.txt"), tools_path("driver.c"), entry, sizeof entry, err,
                               sizeof err);
    if (!ok(rc == 0 && !strcmp(entry, "scale"), "the driver is written for entry %s", rc == 0 ? entry : err))
        bail("%s", err);
    /* the entry prints what it was given, as the function under GCC's counters would use it */
    put_text("entry.c", "#include <stdio.h>\n"
                        "int scale(int n, void *s, void *maybe) {\n"
                        "    printf(\"%d %s %s\\n\", n, (const char *)s, maybe ? \"bytes\" : \"NULL\");\n"
                        "    return n;\n"
                        "}\n");
    char cmd[4096], *out = NULL, *faults = NULL;
    snprintf(cmd, sizeof cmd, "'%s' -w -o '%s' '%s' '%s'", GCC_PROGRAM, tools_path("driver"),
             tools_path("driver.c"), tools_path("entry.c"));
    if (!ok(tools_sh(cmd, NULL, &out) == 0, "gcc compiles it with an entry of that signature"))
        bail("%s", out ? out : "");
    free(out);

    listing("trial-000000", 1, 5, 1, 1);
    listing("trial-000000", 2, 7, 1, 1);
    int code = replay("trial-000000", &out, &faults);
    ok(code == 0 && out && !strcmp(out, "5 ab NULL\n7 ab NULL\n"),
       "a trial's two calls, in order (exit %d): %s", code, out ? out : "");
    ok(!faults, "...and no fault is said");
    free(out);
    free(faults);

    listing("trial-000001", 1, 5, 1, 1);
    listing("trial-000001", 2, 9, 0, 1);
    code = replay("trial-000001", &out, &faults);
    ok(code == 4, "a listing without n ends the run with 4 (got %d)", code);
    ok(faults && strstr(faults, "trial-000001-call-002.txt: lists no value for n"), "...and says which: %s",
       faults ? faults : "(nothing)");
    ok(out && !strcmp(out, "5 ab NULL\n"), "...after the calls before it: %s", out ? out : "");
    free(out);
    free(faults);

    listing("trial-000002", 1, 5, 1, 0);
    code = replay("trial-000002", &out, &faults);
    ok(code == 4, "a pointer's bytes missing ends the run with 4 (got %d)", code);
    ok(faults && strstr(faults, "trial-000002-call-001.txt: has no file of the bytes of s"),
       "...and says which: %s", faults ? faults : "(nothing)");
    free(out);
    free(faults);
    tools_cleanup();
    return done();
}

/* tests/e2e/check_unbounded-t.c: `freqsys check --unbounded` lists each function and loop without a bound,
 * with its reason, and nothing bounded. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "e2e.h"

/* The line of TEXT that starts with PREFIX, or NULL. */
static const char *line_starting(const char *text, const char *prefix) {
    for (const char *at = text; at && *at; at = strchr(at, '\n') ? strchr(at, '\n') + 1 : NULL)
        if (!strncmp(at, prefix, strlen(prefix))) return at;
    return NULL;
}

/* Whether the line of TEXT that starts with PREFIX says WHY. */
static int says(const char *text, const char *prefix, const char *why) {
    const char *at = line_starting(text, prefix);
    if (!at) return 0;
    const char *end = strchr(at, '\n');
    const char *found = strstr(at, why);
    return found && (!end || found < end);
}

int main(void) {
    plan(17);
    static char out[1 << 16];
    const char *spec = "tests/e2e/programs/unbounded_reasons.fspec";
    char args[1024];
    snprintf(args, sizeof args, "check --unbounded %s", spec);
    int code = e2e_stdout(args, out, sizeof out);
    if (!is_int(code, 0, "check --unbounded exits 0")) diag("%s", out);
    ok(line_starting(out, "unbounded: 4 of 6 functions; 1 of 2 loops in the functions with a bound\n") !=
           NULL,
       "the summary: 4 of 6 functions, and 1 of the 2 loops of the entry");
    ok(says(out, "  function depth ", "recursive"), "depth: recursive");
    ok(says(out, "  function jumps ", "calls setjmp"), "jumps: setjmp, whose result is not tested against 0");
    ok(says(out, "  function twice ",
            "called through a pointer from unbounded_reasons.c:35 in reasons, which has no bound"),
       "twice: called through a pointer, from the loop without a bound");
    ok(says(out, "  function step ", "called from unbounded_reasons.c:35 in reasons, which has no bound"),
       "step: called from the loop without a bound, named by its line");
    ok(says(out, "  loop unbounded_reasons.c:34 in reasons: ", "`cap unbounded_reasons.c:34 N`"),
       "the Collatz loop, with the cap line that would state its iterations");
    ok(!line_starting(out, "  function once ") && !line_starting(out, "  function reasons "),
       "neither the entry nor once, called once from it, is listed");
    ok(!line_starting(out, "  loop unbounded_reasons.c:32 "), "nor the counted loop");
    snprintf(args, sizeof args, "check %s", spec);
    code = e2e_stdout(args, out, sizeof out);
    ok(code == 0 && !strstr(out, "unbounded:"), "without --unbounded, check lists nothing");
    code = e2e_stdout("check --unbound tests/e2e/programs/unbounded_reasons.fspec", out, sizeof out);
    is_int(code, 2, "an unknown option is a usage error");

    /* a comparator qsort is given: qsort may call any function it is given */
    code = e2e_stdout("check --unbounded tests/e2e/programs/pointers_sorted.fspec", out, sizeof out);
    ok(code == 0 && says(out, "  function ascending ", "its address reaches code outside the program"),
       "ascending: its address is given to qsort");
    ok(says(out, "  function twice ", "the program calls qsort, which may call any function it is given"),
       "twice, in a table: the program calls qsort, which could call it");

    /* a loop inside a loop without a bound: the outer one is the one to state */
    code = e2e_stdout("check --unbounded tests/e2e/programs/nested_open.fspec", out, sizeof out);
    ok(code == 0 && says(out, "  loop nested_open.c:6 in nested: ", "`cap nested_open.c:6 N`"),
       "the outer loop, with its cap line");
    ok(says(out,
            "  loop nested_open.c:7 in nested: ", "inside the loop at nested_open.c:6, which has no bound"),
       "the inner one: inside it, not a loop no rule reaches");
    static const char nested[] = "program \"" FREQSYS_SOURCE_DIR "/tests/e2e/programs/nested_open.c\"\n"
                                 "function \"nested\"\narg s ~ string(constant(8), \"abz\")\nepsilon 0.1\n";
    char text[1024], err[4096];
    snprintf(text, sizeof text, "%scap nested_open.c:7 3\n", nested);
    code = e2e_check_spec(text, err, sizeof err);
    if (!is_int(code, 0, "a cap on the inner loop's line is a loop's cap, though the outer one has none"))
        diag("%s", err);
    snprintf(text, sizeof text, "%scap nested_open.c:8 3\n", nested);
    code = e2e_check_spec(text, err, sizeof err);
    ok(code == 2 && strstr(err, "no loop has its header at line 8"), "a cap on the line of its body is not");
    return done();
}

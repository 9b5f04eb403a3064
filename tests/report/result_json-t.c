/* tests/report/result_json-t.c: checks JSON output, key order, round trips and reader errors. */
/* SPDX-License-Identifier: MIT */
#include "fixture.h"
#include "tap.h"
#include "tmp.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static const char want_program[] = "{\n"
                                   "  \"format\": \"freqsys-result\",\n"
                                   "  \"version\": 1,\n"
                                   "  \"spec\": \"examples/newton/newton.spec\",\n"
                                   "  \"mode\": \"program\",\n"
                                   "  \"entry\": \"main\",\n"
                                   "  \"epsilon\": 0.3,\n"
                                   "  \"relative\": false,\n"
                                   "  \"confidence\": 0.95,\n"
                                   "  \"seed\": 1,\n"
                                   "  \"trials\": 18431,\n"
                                   "  \"crashes\": 0,\n"
                                   "  \"timeouts\": 0,\n"
                                   "  \"converged\": true,\n"
                                   "  \"blocks\": [\n"
                                   "    {\n"
                                   "      \"function\": \"main\",\n"
                                   "      \"block\": \"entry\",\n"
                                   "      \"file\": \"newton.c\",\n"
                                   "      \"line\": 5,\n"
                                   "      \"mean\": 1.0,\n"
                                   "      \"stddev\": 0.0,\n"
                                   "      \"half_width\": 0.0,\n"
                                   "      \"min\": 1,\n"
                                   "      \"max\": 1,\n"
                                   "      \"status\": \"constant\",\n"
                                   "      \"hits\": 18431,\n"
                                   "      \"method\": \"observed\",\n"
                                   "      \"p_upper\": 0.0,\n"
                                   "      \"successors\": [],\n"
                                   "      \"callees\": []\n"
                                   "    },\n"
                                   "    {\n"
                                   "      \"function\": \"main\",\n"
                                   "      \"block\": \"while.body\",\n"
                                   "      \"file\": \"newton.c\",\n"
                                   "      \"line\": 12,\n"
                                   "      \"mean\": 8.25123456789,\n"
                                   "      \"stddev\": 1.1,\n"
                                   "      \"half_width\": 0.05,\n"
                                   "      \"min\": 0,\n"
                                   "      \"max\": 11,\n"
                                   "      \"status\": \"converged\",\n"
                                   "      \"hits\": 18002,\n"
                                   "      \"method\": \"clt\",\n"
                                   "      \"p_upper\": 0.0,\n"
                                   "      \"successors\": [],\n"
                                   "      \"callees\": []\n"
                                   "    },\n"
                                   "    {\n"
                                   "      \"function\": \"main\",\n"
                                   "      \"block\": \"if.then\",\n"
                                   "      \"file\": \"newton.c\",\n"
                                   "      \"line\": 15,\n"
                                   "      \"mean\": 0.0,\n"
                                   "      \"stddev\": 0.0,\n"
                                   "      \"half_width\": 0.0,\n"
                                   "      \"min\": 0,\n"
                                   "      \"max\": 0,\n"
                                   "      \"status\": \"rare\",\n"
                                   "      \"hits\": 0,\n"
                                   "      \"method\": \"binomial\",\n"
                                   "      \"p_upper\": 0.00016276924746351257,\n"
                                   "      \"successors\": [],\n"
                                   "      \"callees\": []\n"
                                   "    }\n"
                                   "  ],\n"
                                   "  \"interrupted\": false,\n"
                                   "  \"failures\": [],\n"
                                   "  \"functions\": [],\n"
                                   "  \"mmio_writes\": [],\n"
                                   "  \"jobs\": 4,\n"
                                   "  \"elapsed_s\": 2.3125,\n"
                                   "  \"trials_per_s\": 7970.16\n"
                                   "}\n";

static const char *dir;

/* The status of the last read_back. */
static int last_status;

/* result_read_json of PATH: the result, or NULL (its status in last_status, the
 * message in ERR). A status that disagrees with the result ends the test. */
static result *read_back(const char *path, char *err, size_t errlen) {
    result *r = (result *)&last_status; /* not NULL, so a failure must clear it */
    last_status = result_read_json(path, &r, err, errlen);
    if ((last_status == RESULT_OK) != (r != NULL)) bail("status %d with result %p", last_status, (void *)r);
    return r;
}

/* Reals that are hard to print short and exact: each must come back bit for bit. */
static const struct {
    double x;
    const char *text;
} reals[] = {
    {0.1, "0.1"},
    {1.0 / 3, "0.3333333333333333"},
    {1e-300, "1e-300"},
    {5e-324, "5e-324"},
    {1e22, "1e22"},
    {123456789.123, "123456789.123"},
    {100, "100.0"},
    {-0.0, "-0.0"},
    {2.5e-5, "2.5e-5"},
    {1.7976931348623157e308, "1.7976931348623157e308"},
    {9007199254740993.0, "9007199254740992.0"},
    {-7.25, "-7.25"},
};
#define NREALS (sizeof reals / sizeof reals[0])

/* Writes each of REALS as a block's mean, reads the file back and checks the text and
 * the bits of every value. */
static void shortest_reals(const char *path) {
    result *r = sample_program();
    result_block *b = realloc(r->blocks, NREALS * sizeof *b);
    if (!b) bail("out of memory");
    r->blocks = b;
    memset(b + r->nblocks, 0, (NREALS - r->nblocks) * sizeof *b);
    for (size_t i = r->nblocks; i < NREALS; i++)
        block(&b[i], "main", "x", "x.c", 1, 0, 0, 0, 0, 0, 0, "converged", "clt", 0);
    r->nblocks = NREALS;
    for (size_t i = 0; i < NREALS; i++) b[i].mean = reals[i].x;
    int rc;
    char *text = capture(result_write_json, r, &rc), want[80], err[256] = "";
    for (size_t i = 0; i < NREALS; i++) {
        snprintf(want, sizeof want, "\"mean\": %s,\n", reals[i].text);
        ok(strstr(text, want) != NULL, "%.17g is written as %s", reals[i].x, reals[i].text);
    }
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) == EOF || fclose(f) != 0) bail("cannot write %s", path);
    result *back = read_back(path, err, sizeof err);
    int same = back && back->nblocks == NREALS;
    for (size_t i = 0; same && i < NREALS; i++)
        same = memcmp(&back->blocks[i].mean, &reals[i].x, sizeof(double)) == 0;
    ok(same, "...and every one reads back bit for bit%s%s", *err ? ": " : "", err);
    char *again = back ? capture(result_write_json, back, &rc) : NULL;
    is_string(again, text, "...and writes the same bytes again");
    free(again);
    free(text);
    result_free(back);
    result_free(r);
}

/* Writes CONTENT to DIR/NAME and returns the path (static storage, one at a time). */
static const char *put(const char *name, const char *content) {
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f || fputs(content, f) == EOF || fclose(f) != 0) bail("cannot write %s", path);
    return path;
}

/* The keys of object O in their order, space-separated. */
static void keys(json_t *o, char *buf, size_t n) {
    buf[0] = '\0';
    for (void *it = json_object_iter(o); it; it = json_object_iter_next(o, it)) {
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, "%s%s", len ? " " : "", json_object_iter_key(it));
    }
}

/* Adds to R two paths of main, a counted function and two that are not. */
static void with_paths(result *r) {
    r->max_paths = 4096;
    r->npaths = 2;
    r->paths = calloc(2, sizeof *r->paths);
    for (size_t i = 0; i < 2; i++) {
        result_path *p = &r->paths[i];
        p->function = strdup("main");
        p->id = i;
        p->nblocks = 2;
        p->blocks = calloc(2, sizeof *p->blocks);
        p->blocks[0] = strdup(i ? "while.body" : "entry");
        p->blocks[1] = strdup("while.body");
        p->back_to = i ? strdup("while.body") : NULL;
        p->mean = i ? 7.25 : 1;
        p->half_width = 0.125;
        p->status = strdup("converged");
        p->method = strdup("clt");
        p->basis = strdup("plug_in");
        p->range = 11;
        p->max_runs = NAN;
        p->max = 11;
    }
    r->npath_functions = 3;
    r->path_functions = calloc(3, sizeof *r->path_functions);
    r->path_functions[0] = (result_path_function){strdup("main"), 2, 1, NULL, 0, 0, 0, 0, NAN};
    r->path_functions[1] = (result_path_function){
        strdup("big"), 12000, 0, strdup("not counted: 12000 paths > limit 4096"), 0, 0, 0, 0, NAN};
    r->path_functions[2] = (result_path_function){
        strdup("jumps"), UINT64_MAX, 0, strdup("not counted: setjmp"), 0, 0, 0, 0, NAN};
}

/* Writes R, reads it back and writes again: both texts must be the same bytes. */
static void round_trip(result *r, const char *name) {
    int rc;
    char err[256] = "";
    char *first = capture(result_write_json, r, &rc);
    result *back = read_back(put("trip.json", first), err, sizeof err);
    ok(back != NULL, "%s: the written JSON reads back%s%s", name, *err ? ": " : "", err);
    if (!back) {
        ok(0, "%s: ...and writes the same bytes", name);
        free(first);
        return;
    }
    char *second = capture(result_write_json, back, &rc);
    is_string(second, first, "%s: ...and writes the same bytes", name);
    free(first);
    free(second);
    result_free(back);
}

/* The pages of address space this process holds now (/proc/self/statm). */
static size_t address_space_now(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!f || fscanf(f, "%lu", &pages) != 1) bail("cannot read /proc/self/statm");
    fclose(f);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* Writes a result whose "blocks" hold two million small objects, then reads it in a
 * child whose address space may grow by 4 MB at most: the read's status (from the
 * child's exit status, negated). */
static int status_with_little_memory(void) {
    char path[300];
    snprintf(path, sizeof path, "%s/huge.json", dir);
    FILE *f = fopen(path, "w");
    if (!f || fputs("{\"format\":\"freqsys-result\",\"version\":1,\"blocks\":[{}", f) == EOF)
        bail("cannot write %s", path);
    for (size_t i = 1; i < 2000000; i++) fputs(",{}", f);
    if (fputs("]}\n", f) == EOF || fclose(f) != 0) bail("cannot write %s", path);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) bail("cannot fork");
    if (pid == 0) {
        struct rlimit lim;
        lim.rlim_cur = lim.rlim_max = address_space_now() + (4u << 20);
        if (setrlimit(RLIMIT_AS, &lim) != 0) _exit(100);
        result *r = NULL;
        char err[256];
        int status = result_read_json(path, &r, err, sizeof err);
        _exit(r ? 101 : -status);
    }
    int wstatus;
    int got = waitpid(pid, &wstatus, 0) == pid && WIFEXITED(wstatus) ? -WEXITSTATUS(wstatus) : 1000;
    unlink(path);
    return got;
}

/* Reads CONTENT as NAME and expects failure with STATUS and message WANT (after "DIR/NAME"). */
static void refuses(const char *name, const char *content, int status, const char *want, const char *what) {
    char err[256] = "", expect[512];
    const char *path = put(name, content);
    snprintf(expect, sizeof expect, "%s%s", path, want);
    result *r = read_back(path, err, sizeof err);
    ok(r == NULL && last_status == status, "%s: refused, status %d (%d)", what, status, last_status);
    is_string(err, expect, "...with the message");
    result_free(r);
}

/* A contract-only document whose fields are given in place of "@". */
static char *doc(const char *top, const char *block) {
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "{\"format\":\"freqsys-result\",\"version\":1,%s\"mode\":\"program\","
             "\"entry\":\"main\",\"epsilon\":0.3,\"relative\":false,\"confidence\":0.95,"
             "\"seed\":1,\"trials\":40,\"crashes\":0,\"timeouts\":0,\"converged\":true,"
             "\"blocks\":[{\"function\":\"main\",\"block\":\"entry\",\"file\":\"n.c\","
             "\"line\":3,%s\"stddev\":0,\"half_width\":0,\"min\":1,\"max\":1,"
             "\"status\":\"constant\"}]}\n",
             top, block);
    return buf;
}

int main(void) {
    plan(54 + (int)NREALS + 2 + 5 + 5 + 3 + 3 + 5);
    dir = tmp_dir();
    int rc;
    char err[256];

    /* Exact text, which fixes the key order, indentation and number forms. */
    result *r = sample_program();
    char *got = capture(result_write_json, r, &rc);
    is_int(rc, 0, "program mode: the writer succeeds");
    is_string(got, want_program, "program mode: the JSON is exact");

    /* Key order, read back by a JSON parser that keeps it. */
    char order[1024];
    json_t *parsed = json_loads(got, 0, NULL);
    if (!parsed) bail("the writer's JSON does not parse");
    keys(parsed, order, sizeof order);
    is_string(order,
              "format version spec mode entry epsilon relative confidence seed trials crashes "
              "timeouts converged blocks interrupted failures functions mmio_writes jobs elapsed_s "
              "trials_per_s",
              "top-level keys: the contract's first, in its order, timing fields last");
    keys(json_array_get(json_object_get(parsed, "blocks"), 0), order, sizeof order);
    is_string(order,
              "function block file line mean stddev half_width min max status hits method "
              "p_upper successors callees",
              "block keys: the contract's first, in its order");
    json_decref(parsed);
    free(got);

    /* Reading fills every field. */
    result *back = read_back(put("program.json", want_program), err, sizeof err);
    if (!back) bail("reading the expected JSON failed: %s", err);
    is_string(back->spec, "examples/newton/newton.spec", "read: spec");
    ok(back->epsilon == 0.3 && back->confidence == 0.95, "read: epsilon and confidence exact");
    ok(back->seed == 1 && back->trials == 18431 && back->converged && !back->relative,
       "read: seed, trials, converged, relative");
    is_int((long long)back->nblocks, 3, "read: three blocks");
    ok(back->blocks[1].mean == 8.25123456789, "read: a mean is the same double");
    ok(back->blocks[2].p_upper == 3.0 / 18431, "read: p_upper is the same double");
    is_string(back->blocks[1].method, "clt", "read: method");
    ok(back->blocks[0].hits == 18431 && back->blocks[1].max == 11, "read: hits and max");
    is_int(back->jobs, 4, "read: jobs");
    is_double(back->elapsed_s, 2.3125, 0, "read: elapsed_s");
    result_free(back);
    result_free(r);

    /* Round trips. */
    r = sample_program();
    round_trip(r, "program mode");
    result_free(r);
    r = sample_program();
    with_paths(r);
    round_trip(r, "with paths");
    char *text = capture(result_write_json, r, &rc);
    ok(text && strstr(text, "\"paths\": null") &&
           strstr(text, "\"note\": \"not counted: 12000 paths > limit 4096\"") &&
           strstr(text, "\"back_to\": \"while.body\""),
       "with paths: an unknown count is null; the note and back_to are written");
    free(text);
    result_free(r);
    refuses("paths.json",
            doc("\"spec\":\"s\",\"paths\":[{\"function\":\"main\",\"id\":0,\"blocks\":[\"entry\"],\"mean\":1,"
                "\"half_width\":0,\"status\":\"constant\"}],",
                "\"mean\":1,"),
            RESULT_EFORMAT, ": 'paths' needs 'max_paths', the limit they were counted under",
            "paths without max_paths");
    /* sensitivities: written only when asked for, read back, a block index checked */
    r = sample_program();
    r->has_sensitivities = 1;
    r->sensitivities = calloc(2, sizeof *r->sensitivities);
    r->sensitivity_skipped = calloc(1, sizeof *r->sensitivity_skipped);
    r->sensitivities[0] = (result_sensitivity){1, strdup("n"), strdup("l"), 4, 0.998, 0.007};
    r->sensitivities[1] = (result_sensitivity){2, strdup("x"), strdup("mu"), 0.5, -0.193, NAN};
    r->nsensitivities = 2;
    r->sensitivity_skipped[0] = (result_sensitivity_skip){strdup("k"), strdup("a")};
    r->nsensitivity_skipped = 1;
    round_trip(r, "with sensitivities");
    got = capture(result_write_json, r, &rc);
    back = read_back(put("sens.json", got), err, sizeof err);
    ok(back && back->has_sensitivities && back->nsensitivities == 2 && back->sensitivities[0].block == 1 &&
           back->sensitivities[0].derivative == 0.998 && !strcmp(back->sensitivities[1].parameter, "mu") &&
           isnan(back->sensitivities[1].half_width) && back->nsensitivity_skipped == 1 &&
           !strcmp(back->sensitivity_skipped[0].input, "k") && strstr(got, "\"label\": \"while.body\""),
       "read: sensitivities, a null half-width, the skipped parameter; the block's label is written");
    free(got);
    result_free(back);
    result_free(r);
    /* importance sampling: the target, the mixture, the pilot and the tilts, read back */
    r = sample_program();
    r->rare_block = strdup("main:while.body");
    r->rare_mixture = 0.5;
    r->rare_max_tilted = 8;
    r->rare_pilot_runs = 40000;
    r->rare_tilts = calloc(1, sizeof *r->rare_tilts);
    r->rare_tilts[0] = strdup("x: normal(0, 1) -> normal(3.96, 1)");
    r->nrare_tilts = 1;
    round_trip(r, "with --rare");
    got = capture(result_write_json, r, &rc);
    back = read_back(put("rare.json", got), err, sizeof err);
    ok(back && back->rare_block && !strcmp(back->rare_block, "main:while.body") &&
           back->rare_mixture == 0.5 && back->rare_max_tilted == 8 && back->rare_pilot_runs == 40000 &&
           back->nrare_tilts == 1 && !strcmp(back->rare_tilts[0], "x: normal(0, 1) -> normal(3.96, 1)"),
       "read: the rare block, mixture, tilted draws, pilot runs and tilts");
    free(got);
    result_free(back);
    result_free(r);
    refuses("sens_bad.json",
            doc("\"spec\":\"s\",\"sensitivities\":[{\"block\":5,\"input\":\"n\",\"parameter\":\"l\"}],",
                "\"mean\":1,"),
            RESULT_EFORMAT, ": sensitivities[0]: block 5 is not a block (there are 1)",
            "a sensitivity of no block");
    r = sample_program();
    r->paced_by = 2; /* while.body, index 1 */
    round_trip(r, "with the block that set the trials");
    got = capture(result_write_json, r, &rc);
    ok(got && strstr(got, "\"paced_by\": 1,\n"), "paced_by: the index in blocks of the last to settle");
    free(got);
    result_free(r);
    refuses("paced_bad.json", doc("\"spec\":\"s\",\"paced_by\":1,", "\"mean\":1,"), RESULT_EFORMAT,
            ": paced_by: 1 is not a block (there are 1)", "paced_by past the blocks");
    r = sample_open();
    round_trip(r, "not converged, with failures");
    got = capture(result_write_json, r, &rc);
    back = read_back(put("open.json", got), err, sizeof err);
    free(got);
    ok(back && back->nfailures == 2 && back->failures[1].trial == 90210 &&
           strcmp(back->failures[1].kind, "timeout") == 0 && back->failures[0].signal == 11,
       "read: failures");
    ok(back && back->interrupted && back->relative && back->epsilon == 0.02, "read: interrupted, relative");
    result_free(back);

    /* NaN and infinity become null, and null reads as NaN. */
    r->blocks[1].mean = NAN;
    r->blocks[1].stddev = INFINITY;
    r->elapsed_s = -INFINITY;
    got = capture(result_write_json, r, &rc);
    ok(strstr(got, "\"mean\": null") && strstr(got, "\"stddev\": null") && strstr(got, "\"elapsed_s\": null"),
       "NaN and infinities are written as null");
    back = read_back(put("nan.json", got), err, sizeof err);
    ok(back && isnan(back->blocks[1].mean) && isnan(back->blocks[1].stddev) && isnan(back->elapsed_s),
       "...and read back as NaN");
    result_free(back);
    round_trip(r, "with nulls");
    free(got);
    result_free(r);

    /* What the confidence means: written after mmio_writes when set, read back. */
    r = sample_program();
    r->guarantee = copy("simultaneous_sidak");
    r->stop_method = copy("anytime");
    r->block_confidence = 0.99;
    got = capture(result_write_json, r, &rc);
    ok(strstr(
           got,
           "\"mmio_writes\": [],\n  \"guarantee\": \"simultaneous_sidak\",\n  \"stop_method\": \"anytime\",\n"
           "  \"block_confidence\": 0.99,\n  \"jobs\"") != NULL,
       "guarantee, stop_method, block_confidence follow mmio_writes");
    back = read_back(put("guarantee.json", got), err, sizeof err);
    ok(back && back->guarantee && !strcmp(back->guarantee, "simultaneous_sidak") &&
           !strcmp(back->stop_method, "anytime") && back->block_confidence == 0.99,
       "...and read back");
    result_free(back);
    free(got);
    result_free(r);

    /* Counts past LLONG_MAX are clamped; bytes that are not UTF-8 become U+FFFD. */
    r = sample_program();
    r->seed = UINT64_MAX;
    free(r->blocks[0].file);
    r->blocks[0].file = copy("caf\xE9.c");
    got = capture(result_write_json, r, &rc);
    ok(strstr(got, "\"seed\": 9223372036854775807,") != NULL, "a seed past LLONG_MAX is clamped");
    ok(rc == 0 && strstr(got, "\"file\": \"caf\xEF\xBF\xBD.c\"") != NULL,
       "a Latin-1 file name is written as valid UTF-8");
    free(got);
    result_free(r);

    /* A document with only the contract's fields reads, extras defaulting. */
    back = read_back(put("minimal.json", doc("\"spec\":\"s\",", "\"mean\":1,")), err, sizeof err);
    ok(back && back->blocks[0].hits == 0 && strcmp(back->blocks[0].method, "") == 0 && back->nfailures == 0 &&
           back->jobs == 0 && !back->interrupted,
       "contract fields only: reads, extras default%s%s", back ? "" : ": ", back ? "" : err);
    ok(back && back->blocks[0].mean == 1.0, "...and an integer reads as a double");
    result_free(back);

    /* Reader errors. */
    refuses("bad.json", "{\n  \"format\": \"freqsys-result\",\n  \"version\": 1,,\n}\n", RESULT_ESYNTAX,
            ":3:16: error: string or '}' expected near ','", "malformed JSON");
    refuses("foo.json", "{\"format\":\"foo\",\"version\":1}", RESULT_EFORMAT,
            ": not a freqsys result (format is 'foo')", "wrong format");
    refuses("none.json", "{\"version\":1}", RESULT_EFORMAT, ": not a freqsys result (no 'format' field)",
            "no format");
    refuses("list.json", "[1,2]", RESULT_EFORMAT, ": not a freqsys result (the top level is not an object)",
            "an array");
    refuses("v2.json", "{\"format\":\"freqsys-result\",\"version\":2}", RESULT_EFORMAT,
            ": unsupported result version 2 (this freqsys reads version 1)", "version 2");
    refuses("nospec.json", doc("", "\"mean\":1,"), RESULT_EFORMAT, ": missing field 'spec'", "no spec");
    refuses("nomean.json", doc("\"spec\":\"s\",", ""), RESULT_EFORMAT, ": blocks[0]: missing field 'mean'",
            "a block without mean");
    refuses("type.json", doc("\"spec\":7,", "\"mean\":1,"), RESULT_EFORMAT, ": field 'spec' must be a string",
            "spec is a number");
    refuses("neg.json", doc("\"spec\":\"s\",", "\"mean\":1,\"hits\":-1,"), RESULT_EFORMAT,
            ": blocks[0]: field 'hits' must be a non-negative integer", "negative hits");
    refuses("dup.json", "{\"format\":\"freqsys-result\",\"format\":\"x\"}", RESULT_ESYNTAX,
            ":1:35: error: duplicate object key near '\"format\"'", "a duplicate key");

    err[0] = '\0';
    char missing[300];
    snprintf(missing, sizeof missing, "%s/absent.json", dir);
    ok(read_back(missing, err, sizeof err) == NULL && last_status == RESULT_EIO,
       "a missing file: refused, RESULT_EIO");
    ok(strstr(err, "absent.json: No such file or directory") != NULL, "...naming it (%s)", err);
    ok(read_back(dir, err, sizeof err) == NULL && last_status == RESULT_EIO && strstr(err, "Is a directory"),
       "a folder: refused, RESULT_EIO (%s)", err);

    /* A result cut short, as by a full disk: not JSON, at the line where it ends. */
    r = sample_program();
    char *whole = capture(result_write_json, r, &rc);
    result_free(r);
    size_t cut = strlen(whole) / 2;
    int line = 1;
    for (size_t i = 0; i < cut; i++) line += whole[i] == '\n';
    whole[cut] = '\0';
    char at[64];
    snprintf(at, sizeof at, "truncated.json:%d:", line);
    ok(read_back(put("truncated.json", whole), err, sizeof err) == NULL && last_status == RESULT_ESYNTAX &&
           strstr(err, at),
       "a truncated result: RESULT_ESYNTAX at its end (%s)", err);
    free(whole);

    /* A result too large for the memory a child may add: RESULT_ENOMEM. */
    is_int(status_with_little_memory(), RESULT_ENOMEM, "a result larger than the memory left: RESULT_ENOMEM");

    /* The fewest digits that bring each double back. */
    char reals_path[300];
    snprintf(reals_path, sizeof reals_path, "%s/reals.json", dir);
    shortest_reals(reals_path);

    /* A failing stream. */
    r = sample_program();
    FILE *full = fopen("/dev/full", "w");
    if (!full) bail("cannot open /dev/full");
    errno = 0;
    is_int(result_write_json(r, full), -1, "a full device: the writer fails");
    ok(errno != 0, "...and sets errno (%s)", strerror(errno));
    fclose(full);
    result_free(r);

    const char *names[] = {"trip.json",    "program.json", "open.json",   "nan.json",
                           "minimal.json", "bad.json",     "foo.json",    "none.json",
                           "list.json",    "v2.json",      "nospec.json", "nomean.json",
                           "type.json",    "neg.json",     "dup.json",    "reals.json"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char p[300];
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    rmdir(dir);
    return done();
}

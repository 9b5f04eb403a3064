/* tests/report/report_llvm_json-t.c: the llvm-json export has the layout llvm-cov export writes, and the
 * result's counts. */
/* SPDX-License-Identifier: MIT */
#include <jansson.h>

#include "tools.h"

/* Whether OURS has every key of LLVM's at every level, with values of the same kind;
 * arrays compare by their first elements, and arrays of scalars (a segment, a region)
 * by length too. Says where they differ. */
static int same_shape(json_t *ours, json_t *llvm, const char *where) {
    char inner[512];
    if (json_is_number(llvm)) return json_is_number(ours) || (diag("%s: not a number", where), 0);
    if (json_is_boolean(llvm)) return json_is_boolean(ours) || (diag("%s: not a boolean", where), 0);
    if (json_typeof(ours) != json_typeof(llvm)) {
        diag("%s: a %d where llvm-cov has a %d", where, json_typeof(ours), json_typeof(llvm));
        return 0;
    }
    if (json_is_object(llvm)) {
        const char *key;
        json_t *value;
        json_object_foreach(llvm, key, value) {
            snprintf(inner, sizeof inner, "%s.%s", where, key);
            json_t *mine = json_object_get(ours, key);
            if (!mine) {
                diag("%s: missing", inner);
                return 0;
            }
            if (!same_shape(mine, value, inner)) return 0;
        }
    }
    if (json_is_array(llvm) && json_array_size(llvm) && json_array_size(ours)) {
        json_t *first = json_array_get(llvm, 0);
        if (!json_is_array(first) && !json_is_object(first) &&
            json_array_size(ours) != json_array_size(llvm)) {
            diag("%s: %zu entries, llvm-cov has %zu", where, json_array_size(ours), json_array_size(llvm));
            return 0;
        }
        snprintf(inner, sizeof inner, "%s[0]", where);
        return same_shape(json_array_get(ours, 0), first, inner);
    }
    return 1;
}

static json_t *load(const char *path) {
    json_error_t e;
    json_t *j = json_load_file(path, 0, &e);
    if (!j) bail("%s:%d: %s", path, e.line, e.text);
    return j;
}

static long long at(json_t *array, size_t k) {
    return json_integer_value(json_array_get(array, k));
}

/* The region of REGIONS (after the function's own, the first) that starts on LINE with
 * COUNT, taken from the list so that each block finds its own. */
static int take_region(json_t *regions, int line, long long count) {
    for (size_t k = 1; k < json_array_size(regions); k++) {
        json_t *g = json_array_get(regions, k);
        if (at(g, 0) == line && at(g, 1) == 1 && at(g, 2) == line && at(g, 4) == count && at(g, 7) == 0) {
            json_array_remove(regions, k);
            return 1;
        }
    }
    return 0;
}

int main(void) {
    tools_need(CLANG_PROGRAM, "clang", "clang-19");
    tools_need(LLVM_PROFDATA_PROGRAM, "llvm-profdata", "llvm-19");
    tools_need(LLVM_COV_PROGRAM, "llvm-cov", "llvm-19");
    plan(15);
    tools_tmpdir();
    result *r = tools_result("examples/branches/branches.fspec", "branches.json");
    char cmd[4096], *err = NULL;

    /* llvm-cov's own export of the same program, run once. */
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && '%s' -fprofile-instr-generate -fcoverage-mapping -O0 '%s/examples/branches/branches.c' "
        "-o br && echo '0.2 3 6' | LLVM_PROFILE_FILE=br.profraw ./br && '%s' merge -o br.profdata br.profraw "
        "&& "
        "'%s' export -format=text -instr-profile=br.profdata ./br > llvm.json",
        tools_dir, CLANG_PROGRAM, FREQSYS_SOURCE_DIR, LLVM_PROFDATA_PROGRAM, LLVM_COV_PROGRAM);
    if (tools_sh(cmd, NULL, &err) != 0) bail("llvm-cov export of branches.c failed: %s", err ? err : "");
    free(err);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' report '%s' --format llvm-json -o '%s' && '%s' report '%s' --format "
             "llvm-json --scale 1000 -o '%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("branches.json"), tools_path("runs.json"),
             TOOLS_FREQSYS, tools_path("branches.json"), tools_path("scaled.json"));
    err = NULL;
    if (!is_int(tools_sh(cmd, NULL, &err), 0,
                "report --format llvm-json succeeds, over runs and at --scale 1000"))
        diag("%s", err ? err : "");
    free(err);
    json_t *llvm = load(tools_path("llvm.json")), *runs = load(tools_path("runs.json"));
    json_t *ours = load(tools_path("scaled.json"));
    is_string(json_string_value(json_object_get(ours, "type")), "llvm.coverage.json.export",
              "its type is llvm-cov's");
    is_string(json_string_value(json_object_get(ours, "version")), "2.0.1", "...and so is its version");
    ok(same_shape(ours, llvm, "export"),
       "every key llvm-cov writes is there, at every level, with its kind of value");

    json_t *data = json_array_get(json_object_get(ours, "data"), 0);
    json_t *file = json_array_get(json_object_get(data, "files"), 0);
    const char *name = json_string_value(json_object_get(file, "filename"));
    ok(json_array_size(json_object_get(data, "files")) == 1 && name && name[0] == '/' &&
           !strcmp(strrchr(name, '/'), "/branches.c"),
       "one file, branches.c, by its absolute path (%s)", name ? name : "");

    /* Segments: each line where blocks start opens with the largest of their counts. */
    json_t *segs = json_object_get(file, "segments");
    size_t lines = 0, covered = 0, opened = 0;
    int counts_match = 1;
    for (int line = 1; line < 200; line++) {
        long long want = tools_line_count(r, "branches.c", line, NULL, 1000);
        if (want < 0) continue;
        lines++, covered += want > 0;
        int found = 0;
        for (size_t k = 0; k < json_array_size(segs); k++) {
            json_t *s = json_array_get(segs, k);
            if (at(s, 0) == line && at(s, 1) == 1 && json_is_true(json_array_get(s, 3)) &&
                json_is_true(json_array_get(s, 4)))
                found++, counts_match &= at(s, 2) == want;
        }
        opened += found == 1;
    }
    ok(lines > 5 && opened == lines && counts_match,
       "a segment opens each of the %zu lines with blocks, with the "
       "largest count there (mean x 1000)",
       lines);
    json_t *summary = json_object_get(file, "summary"), *line_sum = json_object_get(summary, "lines");
    ok(json_integer_value(json_object_get(line_sum, "count")) == (json_int_t)lines &&
           json_integer_value(json_object_get(line_sum, "covered")) == (json_int_t)covered,
       "the summary counts %zu lines, %zu covered", lines, covered);
    ok(json_equal(summary, json_object_get(data, "totals")), "the totals are the one file's summary");

    /* The function: its calls, and a region per block. */
    json_t *fn = json_array_get(json_object_get(data, "functions"), 0);
    const result_block *entry = &r->blocks[0];
    is_string(json_string_value(json_object_get(fn, "name")), "main", "the function is main");
    is_int(json_integer_value(json_object_get(fn, "count")), (long long)tools_scaled(entry->mean, 1000),
           "...its count is its entry's mean x 1000");
    json_t *regions = json_deep_copy(json_object_get(fn, "regions"));
    size_t located = 0, taken = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        if (r->blocks[i].line > 0) {
            located++;
            taken +=
                take_region(regions, r->blocks[i].line, (long long)tools_scaled(r->blocks[i].mean, 1000));
        }
    json_t *body = json_array_get(regions, 0);
    ok(taken == located && json_array_size(regions) == 1 && at(body, 0) == r->functions[0].line &&
           at(body, 4) == (long long)tools_scaled(entry->mean, 1000),
       "...a region over its body from line %d, then one per block (%zu), each with its mean x 1000",
       r->functions[0].line, located);
    json_decref(regions);
    is_string(json_string_value(json_array_get(json_object_get(fn, "filenames"), 0)), name,
              "...in branches.c");

    /* The entry's if: its two sides are the counts of if.then and if.else, which have no
     * other way in. */
    const result_block *then = NULL, *other = NULL;
    for (size_t i = 0; i < r->nblocks; i++) {
        if (!strcmp(r->blocks[i].block, "if.then") && !then) then = &r->blocks[i];
        if (!strcmp(r->blocks[i].block, "if.else") && !other) other = &r->blocks[i];
    }
    json_t *branch = NULL;
    for (size_t k = 0; k < json_array_size(json_object_get(fn, "branches")); k++)
        if (at(json_array_get(json_object_get(fn, "branches"), k), 0) == entry->line)
            branch = json_array_get(json_object_get(fn, "branches"), k);
    ok(then && other && branch && at(branch, 4) == (long long)tools_scaled(then->mean, 1000) &&
           at(branch, 5) == (long long)tools_scaled(other->mean, 1000) && at(branch, 8) == 4,
       "the branch at line %d counts if.then and if.else", entry->line);

    /* By default, totals over the trials' runs, as a coverage build counts them. */
    json_t *runs_fn =
        json_array_get(json_object_get(json_array_get(json_object_get(runs, "data"), 0), "functions"), 0);
    uint64_t nruns = r->runs ? r->runs : r->trials; /* a replicate is several runs */
    is_int(json_integer_value(json_object_get(runs_fn, "count")), (long long)nruns,
           "over runs, main's count is the number of runs");
    json_t *note = json_object_get(runs, "freqsys");
    ok(json_is_true(json_object_get(note, "over_runs")) &&
           json_real_value(json_object_get(note, "scale")) == (double)nruns,
       "...and the freqsys object says the counts are totals over %llu runs", (unsigned long long)nruns);
    json_decref(llvm);
    json_decref(runs);
    json_decref(ours);
    result_free(r);
    tools_cleanup();
    return done();
}

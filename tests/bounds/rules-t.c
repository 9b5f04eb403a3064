/* tests/bounds/rules-t.c: the table of bound rules agrees with the code, docs/statistics.md and the tests. */
/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules.h"
#include "tap.h"

#define DOC_SECTION "## No verdict without a bound"

static char *slurp(const char *rel) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", FREQSYS_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (n < 0) {
        fclose(f);
        return NULL;
    }
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s) s[n] = '\0';
    fclose(f);
    return s;
}

/* Whether HAY holds NEEDLE, letters compared without case. */
static int holds_nocase(const char *hay, const char *needle) {
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t k = 0;
        while (k < n && hay[k] && tolower((unsigned char)hay[k]) == tolower((unsigned char)needle[k])) k++;
        if (k == n) return 1;
    }
    return 0;
}

/* The row named NAME, or -1. */
static long row_of(const char *name, size_t len) {
    for (size_t r = 0; r < loop_rules_count; r++)
        if (strlen(loop_rules[r].name) == len && !strncmp(loop_rules[r].name, name, len)) return (long)r;
    return -1;
}

int main(void) {
    plan(6);
    char *doc = slurp("docs/statistics.md");
    char *tests = slurp("tests/e2e/CMakeLists.txt");
    ok(doc && tests, "docs/statistics.md and tests/e2e/CMakeLists.txt read");
    if (!doc || !tests) {
        free(doc);
        free(tests);
        return done();
    }

    /* the section's bullets, `- *Name.*`, each a row; each row a bullet */
    char *from = strstr(doc, DOC_SECTION);
    char *to = from ? strstr(from + strlen(DOC_SECTION), "\n## ") : NULL;
    if (to) *to = '\0';
    unsigned char seen[256] = {0};
    size_t bullets = 0, unknown = 0;
    for (char *p = from; p && (p = strstr(p, "\n- *")) != NULL; p++) {
        char *name = p + 4, *end = strstr(name, ".*");
        char *eol = strchr(name, '\n');
        if (!end || (eol && end > eol)) continue;
        bullets++;
        long r = row_of(name, (size_t)(end - name));
        if (r < 0) {
            diag("docs/statistics.md has the rule '%.*s', which rules.c has no row for", (int)(end - name),
                 name);
            unknown++;
        } else if (r < 256) {
            seen[r] = 1;
        }
    }
    ok(from && bullets > 0 && unknown == 0, "every rule the docs list has a row (%zu bullets)", bullets);
    size_t missing = 0;
    for (size_t r = 0; r < loop_rules_count; r++)
        if (!seen[r]) {
            diag("rules.c's row '%s' is not a bullet of docs/statistics.md's section", loop_rules[r].name);
            missing++;
        }
    ok(missing == 0 && loop_rules_count == bullets, "every row is in the docs, once (%zu rows)",
       loop_rules_count);

    /* each row's file names it as the code does: `Rule (tag)` or a list `Rules (a), (tag)` */
    size_t untagged = 0;
    for (size_t r = 0; r < loop_rules_count; r++) {
        char *code = slurp(loop_rules[r].file), tag[256];
        snprintf(tag, sizeof tag, "(%s)", loop_rules[r].tag);
        if (!code || !holds_nocase(code, tag) || (!strstr(code, "Rule (") && !strstr(code, "Rules ("))) {
            diag("%s does not name the rule %s", loop_rules[r].file, tag);
            untagged++;
        }
        free(code);
    }
    ok(untagged == 0, "every row's file names its rule in a `Rule (tag)` comment");

    /* each row's near misses are in a test ctest runs: tests/e2e's list names NAME for
     * NAME-t.c, a word between blanks */
    size_t untested = 0;
    for (size_t r = 0; r < loop_rules_count; r++) {
        const char *base = strrchr(loop_rules[r].near_miss, '/');
        base = base ? base + 1 : loop_rules[r].near_miss;
        char word[256];
        size_t len = strlen(base);
        snprintf(word, sizeof word, " %.*s", len > 4 ? (int)(len - 4) : 0, base);
        char *src = slurp(loop_rules[r].near_miss), *at = strstr(tests, word);
        while (at && !isspace((unsigned char)at[strlen(word)]) && at[strlen(word)] != ')')
            at = strstr(at + 1, word);
        if (!src || len < 5 || strcmp(base + len - 4, "-t.c") != 0 || !at) {
            diag("%s: no such test registered in tests/e2e", loop_rules[r].near_miss);
            untested++;
        }
        free(src);
    }
    ok(untested == 0, "every row's near-miss test exists and is registered");

    /* the rows that bound a loop's passes are the ones loop_bounds.c combines */
    size_t with_passes = 0, bad = 0;
    for (size_t r = 0; r < loop_rules_count; r++) {
        if (!loop_rules[r].passes) continue;
        with_passes++;
        if (!loop_rules[r].proves || !*loop_rules[r].proves) bad++;
    }
    ok(with_passes > 0 && bad == 0, "the rules that bound a loop's passes say what they prove (%zu)",
       with_passes);
    free(doc);
    free(tests);
    return done();
}

/* freqsys/run/run_conflicts.c: which of `freqsys run`'s options cannot go together, read from the option
 * table's when/conflicts/needs columns. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "run_option_table.h"
#include "run_options.h"

/* Whether the "|"-separated LIST holds VALUE. */
static int listed(const char *list, const char *value) {
    size_t n = strlen(value);
    for (const char *at = list; *at;) {
        size_t len = strcspn(at, "|");
        if (len == n && !strncmp(at, value, n)) return 1;
        at += len + (at[len] == '|');
    }
    return 0;
}

/* The term of LEN characters at TERM ("name" or "name=V1|V2"): its option in *OPT
 * and its values in *VALUES (NULL: any), copied into BUF. Returns 0, or -1 when the
 * table names no such option (a mistake in the table, said once by the tests). */
static int term_of(const char *term, size_t len, const run_option **opt, const char **values, char *buf,
                   size_t size) {
    snprintf(buf, size, "%.*s", (int)len, term);
    char *eq = strchr(buf, '=');
    *values = eq ? eq + 1 : NULL;
    *opt = run_option_by_name(buf, eq ? (size_t)(eq - buf) : strlen(buf));
    return *opt ? 0 : -1;
}

/* The value O gave option E when it is among VALUES (any when NULL); NULL when not
 * given or another value. */
static const char *given_as(const run_options *o, const run_option *e, const char *values) {
    size_t i = (size_t)(e - run_option_table);
    if (!o->given[i]) return NULL;
    const char *v = e->has_arg == no_argument || !o->given_value[i] ? "" : o->given_value[i];
    return !values || listed(values, v) ? v : NULL;
}

/* "--name" and " value" when it has one. */
static void say_option(const run_option *e, const char *value) {
    fprintf(stderr, "--%s%s%s", e->name, value && *value ? " " : "", value ? value : "");
}

/* The first term of TERMS O satisfies (WANT 1) or fails (WANT 0), with its option
 * and value; NULL when none. */
static const run_option *first_term(const run_options *o, const char *terms, int want, const char **value) {
    char buf[256];
    for (const char *at = terms + strspn(terms, " "); *at; at += strspn(at, " ")) {
        size_t len = strcspn(at, " ");
        const run_option *t;
        const char *values;
        if (term_of(at, len, &t, &values, buf, sizeof buf) == 0) {
            *value = given_as(o, t, values);
            if ((*value != NULL) == want) return t;
        }
        at += len;
    }
    return NULL;
}

int run_conflicts_check(const run_options *o) {
    for (size_t i = 0; i < run_option_count; i++) {
        const run_option *e = &run_option_table[i];
        const char *mine = given_as(o, e, e->when), *theirs = NULL;
        if (!mine) continue;
        const run_option *other = e->needs ? first_term(o, e->needs, 0, &theirs) : NULL;
        if (other) { /* "needs" holds one term */
            const char *values = strchr(e->needs, '=');
            fprintf(stderr, "freqsys run: ");
            say_option(e, mine);
            fprintf(stderr, " goes with --%s", other->name);
            for (size_t k = 0; values && values[k + 1];) { /* " a, b or c" */
                const char *at = values + 1 + k;
                size_t len = strcspn(at, "|");
                fprintf(stderr, "%s%.*s", k == 0 ? " " : at[len] ? ", " : " or ", (int)len, at);
                k += len + (at[len] == '|');
            }
            fprintf(stderr, "\n(see 'freqsys help run')\n");
            return EXIT_USAGE;
        }
        other = e->conflicts ? first_term(o, e->conflicts, 1, &theirs) : NULL;
        if (other) {
            fprintf(stderr, "freqsys run: ");
            say_option(e, mine);
            fprintf(stderr, " cannot be combined with ");
            say_option(other, theirs);
            fprintf(stderr, "\n(see 'freqsys help run')\n");
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* E on a command line, with VALUE or else its example value. */
static void print_option(FILE *out, const run_option *e, const char *value) {
    if (!value && e->has_arg == required_argument) value = e->example;
    if (value && e->has_arg == optional_argument)
        fprintf(out, "--%s=%s", e->name, value);
    else
        fprintf(out, "--%s%s%s", e->name, value ? " " : "", value ? value : "");
}

/* Each value of the "|"-separated LIST (or NULL alone when LIST is NULL) to FN. */
static void each_value(const char *list, void (*fn)(const char *value, void *ctx), void *ctx) {
    char buf[64];
    if (!list) {
        fn(NULL, ctx);
        return;
    }
    for (const char *at = list; *at;) {
        size_t len = strcspn(at, "|");
        snprintf(buf, sizeof buf, "%.*s", (int)len, at);
        fn(buf, ctx);
        at += len + (at[len] == '|');
    }
}

typedef struct pair_ctx {
    FILE *out;
    const run_option *e, *other;
    const char *mine;
} pair_ctx;

static void print_pair(const char *theirs, void *ctx) {
    pair_ctx *p = ctx;
    print_option(p->out, p->e, p->mine);
    fputc('\t', p->out);
    print_option(p->out, p->other, theirs);
    fputc('\n', p->out);
}

static void print_pairs_of(const char *mine, void *ctx) {
    pair_ctx *p = ctx;
    char buf[256];
    p->mine = mine;
    const char *terms = p->e->conflicts;
    for (const char *at = terms + strspn(terms, " "); *at; at += strspn(at, " ")) {
        size_t len = strcspn(at, " ");
        const char *values;
        if (term_of(at, len, &p->other, &values, buf, sizeof buf) == 0)
            each_value(values, print_pair, p);
        else
            fprintf(p->out, "?\t%.*s\n", (int)len, at); /* no such option: a test fails on it */
        at += len;
    }
}

void run_conflicts_list(FILE *out) {
    for (size_t i = 0; i < run_option_count; i++) {
        pair_ctx p = {out, &run_option_table[i], NULL, NULL};
        if (p.e->conflicts) each_value(p.e->when, print_pairs_of, &p);
    }
}

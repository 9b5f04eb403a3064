/* freqsys/run/run_help.c: `freqsys run`'s usage, help, manual section and option list, all made from the
 * option table. */
/* SPDX-License-Identifier: MIT */
#include "run_help.h"

#include <getopt.h>
#include <string.h>
#include "run_option_table.h"

#define WIDTH       88 /* the help's lines, as the other commands' */
#define HELP_COLUMN 26 /* where an option's description starts */
#define MAN_WIDTH   78 /* the manual's source lines */

static const char intro[] =
    "Builds the program of SPEC with every input read replaced by a draw from its\n"
    "declared distribution, runs it again and again in forked workers, and stops when\n"
    "every basic block's expected executions per run is known to precision EPS at\n"
    "confidence GAMMA, or when MAX_TRIALS ran out. Each block's interval is the normal\n"
    "one widened by its Berry-Esseen bound, an exact binomial one for blocks run at\n"
    "most once per run, or exact for blocks proven to run once per run.\n\n";

static const char closing[] =
    "\n\nUnder mpirun (Open MPI) the ranks share the trials; the result equals a run in one\n"
    "process with the same seed (docs/scale-out.md).\n\n"
    "Plan the exports before the run: 'report --format instr' (clang's own counters, and\n"
    "'plan' over parts of functions) needs the counts of the blocks clang adds for them,\n"
    "which only a run of a spec with the line cflags \"-fprofile-instr-generate\" counts\n"
    "when the program has && or || used as a value, or a case reached by falling\n"
    "through; a result without them cannot be exported (docs/exports.md, \"instr\").\n\n"
    "Options override the spec's lines. Exit status: 0 every block settled, 1 the\n"
    "budget ran out first or the run was interrupted (the result is still written),\n"
    "2 a usage or spec error (or a spec that cannot be read), 3 the program could not\n"
    "be built (or the runtime library libfreqsys_rt.a, linked into it, is missing).";

/* The option as the help names it: "-e, --epsilon EPS", "    --simultaneous[=X]". */
static int label(const run_option *e, char *buf, size_t size) {
    int n = e->letter ? snprintf(buf, size, "-%c, --%s", e->letter, e->name)
                      : snprintf(buf, size, "    --%s", e->name);
    if (e->arg && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, e->has_arg == optional_argument ? "[=%s]" : " %s", e->arg);
    return n;
}

/* The "|"-separated LIST as prose into BUF at *AT: "a, b or c". */
static void add_alternatives(char *buf, size_t size, size_t *at, const char *list) {
    for (const char *v = list; *v && *at < size;) {
        size_t len = strcspn(v, "|");
        *at += (size_t)snprintf(buf + *at, size - *at, "%s%.*s",
                                v == list ? ""
                                : v[len]  ? ", "
                                          : " or ",
                                (int)len, v);
        v += len + (v[len] == '|');
    }
}

/* The terms of TERMS as command-line words into BUF at *AT: "--resume, --method paper
 * or --paths", a term's values joined by "|". */
static void add_terms(char *buf, size_t size, size_t *at, const char *terms) {
    for (const char *t = terms; *t && *at < size;) {
        size_t len = strcspn(t, " "), name = strcspn(t, "= ");
        const char *sep = t == terms ? "" : t[len] ? ", " : " or ";
        *at += (size_t)snprintf(buf + *at, size - *at, "%s--%.*s", sep, (int)name, t);
        if (name < len && *at < size)
            *at += (size_t)snprintf(buf + *at, size - *at, " %.*s", (int)(len - name - 1), t + name + 1);
        t += len + strspn(t + len, " ");
    }
}

/* E's help and, from the table, what it cannot go with or without, into BUF. */
static const char *help_of(const run_option *e, char *buf, size_t size) {
    size_t at = (size_t)snprintf(buf, size, "%s", e->help);
    if (e->needs && at < size) {
        at += (size_t)snprintf(buf + at, size - at, ". Needs ");
        add_terms(buf, size, &at, e->needs);
    }
    if (e->conflicts && at < size) {
        at += (size_t)snprintf(buf + at, size - at, e->when ? ". With " : ". Not with ");
        if (e->when) {
            add_alternatives(buf, size, &at, e->when);
            if (at < size) at += (size_t)snprintf(buf + at, size - at, ", not with ");
        }
        add_terms(buf, size, &at, e->conflicts);
    }
    return buf;
}

/* TEXT's words from column AT on, broken before WIDTH and continued at INDENT;
 * each line's first word passed through EMIT (the manual escapes it). Returns the
 * column it ends at. */
static size_t wrap(FILE *out, const char *text, size_t at, size_t indent, size_t width,
                   void (*emit)(FILE *out, const char *word, size_t len, int first)) {
    int first = 1;
    while (*text) {
        size_t len = strcspn(text, " ");
        if (!first && at + 1 + len > width) {
            fprintf(out, "\n%*s", (int)indent, "");
            at = indent;
            first = 1;
        } else if (!first) {
            fputc(' ', out);
            at++;
        }
        emit(out, text, len, first);
        at += len;
        first = 0;
        text += len;
        text += strspn(text, " ");
    }
    return at;
}

static void plain_word(FILE *out, const char *word, size_t len, int first) {
    (void)first;
    fwrite(word, 1, len, out);
}

void run_help_usage(FILE *out) {
    static const char head[] = "freqsys run SPEC";
    /* the first line follows "usage: " */
    size_t at = fputs(head, out) >= 0 ? sizeof head - 1 + 7 : 0;
    for (size_t i = 0; i < run_option_count; i++) {
        const run_option *e = &run_option_table[i];
        char item[128];
        if (e->key == 'h') continue; /* help is no setting of a run */
        if (e->letter)
            snprintf(item, sizeof item, "[-%c%s%s]", e->letter, e->arg ? " " : "", e->arg ? e->arg : "");
        else if (e->has_arg == optional_argument)
            snprintf(item, sizeof item, "[--%s[=%s]]", e->name, e->arg);
        else
            snprintf(item, sizeof item, "[--%s%s%s]", e->name, e->arg ? " " : "", e->arg ? e->arg : "");
        size_t len = strlen(item);
        if (at + 1 + len > WIDTH) {
            fprintf(out, "\n%*s", (int)sizeof head, "");
            at = sizeof head - 1;
        }
        fprintf(out, " %s", item);
        at += 1 + len;
    }
}

void run_help_text(FILE *out) {
    fputs(intro, out);
    for (size_t i = 0; i < run_option_count; i++) {
        const run_option *e = &run_option_table[i];
        char name[128];
        int n = label(e, name, sizeof name);
        if (e->key == 'h') continue;
        fprintf(out, "%s  %s", i ? "\n" : "", name);
        size_t at = 2 + (size_t)n;
        if (at < HELP_COLUMN)
            at += (size_t)fprintf(out, "%*s", (int)(HELP_COLUMN - at), "");
        else
            at = (size_t)fprintf(out, "\n%*s", HELP_COLUMN, "") - 1;
        char help[2048];
        wrap(out, help_of(e, help, sizeof help), at, HELP_COLUMN, WIDTH, plain_word);
    }
    fputs(closing, out);
}

/* WORD for roff: hyphens as \-, backslashes as \e, and a line's first word guarded
 * so that a leading dot or quote is no request. */
static void roff_word(FILE *out, const char *word, size_t len, int first) {
    if (first && len && (word[0] == '.' || word[0] == '\'')) fputs("\\&", out);
    for (size_t k = 0; k < len; k++) {
        if (word[k] == '-')
            fputs("\\-", out);
        else if (word[k] == '\\')
            fputs("\\e", out);
        else
            fputc(word[k], out);
    }
}

void run_help_man(FILE *out) {
    fputs(".SH OPTIONS OF RUN\n", out);
    for (size_t i = 0; i < run_option_count; i++) {
        const run_option *e = &run_option_table[i];
        if (e->key == 'h') continue;
        fputs(".TP\n", out);
        if (e->letter) fprintf(out, "\\fB\\-%c\\fR, ", e->letter);
        fputs("\\fB", out);
        roff_word(out, "--", 2, 0);
        roff_word(out, e->name, strlen(e->name), 0);
        fputs("\\fR", out);
        if (e->arg) {
            fputs(e->has_arg == optional_argument ? "[=\\fI" : " \\fI", out);
            roff_word(out, e->arg, strlen(e->arg), 0);
            fputs(e->has_arg == optional_argument ? "\\fR]" : "\\fR", out);
        }
        fputc('\n', out);
        char help[2048];
        help_of(e, help, sizeof help);
        wrap(out, help, 0, 0, MAN_WIDTH, roff_word);
        fputs(help[strlen(help) - 1] == '.' ? "\n" : ".\n", out); /* the manual's entries are sentences */
    }
}

void run_help_options(FILE *out) {
    for (size_t i = 0; i < run_option_count; i++) fprintf(out, "--%s\n", run_option_table[i].name);
}

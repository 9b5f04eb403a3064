/* tests/e2e/run_options-t.c: run's option table seen from outside: every refused pair refused naming both,
 * every option in the help, the manual and the completions. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"

#define SPEC      "tests/e2e/programs/sampling.fspec"
#define MAX_LINES 512

/* The lines `freqsys ARGS` prints on standard output, into LINES (each malloc'd);
 * their number. */
static size_t lines_of(const char *args, char **lines, size_t max) {
    char cmd[4096], buf[1024];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s 2>/dev/null", FREQSYS_SOURCE_DIR, FREQSYS_TOOL, args);
    FILE *p = popen(cmd, "r");
    size_t n = 0;
    while (p && n < max && fgets(buf, sizeof buf, p)) {
        buf[strcspn(buf, "\n")] = '\0';
        lines[n++] = strdup(buf);
    }
    if (p) pclose(p);
    return n;
}

/* The whole of FILE (in the source folder), malloc'd, or NULL. */
static char *slurp(const char *file) {
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", FREQSYS_SOURCE_DIR, file);
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    static char text[1 << 18];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    return strdup(text);
}

/* Whether ERR names option FRAGMENT's "--name" (its first word) as a whole option. */
static int names(const char *err, const char *fragment) {
    char want[128];
    snprintf(want, sizeof want, "%.*s", (int)strcspn(fragment, " ="), fragment);
    for (const char *at = strstr(err, want); at; at = strstr(at + 1, want)) {
        char next = at[strlen(want)];
        if (next != '-' && !(next >= 'a' && next <= 'z')) return 1;
    }
    return 0;
}

int main(void) {
    char *pairs[MAX_LINES], *options[MAX_LINES];
    size_t npairs = lines_of("help --conflicts", pairs, MAX_LINES);
    size_t noptions = lines_of("help --options run", options, MAX_LINES);
    if (npairs < 10 || noptions < 20)
        bail("the table gave %zu refused pairs and %zu options", npairs, noptions);
    plan((int)(2 * npairs + 3 * noptions + 7));
    char err[8192], args[1024];
    /* Every pair the table refuses, in both orders: exit 2, both named. */
    for (size_t i = 0; i < npairs; i++) {
        char *tab = strchr(pairs[i], '\t');
        if (!tab) bail("no tab in '%s'", pairs[i]);
        *tab = '\0';
        const char *a = pairs[i], *b = tab + 1;
        snprintf(args, sizeof args, "run " SPEC " %s %s -q -n 10", a, b);
        int rc = e2e_run(args, err, sizeof err);
        ok(rc == 2 && names(err, a) && names(err, b) && strstr(err, "cannot be combined"),
           "%s with %s: refused (%d)", a, b, rc);
        snprintf(args, sizeof args, "run " SPEC " %s %s -q -n 10", b, a);
        rc = e2e_run(args, err, sizeof err);
        ok(rc == 2 && names(err, a) && names(err, b), "...and %s with %s too", b, a);
    }
    /* Pairs that must stay refused whatever else changes. */
    int paper = 0, rare_sens = 0;
    for (size_t i = 0; i < npairs; i++) {
        paper |=
            !strcmp(pairs[i], "--sensitivity") && !strcmp(pairs[i] + strlen(pairs[i]) + 1, "--method paper");
        rare_sens |=
            !strncmp(pairs[i], "--rare ", 7) && !strcmp(pairs[i] + strlen(pairs[i]) + 1, "--sensitivity");
    }
    ok(paper && rare_sens, "the list holds --sensitivity with --method paper, and --rare with --sensitivity");
    /* What an option needs. */
    int rc = e2e_run("run " SPEC " --points 8 -q -n 10", err, sizeof err);
    ok(rc == 2 && strstr(err, "--points 8 goes with --sampling stratified or qmc"),
       "--points alone: refused, naming "
       "what it needs");
    rc = e2e_run("run " SPEC " --sampling stratified --points 8 -q -n 20 -j 1", err, sizeof err);
    ok(rc == 0 || rc == 1, "...and with --sampling stratified it runs (%d)", rc);
    /* The suggestions read the table. */
    rc = e2e_run("run " SPEC " --sensitivty", err, sizeof err);
    ok(rc == 2 && strstr(err, "did you mean '--sensitivity'?"), "--sensitivty: did you mean --sensitivity");
    /* Every option in the help, the manual and the bash completion. */
    char *help[MAX_LINES];
    size_t nhelp = lines_of("help run", help, MAX_LINES);
    char *man = slurp("docs/man/freqsys.1");
    char *zsh = slurp("completions/_freqsys");
    ok(zsh && strstr(zsh, "#compdef freqsys") && strstr(zsh, "help --options $words[2]"),
       "the zsh completion takes the options from 'freqsys help --options'");
    char *bash = slurp("completions/freqsys.bash");
    ok(bash && strstr(bash, "help --options \"$cmd\""), "...as the bash completion does");
    ok(man != NULL, "docs/man/freqsys.1 is there");
    for (size_t i = 0; i < noptions; i++) {
        const char *name = options[i];
        int in_help = 0;
        for (size_t k = 0; k < nhelp && !in_help; k++) {
            const char *at = strstr(help[k], name);
            in_help = at && (at == help[k] + 6 || at == help[k] + 8) &&
                      (at[strlen(name)] == ' ' || at[strlen(name)] == '[' || at[strlen(name)] == '\0');
        }
        ok(in_help || !strcmp(name, "--help"), "%s has its line in 'freqsys help run'", name);
        char roff[128] = "\\fB";
        for (const char *c = name; *c && strlen(roff) < sizeof roff - 3; c++) {
            if (*c == '-')
                strcat(roff, "\\-");
            else
                strncat(roff, c, 1);
        }
        strcat(roff, "\\fR");
        ok((man && strstr(man, roff)) || !strcmp(name, "--help"), "...in freqsys(1)");
        char cmd[4096], words[4000] = "";
        snprintf(cmd, sizeof cmd,
                 "bash -c '. \"$1\"; COMP_WORDS=(\"$2\" run \"$3\"); COMP_CWORD=2; _freqsys; printf \"%%s \" "
                 "\"${COMPREPLY[@]}\"' _ '%s/completions/freqsys.bash' '%s' '%s' 2>/dev/null",
                 FREQSYS_SOURCE_DIR, FREQSYS_TOOL, name);
        FILE *p = popen(cmd, "r");
        size_t n = p ? fread(words, 1, sizeof words - 1, p) : 0;
        words[n] = '\0';
        if (p) pclose(p);
        char want[128], offered[4200];
        snprintf(want, sizeof want, " %s ", name);
        snprintf(offered, sizeof offered, " %s", words);
        ok(strstr(offered, want) != NULL, "...and bash completes it");
    }
    for (size_t i = 0; i < npairs; i++) free(pairs[i]);
    for (size_t i = 0; i < noptions; i++) free(options[i]);
    for (size_t i = 0; i < nhelp; i++) free(help[i]);
    free(man);
    free(zsh);
    free(bash);
    return done();
}

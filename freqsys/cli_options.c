/* freqsys/cli_options.c: what the subcommands say about an option they do not know: its name, and the nearest
 * they do. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "suggest.h"

/* The most long options one command has; the table of `run` is the longest by far. */
#define MAX_NAMES 96

/* ARG's name without its dashes and without "=VALUE", into BUF. */
static const char *bare_name(const char *arg, char *buf, size_t size) {
    arg += strspn(arg, "-");
    size_t n = strcspn(arg, "=");
    snprintf(buf, size, "%.*s", (int)n, arg);
    return buf;
}

int cli_unknown_option(const char *command, const char *arg, const char *const *names) {
    char bare[128];
    bare_name(arg, bare, sizeof bare);
    size_t dashes = strspn(arg, "-");
    /* A short option is one letter: a near long name is no help there ("-x"). */
    const char *near = dashes == 2 && bare[0] ? suggest_closest_typed(bare, names) : NULL;
    size_t shown = strcspn(arg, "=");
    const char *space = *command ? " " : ""; /* "" is freqsys itself, before any command */
    if (near && !strcmp(near, bare))         /* known, but the value it takes is missing */
        fprintf(stderr, "freqsys%s%s: option '--%s' needs a value", space, command, near);
    else
        fprintf(stderr, "freqsys%s%s: unknown option '%.*s'", space, command, (int)shown, arg);
    if (near && strcmp(near, bare)) fprintf(stderr, "; did you mean '--%s'?", near);
    if (*command)
        fprintf(stderr, "\n(see 'freqsys help %s')\n", command);
    else
        fprintf(stderr, "\n(see 'freqsys --help')\n");
    return EXIT_USAGE;
}

int cli_getopt_error(const char *command, int c, int argc, char **argv, const struct option *longs) {
    const char *names[MAX_NAMES + 1];
    size_t n = 0;
    for (; longs[n].name && n < MAX_NAMES; n++) names[n] = longs[n].name;
    names[n] = NULL;
    /* getopt_long has moved optind past the argument it refused (only that one: the
     * callers put no option that takes a value in a bundle of short ones). */
    const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
    char bare[128];
    bare_name(arg, bare, sizeof bare);
    /* optopt is 0 for an unknown long option, and the option's letter both for a short
     * one and for a long one that lacks its value: the argument tells them apart. */
    int long_form = strncmp(arg, "--", 2) == 0 && optopt == 0;
    for (const struct option *o = longs; !long_form && optopt && o->name; o++)
        long_form =
            o->val == optopt && strncmp(arg, "--", 2) == 0 && strncmp(o->name, bare, strlen(bare)) == 0;
    if (!long_form && optopt) {
        char shortopt[3] = {'-', (char)optopt, '\0'};
        if (c == ':') { /* getopt's word for a value missing; '?' is a letter it does not know */
            fprintf(stderr, "freqsys %s: option '-%c' needs a value\n(see 'freqsys help %s')\n", command,
                    optopt, command);
            return EXIT_USAGE;
        }
        return cli_unknown_option(command, shortopt, names);
    }
    size_t matches = 0, exact = 0;
    const struct option *match = NULL;
    for (const struct option *o = longs; o->name; o++) {
        if (strncmp(o->name, bare, strlen(bare)) != 0) continue;
        matches++;
        match = o;
        exact |= strcmp(o->name, bare) == 0;
    }
    if (match && (matches == 1 || exact)) { /* a known option whose value is missing or not wanted */
        for (const struct option *o = longs; exact && o->name; o++)
            if (!strcmp(o->name, bare)) match = o;
        fprintf(stderr, "freqsys %s: option '--%s' %s\n(see 'freqsys help %s')\n", command, match->name,
                c == ':' ? "needs a value" : "takes no value", command);
        return EXIT_USAGE;
    }
    if (matches > 1 && bare[0]) {
        fprintf(stderr, "freqsys %s: option '--%s' is ambiguous; it begins", command, bare);
        size_t k = 0;
        for (const struct option *o = longs; o->name; o++)
            if (!strncmp(o->name, bare, strlen(bare)))
                fprintf(stderr, "%s'--%s'", k++ == 0 ? " " : k == matches ? " and " : ", ", o->name);
        fprintf(stderr, "\n(see 'freqsys help %s')\n", command);
        return EXIT_USAGE;
    }
    return cli_unknown_option(command, arg, names);
}

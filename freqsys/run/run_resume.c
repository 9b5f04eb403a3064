/* freqsys/run/run_resume.c: checkpoints: where an interrupted run leaves one, writing it, and the settings a
 * resumed run takes from it. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "run_resume.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"

/* Where an interrupted run leaves its checkpoint: --checkpoint, else beside -o, else
 * SPEC's base name with ".checkpoint" in the current folder. */
void run_resume_checkpoint_path(const run_options *o, char *buf, size_t size) {
    if (o->checkpoint_path) {
        snprintf(buf, size, "%s", o->checkpoint_path);
        return;
    }
    if (o->out_path) {
        snprintf(buf, size, "%s.checkpoint", o->out_path);
        return;
    }
    const char *base = strrchr(o->spec_path, '/');
    base = base ? base + 1 : o->spec_path;
    size_t n = strlen(base);
    if (n > 6 && strcmp(base + n - 6, ".fspec") == 0) n -= 6;
    snprintf(buf, size, "%.*s.checkpoint", (int)n, base);
}

/* Settings given again on the command line must be the checkpoint's own: another
 * epsilon or seed would not continue the same run. */
int run_resume_settings(run_options *o, const checkpoint *c) {
    char *given = o->spec_path ? realpath(o->spec_path, NULL) : NULL;
    int other = o->spec_path && strcmp(given ? given : o->spec_path, c->spec) != 0;
    free(given);
    if (other) fprintf(stderr, "freqsys: note: the checkpoint was made for %s\n", c->spec);
    if (!o->spec_path) o->spec_path = c->spec;
    if ((o->has_seed && o->seed != c->seed) ||
        (o->has_epsilon && (o->epsilon != c->epsilon || o->epsilon_relative != c->relative)) ||
        (o->has_confidence && o->confidence != c->confidence)) {
        fprintf(stderr, "freqsys run: --resume continues a run with its own seed, epsilon and "
                        "confidence; give none of them, or the same ones\n");
        return EXIT_USAGE;
    }
    o->seed = c->seed;
    o->has_seed = 1;
    o->epsilon = c->epsilon;
    o->epsilon_relative = c->relative;
    o->has_epsilon = 1;
    o->confidence = c->confidence;
    o->has_confidence = 1;
    o->family = (stop_family)c->family;
    o->method = (stop_method)c->method;
    o->cap = c->cap;
    if (!o->has_max_trials) {
        o->max_trials = c->max_trials;
        o->has_max_trials = 1;
    }
    /* a run with --paths continues with them: its module has the path counters */
    if (o->max_paths && o->max_paths != c->max_paths) {
        fprintf(stderr,
                "freqsys run: --resume continues a run with its own --paths and --max-paths (%s); "
                "give none of them, or the same ones\n",
                c->max_paths ? "the checkpoint has them" : "it had none");
        return EXIT_USAGE;
    }
    o->max_paths = c->max_paths;
    return 0;
}

void run_resume_write_checkpoint(const runner_start *state, void *ctx) {
    checkpoint_target *t = ctx;
    checkpoint c = t->header;
    char why[1024];
    c.state = *state;
    if (checkpoint_write(t->path, &c, why, sizeof why) != 0)
        fprintf(stderr, "freqsys: error: %s\n", why);
    else
        t->written = 1;
}

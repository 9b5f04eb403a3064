/* freqsys/run/run_state.h: what one `freqsys run` holds from its options to its result, shared by the files
 * of freqsys/run/. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_STATE_H
#define FREQSYS_RUN_STATE_H

#include "checkpoint.h"
#include "module_load.h"
#include "run_options.h"
#include "run_files.h"
#include "run_rare.h"
#include "runner.h"
#include "spec.h"
#include "tail_level_choice.h"
#include "transform.h"

/* What a checkpoint written during the run needs besides the runner's state. */
typedef struct checkpoint_target {
    checkpoint header; /* everything but the state */
    char path[4096];
    int written;
} checkpoint_target;

/* Released in one place (run_state_free in cli_run.c). */
typedef struct run_state {
    run_options o;
    checkpoint resume;
    spec *s;
    transform_warnings warnings;
    const fsabi_module *loaded;    /* the module as loaded */
    const fsabi_module *mod;       /* the loaded module; from choose_levels on, tail_levels.module */
    tail_level_choice tail_levels; /* its blocks' tail levels for the run's epsilon */
    const runtime_table *rt;       /* the runtime the module carries */
    runner_config cfg;
    checkpoint_target ckpt;
    char *sampling_note; /* why a method asked for by name was not used */
    run_rare rare;       /* --rare: the target and its pilot */
    char *spec_abs;      /* the spec's absolute path, for the checkpoint */
    run_files files;     /* the digests of the spec and sources as built, for the result */
    int argc;            /* the command line, to repeat it when a stop came before sampling */
    char **argv;
    int stop_handled;            /* SIGINT and SIGTERM are requests to stop (stop_request.h) */
    const char *phase;           /* what the run does before sampling, for the message when stopped there */
    struct timespec limit_clock; /* when the time limit began: the pilots spend it too */
} run_state;

#endif

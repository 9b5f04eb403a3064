/* freqsys/run/run_resume.h: checkpoints of `freqsys run`: where they go, writing them, resuming from one. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_RESUME_H
#define FREQSYS_RUN_RESUME_H

#include <stddef.h>
#include "run_state.h"

/* Where an interrupted run leaves its checkpoint: --checkpoint, else beside -o, else
 * SPEC's base name with ".checkpoint" in the current folder; into BUF. */
void run_resume_checkpoint_path(const run_options *o, char *buf, size_t size);
/* Takes the settings of checkpoint C into O; those given again must be C's own.
 * Returns 0, or EXIT_USAGE having said why. */
int run_resume_settings(run_options *o, const checkpoint *c);
/* The runner's on_checkpoint: writes STATE to the checkpoint_target CTX. */
void run_resume_write_checkpoint(const runner_start *state, void *ctx);

#endif

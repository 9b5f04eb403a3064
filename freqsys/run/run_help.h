/* freqsys/run/run_help.h: `freqsys run`'s usage, help, manual section and option list, all made from the
 * option table. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_HELP_H
#define FREQSYS_RUN_HELP_H

#include <stdio.h>

/* "freqsys run SPEC [-e EPS] ...", wrapped, without a final newline. */
void run_help_usage(FILE *out);
/* What `freqsys help run` prints after the usage: what run does, every option,
 * the exit statuses; without a final newline. */
void run_help_text(FILE *out);
/* The manual page's section of run's options, in roff (docs/man/freqsys.1.in). */
void run_help_man(FILE *out);
/* Every long option, "--name" one a line (for the shell completions). */
void run_help_options(FILE *out);

#endif

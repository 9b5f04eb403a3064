/* freqsys/runtime/stdin_text.h: a trial's drawn standard input, made the process's fd 0. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STDIN_TEXT_H
#define FREQSYS_STDIN_TEXT_H

#include <stddef.h>
#include <gsl/gsl_rng.h>
#include "drawn_text.h"
#include "spec.h"

/* The largest standard input one trial may have. Workers may write files of this
 * size (RLIMIT_FSIZE), because the memfd holding the text is one; a larger draw
 * fails the trial with an input error. */
#define STDIN_TEXT_MAX_BYTES DRAWN_TEXT_MAX_BYTES

/* Draws the text IN (`stdin ~ text(...) | lines(...) | files(...)`) from R, the
 * trial's stream, or has the generator of `stdin ~ generator(NAME)` write it (its
 * draws come from the same stream, gen_draws.h), and makes it the whole of
 * standard input. Drawn text from R, the
 * trial's stream, and makes it the whole of standard input: the bytes go into a
 * memfd owned by this process (made on first use, again after a fork, so workers
 * never share one), which becomes fd 0 at offset 0; stdio's `stdin` loses what it
 * had buffered or pushed back from the previous trial, and its EOF and error flags,
 * and is opened again when the program fclosed it. fd 0 is read-only, as with `<`.
 * The program then reads it with any C library function, as a file redirected with
 * `<`. Fails the trial through runtime_fail when the text is over
 * STDIN_TEXT_MAX_BYTES, a byte's draw is not 0..255, or a system call fails. */
void stdin_text_install(const spec_input *in, gsl_rng *r);

/* What the last stdin_text_install gave, for --replay: "137 bytes" or "412 bytes,
 * the file inputs/b.txt". The text lives until the next call. */
const char *stdin_text_describe(void);

#endif

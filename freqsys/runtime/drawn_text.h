/* freqsys/runtime/drawn_text.h: bytes drawn whole for one input: text(...), lines(...), a file of a corpus.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_DRAWN_TEXT_H
#define FREQSYS_DRAWN_TEXT_H

#include <stddef.h>
#include <gsl/gsl_rng.h>
#include "spec.h"

/* The largest text one draw may give. Workers may write files of this size
 * (RLIMIT_FSIZE), because the memfd holding a standard input is one; a larger draw
 * fails the trial with an input error. */
#define DRAWN_TEXT_MAX_BYTES (256ull << 20)

/* One input's bytes, in a buffer kept from draw to draw. */
typedef struct drawn_text {
    char *buf; /* what text and lines are built in; one byte more than len, for a NUL */
    size_t cap;
    const char *data; /* the draw: buf, or a file's own bytes */
    size_t len;
    const spec_file *file; /* FILES: the file chosen; else NULL */
} drawn_text;

/* Draws V (SPEC_VALUE_TEXT, LINES or FILES) from R, the trial's stream, into T: a
 * text's length or a number of lines is recorded for replays under NAME (a string
 * that outlives the trial), the bytes and a file's choice are drawn from R
 * directly; a file is chosen uniformly, or by V's weights. Fails the trial through
 * runtime_fail when the text is over DRAWN_TEXT_MAX_BYTES, a byte's draw is not
 * 0..255, or memory runs out. */
void drawn_text_build(const spec_value *v, gsl_rng *r, const char *name, drawn_text *t);

/* Makes room for NEED bytes in T's buffer (failing the trial past the limit). */
void drawn_text_reserve(drawn_text *t, size_t need);

#endif

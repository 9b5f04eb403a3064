/* examples/nmea/gen_sentence.c: a C generator of NMEA-like sentences, drawing from the trial's stream through <freqsys/gen.h>. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <freqsys/gen.h>

/* One sentence per call: one time in ten (the spec's `draw garbage`) a line of noise
 * that is not a sentence; otherwise "$GP" TYPE "," FIELD "*", the type RMC twice as
 * often as GGA and VTG, the field empty one time in ten and else a number from 0
 * to 999. The buffer is overwritten by the next call: freqsys copies the string. */
const char *make_sentence(void)
{
    static char line[64];
    static const char *const types[] = {"RMC", "RMC", "GGA", "VTG"};
    if (fs_draw("garbage") != 0) {
        snprintf(line, sizeof line, "#%lld", fs_int(0, 99));
        return line;
    }
    const char *type = types[fs_int(0, 3)];
    if (fs_int(1, 10) == 1)
        snprintf(line, sizeof line, "$GP%s,*", type);
    else
        snprintf(line, sizeof line, "$GP%s,%lld*", type, fs_int(0, 999));
    return line;
}

/* freqsys/report/result_rare_text.c: the text report's lines on importance sampling for a rare block. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

int result_write_rare_text(const result *r, FILE *out) {
    if (!r->rare_block) return 0;
    fprintf(
        out,
        "importance sampling for %s: each tilted input from (1 - %g) p + %g p_tilt, at most %llu tilted\n"
        "draws a run, every count weighted by p / q (unbiased under the declared laws); only %s was waited\n"
        "for; the cross-entropy pilot made %llu runs besides these\n",
        r->rare_block, r->rare_mixture, r->rare_mixture, (unsigned long long)r->rare_max_tilted,
        r->rare_block, (unsigned long long)r->rare_pilot_runs);
    for (size_t i = 0; i < r->nrare_tilts; i++) fprintf(out, "  %s\n", r->rare_tilts[i]);
    if (!r->nrare_tilts)
        fputs("  no tilt: the pilot never reached the block, so the runs were drawn plainly\n", out);
    fputc('\n', out);
    return 0;
}

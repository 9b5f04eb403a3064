/* bench/rare/rare_tool.c: `freqsys run --rare` over seeds: runs, pilot included, and coverage of an exact frequency. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clopper_pearson.h"
#include "result.h"

int main(int argc, char **argv) {
    int seeds = 100, c;
    const char *tool = "build/freqsys";
    while ((c = getopt(argc, argv, "R:t:")) != -1) {
        if (c == 'R') seeds = atoi(optarg);
        else if (c == 't') tool = optarg;
        else return 2;
    }
    char function[128], prefix[64];
    unsigned line;
    double truth;
    if (argc - optind != 3 || seeds < 1 ||
        sscanf(argv[optind + 2], "%127[^:]:%u:%63[^=]=%lf", function, &line, prefix, &truth) != 4) {
        fputs("usage: rare-tool [-R SEEDS] [-t FREQSYS] SPEC BLOCK FUNCTION:LINE:LABEL=TRUTH\n"
              "Runs FREQSYS run SPEC --rare BLOCK with seeds 1..SEEDS and prints how many converged, the\n"
              "mean runs (the pilot's included) and the share of seeds whose interval held TRUTH.\n", stderr);
        return 2;
    }
    char path[600], cmd[2048], err[1024];
    const char *tmp = getenv("TMPDIR");
    char template[512];
    snprintf(template, sizeof template, "%s/rare-tool-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(template)) return 1;
    snprintf(path, sizeof path, "%s/r.json", template);
    int converged = 0, covered = 0;
    double runs = 0, pilot = 0;
    for (int seed = 1; seed <= seeds; seed++) {
        snprintf(cmd, sizeof cmd, "'%s' run '%s' --rare '%s' -s %d -j 2 -q -o '%s' 2>/dev/null", tool, argv[optind],
                 argv[optind + 1], seed, path);
        unlink(path);   /* a run that writes nothing must not leave the last seed's result to be read */
        int rc = system(cmd);
        result *r = NULL;
        if (!(WIFEXITED(rc) && WEXITSTATUS(rc) <= 1)) snprintf(err, sizeof err, "the run failed");
        else result_read_json(path, &r, err, sizeof err);
        if (!r) {
            fprintf(stderr, "seed %d (exit %d): %s\n", seed, rc, err);
            return 1;
        }
        const result_block *b = NULL;
        for (size_t j = 0; j < r->nblocks && !b; j++)
            if (r->blocks[j].line == (int)line && !strcmp(r->blocks[j].function, function) &&
                !strncmp(r->blocks[j].block, prefix, strlen(prefix)))
                b = &r->blocks[j];
        if (!b) return 1;
        converged += r->converged;
        covered += r->converged && fabs(b->mean - truth) <= b->half_width;
        runs += (double)(r->trials + r->rare_pilot_runs);
        pilot += (double)r->rare_pilot_runs;
        result_free(r);
    }
    unlink(path);
    rmdir(template);
    printf("%s --rare %s, truth %.6g, %d seeds: converged %d; mean runs %.0f (pilot %.0f)\n", argv[optind],
           argv[optind + 1], truth, seeds, converged, runs / seeds, pilot / seeds);
    if (converged)
        printf("  coverage of the truth by the converged runs' intervals %.3f [%.3f, %.3f] (95%% Clopper-Pearson)\n",
               (double)covered / converged, clopper_pearson_lower((uint64_t)covered, (uint64_t)converged, 0.025),
               clopper_pearson_upper((uint64_t)covered, (uint64_t)converged, 0.025));
    return 0;
}

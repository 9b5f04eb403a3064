/* freqsys/cli_report.c: `freqsys report`: a saved result in another format. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "result.h"

int cli_report(int argc, char **argv) {
    const char *path = NULL, *out_path = NULL, *format = "text";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            cli_help("report", stdout);
            return EXIT_OK;
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out_path = argv[++i];
        } else if ((!strcmp(argv[i], "--format") || !strcmp(argv[i], "-f")) && i + 1 < argc) {
            format = argv[++i];
        } else if (!strncmp(argv[i], "--format=", 9)) {
            format = argv[i] + 9;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "freqsys report: unknown option '%s'\n(see 'freqsys help report')\n", argv[i]);
            return EXIT_USAGE;
        } else if (!path) {
            path = argv[i];
        } else {
            fprintf(stderr, "freqsys report: more than one RESULT given\n");
            return EXIT_USAGE;
        }
    }
    if (!path) {
        fprintf(stderr, "freqsys report: usage: freqsys report RESULT.json --format text|json|csv [-o FILE]\n");
        return EXIT_USAGE;
    }
    if (strcmp(format, "text") && strcmp(format, "json") && strcmp(format, "csv")) {
        fprintf(stderr, "freqsys report: unknown format '%s' (this version writes text, json, csv)\n", format);
        return EXIT_USAGE;
    }
    char err[1024];
    result *r = result_read_json(path, err, sizeof err);
    if (!r) {
        fprintf(stderr, "%s\n", err);
        return EXIT_USAGE;
    }
    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) {
        fprintf(stderr, "freqsys: error: cannot write %s: %s\n", out_path, strerror(errno));
        result_free(r);
        return EXIT_USAGE;
    }
    int rc = result_write(r, format, out);
    if (out != stdout && fclose(out) != 0) rc = -1;
    result_free(r);
    if (rc != 0) {
        fprintf(stderr, "freqsys: error: writing failed: %s\n", strerror(errno));
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

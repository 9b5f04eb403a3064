/* freqsys/commands.h: the subcommands of freqsys, one file each, and what they share. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_COMMANDS_H
#define FREQSYS_COMMANDS_H

#include <llvm-c/Core.h>
#include "spec.h"
#include "transform.h"

/* Exit statuses (the CLI contract). */
#define EXIT_OK         0
#define EXIT_INCOMPLETE 1 /* the budget ran out before every block settled */
#define EXIT_USAGE      2 /* bad command line or spec */
#define EXIT_BUILD      3 /* the program under test could not be built */

/* exit_status.c: the exit status for a spec_parse_* status (SPEC_OK, SPEC_E*) and
 * for a result_read_json status (RESULT_OK, RESULT_E*). */
int exit_status_spec(int status);
int exit_status_result(int status);

/* run/cli_run.c */
int cli_run(int argc, char **argv);
/* cli_check.c */
int cli_check(int argc, char **argv);
/* cli_draw.c */
int cli_draw(int argc, char **argv);
/* cli_instrument.c */
int cli_instrument(int argc, char **argv);
extern void *instrument_kept_context, *instrument_kept_module; /* left for the exit to free */
/* cli_report.c */
int cli_report(int argc, char **argv);
/* cli_plan.c */
int cli_plan(int argc, char **argv);

/* pipeline.c: parses SPEC_PATH and builds the instrumented module in a new context,
 * optimised as LEVEL says, with the transform's warnings in W (may be NULL; free
 * with transform_warnings_free). Returns EXIT_OK, or EXIT_USAGE / EXIT_BUILD after
 * printing the error to stderr (W is then empty). */
int pipeline_instrument(const char *spec_path, optimize_level level, spec **s, LLVMContextRef *ctx,
                        LLVMModuleRef *m, transform_warnings *w);
/* The same, with a counter for every acyclic path of each function that has at most
 * MAX_PATHS of them (0: no paths). */
int pipeline_instrument_paths(const char *spec_path, optimize_level level, uint64_t max_paths, spec **s,
                              LLVMContextRef *ctx, LLVMModuleRef *m, transform_warnings *w);
/* The same, counting what C asks for besides the blocks (paths, calling contexts),
 * with the settings GIVEN (SPEC_GIVEN_*) standing in for missing lines of the spec. */
int pipeline_instrument_counting(const char *spec_path, int given, optimize_level level,
                                 const instrument_counting *c, spec **s, LLVMContextRef *ctx,
                                 LLVMModuleRef *m, transform_warnings *w);

/* main.c: prints the help of one command (or the overview for NULL) to OUT. */
void cli_help(const char *command, FILE *out);

/* cli_options.c: says on stderr that COMMAND has no option ARG (as written: "--epsillon",
 * "--epsillon=0.1", "-x"), naming the closest of the long option NAMES (without dashes,
 * NULL-terminated) when one is near; returns EXIT_USAGE. */
int cli_unknown_option(const char *command, const char *arg, const char *const *names);
/* The same for getopt_long's answer C, '?' or ':', in a command parsing ARGV with
 * LONGS, opterr 0 and an option string that starts with ':': an unknown option, an
 * ambiguous abbreviation, or a value missing or unwanted; returns EXIT_USAGE. */
struct option;
int cli_getopt_error(const char *command, int c, int argc, char **argv, const struct option *longs);

#endif

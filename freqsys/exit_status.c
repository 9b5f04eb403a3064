/* freqsys/exit_status.c: the exit status the command line gives for each failure status of the spec parser
 * and the result reader. */
/* SPDX-License-Identifier: MIT */
#include "commands.h"
#include "result.h"

/* SPEC_ESYNTAX, SPEC_EIO and SPEC_ENOMEM: a spec that does not parse, cannot be read,
 * or does not fit in memory is the caller's input gone wrong, not the program's
 * build, so each is EXIT_USAGE, as the runner's own failures are (README, "Exit
 * status"). */
int exit_status_spec(int status) {
    return status == SPEC_OK ? EXIT_OK : EXIT_USAGE;
}

/* RESULT_EIO, RESULT_ESYNTAX, RESULT_EFORMAT and RESULT_ENOMEM: a result file that is
 * missing, cut short, not a result, or too large for memory is EXIT_USAGE too. */
int exit_status_result(int status) {
    return status == RESULT_OK ? EXIT_OK : EXIT_USAGE;
}

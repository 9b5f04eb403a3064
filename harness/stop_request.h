/* harness/stop_request.h: SIGINT and SIGTERM as one request to stop, which every phase of a run checks. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STOP_REQUEST_H
#define FREQSYS_STOP_REQUEST_H

#include <signal.h>

/* Handles SIGINT and SIGTERM by noting a request to stop, until the matching
 * stop_request_restore. Without SA_RESTART, so that a wait in poll or nanosleep
 * returns at once and its loop looks. Calls nest: only the outermost clears an
 * earlier request and installs the handlers, so a request made in one phase of a
 * run (a pilot) stays for the phases after it, which would otherwise each start
 * afresh and swallow it. */
void stop_request_install(void);

/* Undoes one stop_request_install; the outermost puts back the handlers it found.
 * The request itself stays readable until the next outermost install. */
void stop_request_restore(void);

/* The signal that asked to stop (SIGINT or SIGTERM), or 0. */
int stop_request_pending(void);

/* The same, as a flag a loop can poll without a call. */
const volatile sig_atomic_t *stop_request_flag(void);

#endif

/* freqsys/export/gcda_driver.h: the native program that replays function mode's drawn calls into GCC's build.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GCDA_DRIVER_H
#define FREQSYS_GCDA_DRIVER_H

#include <stddef.h>

/* Reads SIGNATURE (`freqsys draw`'s entry.txt: the entry's name, a line "KIND NAME"
 * per parameter, "return KIND") and writes to DRIVER the C source of a program whose
 * main reads a trial's stem from standard input ("DIR/trial-000042") and calls the
 * entry once per call that draw wrote for it, in order, with the arguments of its
 * listing and files. Its name goes to ENTRY (ENTRYLEN bytes). Returns 0, or -1 with
 * ERR saying why (a file that cannot be read or written, a kind no call can pass). */
int gcda_driver_write(const char *signature, const char *driver, char *entry, size_t entrylen, char *err,
                      size_t errlen);

#endif

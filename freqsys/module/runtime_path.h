/* freqsys/module/runtime_path.h: where the runtime library that instrumented modules are linked with lies,
 * found from the executable's own place. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUNTIME_PATH_H
#define FREQSYS_RUNTIME_PATH_H

#include <stddef.h>

/* The file name of the runtime library. */
#define RUNTIME_PATH_NAME "libfreqsys_rt.a"

/* Finds RUNTIME_PATH_NAME as a compiler finds its resource folder: relative to the
 * running executable, first where `make install` puts it (FREQSYS_RUNTIME_RELDIR
 * from the executable's folder, lib/freqsys beside bin), then in the executable's
 * own folder (the build tree). No absolute path is built in, so an installed tree
 * can be moved. Writes the path into OUT. Returns 0, or -1 with a message in ERR
 * naming the places looked in. */
int runtime_path_find(char *out, size_t outlen, char *err, size_t errlen);

#endif

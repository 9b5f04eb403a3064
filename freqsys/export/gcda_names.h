/* freqsys/export/gcda_names.h: the names the user's GCC build gives each source and object, which the gcda
 * export must rebuild with. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GCDA_NAMES_H
#define FREQSYS_GCDA_NAMES_H

#include <stddef.h>
#include "spec.h"

/* One source as the user's GCC build compiles it: `cd DIR && gcc -c SOURCE -o OBJECT`.
 * GCC names the profile's file after DIR/OBJECT, and the identifiers of static
 * functions hash SOURCE as given and OBJECT's name without its suffix, so the
 * instrumented build must use the same words. */
typedef struct gcc_unit {
    const char *source; /* as the compile names it */
    char *object;       /* as the compile names it, relative to dir */
    char *dir;          /* absolute: where the compile runs */
    char *data_base;    /* OBJECT without its suffix: GCC's name for the unit's files */
} gcc_unit;

/* The compile of each source of S: an --object SOURCE=OBJECT of OBJECTS names its
 * object; else its compile_commands entry gives the folder, the source's name and the
 * object; else `gcc -c SOURCE` here writes STEM.o. NULL with ERR saying why (an
 * object GCC would write outside the rebuild's folder, two profiles of one name). */
gcc_unit *gcda_units_resolve(const spec *s, const char *const *objects, size_t nobjects, char *err,
                             size_t errlen);

void gcda_units_free(gcc_unit *u, size_t n);

/* Makes SOURCE, as a compile in folder DIR names it, reachable under the same name
 * from WORK (a link for a relative name). Returns 0, or -1 with ERR saying why. */
int gcda_mirror(const char *source, const char *dir, const char *work, char *err, size_t errlen);

/* Makes the folders of WORK/OBJECT. Returns 0, or -1 with ERR saying why. */
int gcda_object_dirs(const char *work, const char *object, char *err, size_t errlen);

/* The current folder, to free; NULL when it cannot be said. */
char *gcda_current_dir(void);

#endif

/* freqsys/export/gcda_names.c: the names the user's GCC build gives each source and object, which the gcda
 * export must rebuild with. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "gcda_names.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The current folder, to free; NULL when it cannot be said. */
char *gcda_current_dir(void) {
    char buf[4096];
    return getcwd(buf, sizeof buf) ? strdup(buf) : NULL;
}

/* The name without folder and extension of SOURCE. */
static char *stem(const char *source) {
    const char *base = strrchr(source, '/') ? strrchr(source, '/') + 1 : source;
    char *s = strdup(base), *dot = s ? strrchr(s, '.') : NULL;
    if (dot && dot != s) *dot = 0;
    return s;
}

/* The object's name without its last suffix ("x.c.o" -> "x.c"), as GCC bases its
 * data files on it. */
static char *without_suffix(const char *object) {
    char *s = strdup(object), *slash = s ? strrchr(s, '/') : NULL, *dot = s ? strrchr(s, '.') : NULL;
    if (dot && dot > (slash ? slash + 1 : s)) *dot = 0;
    return s;
}

/* Whether paths A and B name the same file (or, for files not there, the same text). */
static int same_path(const char *a, const char *b) {
    char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
    int same = ra && rb ? !strcmp(ra, rb) : !strcmp(a, b);
    free(ra);
    free(rb);
    return same;
}

void gcda_units_free(gcc_unit *u, size_t n) {
    for (size_t i = 0; u && i < n; i++) {
        free(u[i].object);
        free(u[i].dir);
        free(u[i].data_base);
    }
    free(u);
}

/* The compile of each source of S: an --object SOURCE=OBJECT of OBJECTS names its
 * object; else its compile_commands entry gives the folder, the source's name and the
 * object; else `gcc -c SOURCE` here writes STEM.o. NULL with ERR saying why. */
gcc_unit *gcda_units_resolve(const spec *s, const char *const *objects, size_t nobjects, char *err,
                             size_t errlen) {
    gcc_unit *u = calloc(s->nsources + 1, sizeof *u);
    char *cwd = gcda_current_dir();
    int rc = u && cwd ? 0 : -1;
    if (rc != 0) snprintf(err, errlen, "out of memory");
    for (size_t k = 0; rc == 0 && k < nobjects; k++) {
        const char *eq = strchr(objects[k], '=');
        size_t i = 0;
        char *source = eq ? strndup(objects[k], (size_t)(eq - objects[k])) : NULL;
        while (source && i < s->nsources && !same_path(source, s->sources[i])) i++;
        if (!eq || eq == objects[k] || !eq[1]) {
            snprintf(err, errlen,
                     "--object '%s': give it as SOURCE=OBJECT (src/a.c=CMakeFiles/a.dir/src/a.c.o)",
                     objects[k]);
            rc = -1;
        } else if (!source || i == s->nsources) {
            snprintf(err, errlen, "--object '%s': %s is not a source of the program (its first: %s)",
                     objects[k], source ? source : "?", s->nsources ? s->sources[0] : "none");
            rc = -1;
        } else if (!(u[i].object = strdup(eq + 1))) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        }
        free(source);
    }
    for (size_t i = 0; rc == 0 && i < s->nsources; i++) {
        const spec_unit *db = s->units && s->units[i].from_db && s->units[i].object ? &s->units[i] : NULL;
        if (!u[i].object) {
            char *name = db ? NULL : stem(s->sources[i]);
            if (db)
                u[i].object = strdup(db->object);
            else if (name && asprintf(&u[i].object, "%s.o", name) < 0)
                u[i].object = NULL;
            free(name);
        }
        u[i].source = db ? db->source_word : s->sources[i];
        u[i].dir = strdup(db ? db->directory : cwd);
        u[i].data_base = u[i].object ? without_suffix(u[i].object) : NULL;
        if (!u[i].object || !u[i].dir || !u[i].data_base) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        } else if (u[i].object[0] == '/' || !strncmp(u[i].object, "../", 3) || strstr(u[i].object, "/../")) {
            /* GCC would write the instrumented build's files there, in the user's build */
            snprintf(err, errlen,
                     "%s: its object %s is not below the folder its compile runs in (%s): --format gcda "
                     "rebuilds it in a folder of its own; give --object %s=RELATIVE.o",
                     s->sources[i], u[i].object, u[i].dir, s->sources[i]);
            rc = -1;
        }
        for (size_t j = 0; rc == 0 && j < i; j++)
            if (!strcmp(u[j].dir, u[i].dir) && !strcmp(u[j].data_base, u[i].data_base)) {
                snprintf(err, errlen,
                         "%s and %s: GCC names both profiles %s.gcda: name their objects apart "
                         "with --object SOURCE=OBJECT",
                         s->sources[j], s->sources[i], u[i].data_base);
                rc = -1;
            }
    }
    free(cwd);
    if (rc != 0) {
        gcda_units_free(u, s->nsources);
        return NULL;
    }
    return u;
}

/* Makes SOURCE, as a compile in folder DIR names it, reachable under the same name
 * from WORK (GCC hashes the name as given): a relative SOURCE becomes a link in WORK;
 * an absolute one is the same everywhere. */
int gcda_mirror(const char *source, const char *dir, const char *work, char *err, size_t errlen) {
    if (source[0] == '/') return 0;
    if (!strncmp(source, "../", 3) || strstr(source, "/../")) {
        snprintf(err, errlen,
                 "%s: --format gcda names each source as the compile in %s does, and cannot "
                 "rebuild a name with '..': run it from a folder that holds the sources",
                 source, dir);
        return -1;
    }
    char *link = NULL, *target = NULL;
    int rc = -1;
    if (asprintf(&link, "%s/%s", work, source) >= 0 && asprintf(&target, "%s/%s", dir, source) >= 0) {
        rc = 0;
        for (char *p = link + strlen(work) + 1; (p = strchr(p, '/')) != NULL && rc == 0; p++) {
            *p = 0;
            rc = mkdir(link, 0777) != 0 && errno != EEXIST ? -1 : 0;
            *p = '/';
        }
        if (rc == 0) rc = symlink(target, link);
    }
    if (rc != 0)
        snprintf(err, errlen, "%s: cannot link it into the working folder %s: %s", source, work,
                 strerror(errno));
    free(link);
    free(target);
    return rc;
}

/* Makes the folders of WORK/OBJECT. */
int gcda_object_dirs(const char *work, const char *object, char *err, size_t errlen) {
    char *path = NULL;
    int rc = asprintf(&path, "%s/%s", work, object) < 0 ? -1 : 0;
    for (char *p = path ? path + strlen(work) + 1 : NULL; rc == 0 && p && (p = strchr(p, '/')) != NULL; p++) {
        *p = 0;
        rc = mkdir(path, 0777) != 0 && errno != EEXIST ? -1 : 0;
        *p = '/';
    }
    if (rc != 0)
        snprintf(err, errlen, "cannot make the folder of %s in %s: %s", object, work, strerror(errno));
    free(path);
    return rc;
}

/* freqsys/spec/compile_db.h: a build's compile_commands.json, reduced to the flags that give C code its
 * meaning. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_COMPILE_DB_H
#define FREQSYS_COMPILE_DB_H

#include <stddef.h>

/* One translation unit of the database. */
typedef struct compile_entry {
    char *file;      /* absolute path of the source */
    char *directory; /* absolute: where its command ran */
    char *source;    /* the source as its command names it ("file" as written) */
    char *object;    /* the object its command writes (`-o`, or "output"), as written; NULL: none */
    char **flags;    /* the flags kept, paths made absolute; NULL-terminated */
    size_t nflags;
    char **notes; /* what was dropped and why, each once: "dropped -O2 (optimisation: ...)" */
    size_t nnotes;
} compile_entry;

typedef struct compile_db {
    compile_entry *v;
    size_t n;
} compile_db;

/* Reads the database at PATH: each entry's "directory", "file", and "arguments" (or
 * "command", split as a POSIX shell would split it), and the object it writes. Keeps what changes the meaning
 * of the code (-D, -U, include paths and forced includes, -std, the -f options that
 * change semantics, target and sysroot) and drops the rest with a note (output,
 * optimisation, debug, warnings, dependency files, code generation), since freqsys
 * compiles each unit its own way. A file listed twice keeps its first entry. Returns
 * 0, or -1 with a message in ERR (the file unreadable, not JSON, an entry without
 * its fields). */
int compile_db_load(const char *path, compile_db *db, char *err, size_t errlen);

/* The entry for the source at absolute path FILE (compared after resolving links),
 * or NULL. */
const compile_entry *compile_db_find(const compile_db *db, const char *file);

/* Splits a shell command line into words: blanks separate, '...' is literal, "..."
 * takes \" \\ \$ \` escapes, and a backslash outside quotes escapes the next
 * character. Returns the words (NULL-terminated, *N of them), or NULL when memory
 * ran out or a quote is not closed. */
char **compile_db_split(const char *command, size_t *n);

void compile_db_free(compile_db *db);

#endif

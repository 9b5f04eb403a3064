/* freqsys/transform/reads.h: input reads (scanf and friends) replaced by draws. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_READS_H
#define FREQSYS_READS_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include "ptr_map.h"
#include "spec.h"

/* A place where the program takes an input: a read of standard input, or (added
 * by inputs.c and mmio.c) a global, an extern or an MMIO register. */
typedef struct read_site {
    char *variable; /* "" when the destination has no name */
    char *file;
    unsigned line;
    unsigned kind;   /* fsabi_kind */
    unsigned origin; /* fsabi_origin */
    unsigned decl;   /* origins other than READ: index of the spec input */
} read_site;

typedef struct read_sites {
    read_site *v;
    size_t n, cap;
} read_sites;

/* Replaces every read from standard input in M (scanf, fscanf(stdin), their
 * __isoc99_ forms, getchar, getc/fgetc(stdin), fgets(.., stdin)) by calls to the
 * runtime's draw functions, one per conversion, in the functions of REACHABLE (code
 * the entry never reaches keeps its reads and needs no declarations); a scanf call becomes the number of
 * items it assigns. Each conversion becomes one site in OUT. Fails (TRANSFORM_ESPEC,
 * message in ERR naming the source line) on a format that is not a constant or has a
 * conversion no draw can replace, and on a read that matches no declaration of S.
 * When S declares `stdin ~ ...` it replaces nothing and adds no site: the program
 * reads its drawn standard input through the C library. */
int reads_replace(LLVMModuleRef m, const spec *s, const ptr_map *reachable, read_sites *out, char *err,
                  size_t errlen);

/* Whether a read can find the input ended: only when `read N` lines serve reads
 * that nothing else declares (then the runtime's draw has no value for one). */
int reads_input_can_end(const spec *s);

/* Appends a site located at instruction AT (NULL: no location). Returns its index,
 * or -1 when memory ran out. */
int reads_add_site(read_sites *r, const char *variable, LLVMValueRef at, unsigned kind, unsigned origin,
                   unsigned decl);

void reads_free(read_sites *r);

#endif

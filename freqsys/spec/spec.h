/* freqsys/spec/spec.h: the spec file (inputs, distributions, precision) as parsed. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SPEC_H
#define FREQSYS_SPEC_H

#include <stddef.h>
#include <stdint.h>
#include "dist.h"

typedef struct spec_loc {
    int line, column;
} spec_loc; /* 1-based */

/* What an input declaration binds to. */
typedef enum spec_target {
    SPEC_VAR,        /* ask ~ D            every read into variable `ask` */
    SPEC_READ_INDEX, /* read 3 ~ D         the 3rd value read in a run */
    SPEC_READ_ANY,   /* read * ~ D         any read not declared otherwise */
    SPEC_ARG,        /* arg len ~ D, arg 0 ~ D, arg cfg.mode ~ D */
    SPEC_GLOBAL,     /* global threshold ~ D */
    SPEC_EXTERN_FN,  /* extern read_adc() ~ D */
    SPEC_EXTERN_VAR, /* extern int sensor_gain ~ D */
    SPEC_MMIO,       /* mmio 0x40012000 ~ D, mmio 0x40012000..0x40012010 ~ D */
    SPEC_STDIN,      /* stdin ~ text(...) | lines(...) | files(...): the whole standard input */
    SPEC_DRAW        /* draw NAME ~ D: a named distribution a generator draws with fs_draw("NAME") */
} spec_target;

/* The right-hand side of `~`: a distribution, or (for arguments) a shape around one. */
typedef enum spec_value_kind {
    SPEC_VALUE_DIST,        /* normal(512, 40); or a string-valued one (dist_is_text): format(...) */
    SPEC_VALUE_ARRAY,       /* array(LEN, D): LEN a constant or another argument's name */
    SPEC_VALUE_STRING,      /* string(LEN_DIST, "charset") or string(LEN_DIST, CHAR_DIST) */
    SPEC_VALUE_REF,         /* ref(D): a pointer to one value */
    SPEC_VALUE_TEXT,        /* text(LEN_D, BYTE_D): LEN_D bytes, each drawn from BYTE_D */
    SPEC_VALUE_LINES,       /* lines(COUNT_D, string(LEN_D, "charset")): COUNT_D lines, each ending in '\n' */
    SPEC_VALUE_FILES,       /* files("glob"): one whole file of a corpus, chosen uniformly */
    SPEC_VALUE_NULL,        /* null: a null pointer argument (only after arg) */
    SPEC_VALUE_PERMUTATION, /* permutation(LEN): 0 .. LEN-1 in a uniformly random order */
    SPEC_VALUE_GENERATOR,   /* generator(NAME) or generator(NAME, CAP): the spec's C generator NAME */
    SPEC_VALUE_LENGTH,      /* length(ARG): the drawn length of another argument (only after arg) */
    SPEC_VALUE_ZEROED,      /* zeroed: one zeroed object of the pointee's type (only after arg) */
    SPEC_VALUE_BUFFER       /* buffer(N): N zeroed writable bytes (only after arg) */
} spec_value_kind;

/* One file of a files("glob") corpus, read when the spec is parsed. */
typedef struct spec_file {
    char *path; /* as resolved against the spec's folder */
    char *data; /* its bytes (not NUL-terminated; may be NULL when len is 0) */
    size_t len;
} spec_file;

typedef struct spec_value {
    spec_value_kind kind;
    dist *dist;          /* DIST, REF: the distribution; ARRAY: the element's; STRING, TEXT:
                            the length; LINES: the number of lines */
    dist *item;          /* TEXT: each byte's distribution; LINES: each line's length */
    long long len_const; /* ARRAY: constant length, when len_name is NULL; BUFFER: its bytes */
    char *len_name;      /* ARRAY: length taken from this argument; LENGTH: the argument measured */
    dist *chars;         /* STRING, LINES: each character's distribution (codes 0..255), when
                            no charset is given: string(LEN_D, discrete(35: 1, 97: 3)) */
    char *charset;       /* STRING, LINES: the characters to draw from; may hold NUL bytes */
    size_t charset_len;
    char *pattern;    /* FILES: the first glob as written */
    spec_file *files; /* FILES: the files the globs match, each glob's sorted by path */
    size_t nfiles;
    double *weights;      /* FILES: each file's weight (its glob's); NULL: all equally likely */
    char **globs;         /* FILES: every glob as written (globs[0] is pattern) ... */
    double *glob_weights; /* ... and its weight, when weights is not NULL */
    size_t nglobs;
    char *gen_name;    /* GENERATOR: the function's name */
    long long gen_cap; /* GENERATOR: the byte form's capacity, generator(NAME, CAP); 0: none */
    spec_loc loc;
    spec_loc len_loc; /* ARRAY, LENGTH, BUFFER: where LEN (the argument, the size) is written;
                         STRING, TEXT, LINES: the length's (LINES: the count's) distribution;
                         GENERATOR: the name */
} spec_value;

typedef struct spec_input {
    spec_target target;
    char *name;                /* VAR, ARG (may be "cfg.mode"), GLOBAL, EXTERN_FN, EXTERN_VAR, DRAW */
    long long index;           /* READ_INDEX: 1-based; ARG: parameter index when name is NULL;
                                  GLOBAL with element: the array element, from 0 */
    int element;               /* GLOBAL: one element, name[index], of an array */
    char *ctype;               /* EXTERN_VAR: the C type as written ("int", "unsigned short") */
    uint64_t addr_lo, addr_hi; /* MMIO: inclusive range; one address has addr_lo == addr_hi */
    spec_value value;
    spec_loc loc;      /* where the declaration starts */
    spec_loc name_loc; /* where its name (or index, or address) is written */
} spec_input;

/* `interrupt "NAME" ~ D`: after each call of the entry, the handler NAME runs a drawn
 * number of times (bernoulli: with probability p; poisson: a Poisson number). */
typedef struct spec_interrupt {
    char *name;
    dist *count; /* integer-valued, never negative */
    spec_loc loc, name_loc, count_loc;
} spec_interrupt;

/* `cap FUNCTION N` (no block of FUNCTION runs more than N times per call of it) or
 * `cap FILE:LINE N` (the loop whose header is at FILE:LINE iterates at most N times
 * per entry): assumptions the proven bounds build on, each named where used. */
typedef struct spec_cap {
    char *function; /* FUNCTION, or NULL */
    char *file;     /* FILE as written, or NULL */
    int line;       /* LINE, with FILE */
    char *name;     /* the target as written: "parse_line", "newton.c:9" */
    unsigned long long n;
    spec_loc loc, name_loc;
} spec_cap;

/* How one source is compiled, besides the spec's `cflags` for every source. */
typedef struct spec_unit {
    char **flags; /* its own flags (`cflags "a.c": ...`, or its compile_commands entry's,
                   * paths absolute), NULL-terminated; NULL: none */
    size_t nflags;
    char **notes; /* its entry's flags dropped, and why, for `check` */
    size_t nnotes;
    int header;        /* a header compiled as C: `program "lib.h"` */
    int from_db;       /* its flags come from compile_commands */
    char *directory;   /* from compile_commands: where its command ran (absolute), else NULL */
    char *source_word; /* from compile_commands: the source as its command names it */
    char *object;      /* from compile_commands: the object it writes, as written; NULL: none */
    spec_loc loc;      /* where it is named: its program line's string, or compile_commands */
} spec_unit;

/* `cflags "a.c": "-DA" ...`, kept until the sources are known. */
typedef struct spec_file_flags {
    char *name; /* as written */
    char *path; /* joined with the spec's folder */
    char **flags;
    size_t nflags;
    spec_loc loc;
} spec_file_flags;

#define SPEC_MAX_QUANTILES 16 /* the most levels a spec's `quantiles` line gives */

typedef struct spec {
    char *path;     /* the spec file as given */
    char *dir;      /* its folder: sources and data files are relative to it */
    char **sources; /* absolute or spec-relative resolved paths */
    size_t nsources;
    spec_unit *units;       /* [nsources]: how each is compiled */
    char *compile_commands; /* `compile_commands "build/compile_commands.json"`, joined with dir; or NULL */
    spec_loc compile_commands_loc;
    spec_file_flags *file_flags; /* `cflags "a.c": ...`, in the order written */
    size_t nfile_flags;
    char **cflag_notes; /* `cflags` flags dropped (-O2, -g), and why, for `check` */
    size_t ncflag_notes;
    char *function;       /* NULL: program mode (entry main); else isolated-function mode */
    double epsilon;       /* absolute precision, or relative when epsilon_relative */
    int epsilon_relative; /* written as "2%": epsilon is 0.02 of each block's mean */
    double epsilon_floor; /* "2% + 0.001": an absolute amount added to a relative epsilon; 0: none */
    double confidence;    /* gamma, in (0, 1) */
    unsigned long long seed;
    int has_seed;
    unsigned long long max_trials; /* default 10,000,000 */
    unsigned long long cap;        /* `cap N`: the most executions of a block in one run,
                                    * an assumption the bounds use; 0 when not given */
    spec_cap *caps;                /* `cap FUNCTION N` and `cap FILE:LINE N`, in the order written */
    size_t ncaps;
    double timeout_s;                     /* per trial; default 10 s */
    double time_limit_s;                  /* the whole run's wall clock; 0: none */
    double quantiles[SPEC_MAX_QUANTILES]; /* `quantiles 0.5, 0.99`: levels of each block's count per run; in
                                             (0, 1) */
    size_t nquantiles;
    spec_loc quantiles_loc;
    int network_allowed; /* `network allow`: the program may create sockets */
    spec_loc network_loc;
    char **cflags; /* clang flags for the C sources, NULL-terminated; paths joined with dir */
    size_t ncflags;
    char **argv; /* argv ~ list(...): main's arguments in program mode, NULL-terminated; or NULL */
    size_t nargv;
    spec_loc argv_loc;
    spec_input *inputs;
    size_t ninputs;
    unsigned long long calls;  /* `calls N`: calls of the entry per trial, globals kept
                                * between them; 1 when not given */
    unsigned long long warmup; /* `warmup K`: the first K calls are not counted */
    spec_loc calls_loc, warmup_loc;
    spec_interrupt *interrupts; /* in the order written */
    size_t ninterrupts;
    char **generators; /* `generators "gen.c" ...`: C sources of generators, joined with dir */
    size_t ngenerators;
    spec_loc generators_loc; /* the first `generators` line */
    spec_loc program_loc, function_loc, epsilon_loc, confidence_loc;
    char **lines; /* the spec's text by line, for diagnostics after parsing */
    size_t nlines;
} spec;

#define SPEC_DEFAULT_MAX_TRIALS 10000000ULL
#define SPEC_DEFAULT_TIMEOUT_S  0.0 /* none given: freqsys run calibrates one */
#define SPEC_DEFAULT_SEED       1ULL

/* The calls of one trial whose counts are kept: calls - warmup (1 without `calls`).
 * Every per-call estimate is a trial's total over these calls divided by this. */
unsigned long long spec_counted_calls(const spec *s);

/* How a parse failed: every parsing function returns SPEC_OK (0) or one of these,
 * with the whole message in the caller's buffer ERR. */
typedef enum spec_status {
    SPEC_OK = 0,
    SPEC_ENOMEM = -1, /* memory ran out */
    SPEC_EIO = -2,    /* the file cannot be opened or read, or is not text (a NUL byte) */
    SPEC_ESYNTAX = -3 /* the text is not a valid spec: its form or its meaning, at file:line:column */
} spec_status;

/* Parses the spec file at PATH into *OUT (NULL on failure). Returns SPEC_OK, or a
 * status above with a full diagnostic in ERR, "FILE:LINE:COL: error: MESSAGE", then
 * the line and a caret under the column, e.g.
 *     newton.fspec:4:7: error: unknown distribution 'unifrom'; did you mean 'uniform'?
 *         4 | ask ~ unifrom(100, 800)
 *           |       ^
 * ("FILE: error: MESSAGE" when the file itself fails). The first error ends parsing;
 * only the missing required settings are reported together, one diagnostic each. */
int spec_parse_file(const char *path, spec **out, char *err, size_t errlen);

/* The same on TEXT, reported under the name PATH (which also sets dir). */
int spec_parse_string(const char *text, const char *path, spec **out, char *err, size_t errlen);

/* The confidence of a spec with no 'confidence' line and no run -g. */
#define SPEC_DEFAULT_CONFIDENCE 0.95

/* Settings a caller supplies itself (freqsys run -e, -g), so that a spec without
 * their lines is complete: their fields are then 0, for the caller to fill. */
enum { SPEC_GIVEN_EPSILON = 1, SPEC_GIVEN_CONFIDENCE = 2 };

/* spec_parse_file and spec_parse_string with GIVEN, a mask of SPEC_GIVEN_*. */
int spec_parse_file_given(const char *path, int given, spec **out, char *err, size_t errlen);
int spec_parse_string_given(const char *text, const char *path, int given, spec **out, char *err,
                            size_t errlen);

void spec_free(spec *s);

/* Formats a diagnostic at LOC of S in the form above, for errors found after parsing
 * (an input that names no variable of the program, say). */
void spec_diagnose(const spec *s, spec_loc loc, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* input_text.c: IN as canonical spec text, its distributions as dist_format writes
 * them, then what a draw is: "arg s ~ choice(\"A\", \"B\")  (a string)". Returns the
 * length snprintf would, so BUF may be too small and the caller can tell. */
int spec_input_text(const spec_input *in, char *buf, size_t size);

/* spec_find.c: the `stdin ~ ...` declaration of S, or NULL when the program's reads are drawn one
 * value at a time (or it reads nothing). */
const spec_input *spec_find_stdin(const spec *s);

/* The input declared for variable NAME (SPEC_VAR), or NULL. */
const spec_input *spec_find_var(const spec *s, const char *name);

/* The named distribution `draw NAME ~ D` (SPEC_DRAW), or NULL. */
const spec_input *spec_find_draw(const spec *s, const char *name);

#endif

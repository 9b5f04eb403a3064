/* freqsys/abi.h: the agreement between the IR transform, the runtime and the harness. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_ABI_H
#define FREQSYS_ABI_H

#include <stdint.h>

/* The transform emits into every instrumented module one global descriptor named
 * FSABI_MODULE_SYMBOL. The harness finds it with dlsym and reaches everything else
 * through it. The layouts below are mirrored field by field in the IR (see
 * freqsys/transform/module_table.c): every field is a pointer or a 32/64-bit integer
 * placed so that no padding arises. Bump FSABI_VERSION on any change. */
#define FSABI_VERSION 3
#define FSABI_MODULE_SYMBOL "freqsys_module"

/* Runtime entry points the instrumented code calls. They are defined in the freqsys
 * executable (exported through its dynamic symbol list) and resolved when the
 * module is loaded. */
#define FSABI_READ_INT "freqsys_rt_read_int"     /* int64_t (uint32_t site) */
#define FSABI_READ_REAL "freqsys_rt_read_real"   /* double (uint32_t site) */
#define FSABI_READ_TEXT "freqsys_rt_read_text"   /* void (uint32_t site, char *buf, int64_t cap) */
#define FSABI_READ_LINE "freqsys_rt_read_line"   /* char *(uint32_t site, char *buf, int32_t cap) */
#define FSABI_GETCHAR "freqsys_rt_getchar"       /* int32_t (uint32_t site) */
#define FSABI_EXIT "freqsys_rt_exit"             /* noreturn void (int32_t status) */
#define FSABI_ABORT "freqsys_rt_abort"           /* noreturn void (void) */
#define FSABI_ASSERT_FAIL "freqsys_rt_assert_fail" /* noreturn, as glibc's __assert_fail */

/* The C type an input read stores into; decides range checks and conversion. */
typedef enum fsabi_kind {
    FSABI_KIND_I8 = 1, FSABI_KIND_I16, FSABI_KIND_I32, FSABI_KIND_I64,
    FSABI_KIND_U8, FSABI_KIND_U16, FSABI_KIND_U32, FSABI_KIND_U64,
    FSABI_KIND_F32, FSABI_KIND_F64,
    FSABI_KIND_CHAR,      /* %c: one char, the drawn value is its code */
    FSABI_KIND_TEXT,      /* %s, %[: a word; numbers are written in decimal */
    FSABI_KIND_LINE,      /* fgets: a line with its newline */
    FSABI_KIND_GETCHAR    /* getchar/getc/fgetc: a code 0..255, or EOF (-1) */
} fsabi_kind;

/* A block's CFG successors are edges[first_successor .. + nsuccessors) (block
 * indices), and the functions it calls directly are edges[first_callee .. +
 * ncallees) (function indices; a function called twice is listed twice). */
typedef struct fsabi_block {
    const char *function;
    const char *label;        /* IR label; "bbN" when the block had no name */
    const char *file;         /* "" when the block has no debug location */
    uint32_t line;            /* first source line, 0 when unknown */
    uint32_t function_index;
    uint32_t first_successor, nsuccessors;
    uint32_t first_callee, ncallees;
} fsabi_block;

typedef struct fsabi_function {
    const char *name;
    const char *file;         /* where it is defined; "" without debug information */
    uint32_t first_block;     /* its blocks are [first_block, first_block + nblocks) */
    uint32_t nblocks;
    uint32_t line;            /* the line of its declarator (DISubprogram), 0 unknown */
    uint32_t reserved;
} fsabi_function;

/* One place in the program where an input is read. */
typedef struct fsabi_site {
    const char *variable;     /* the variable read into; "" when it has no name */
    const char *file;
    uint32_t line;
    uint32_t kind;            /* fsabi_kind */
} fsabi_site;

typedef struct fsabi_module {
    uint64_t abi_version;     /* FSABI_VERSION */
    uint64_t nblocks, nfunctions, nsites;
    /* Per-trial state, written by the instrumented code and cleared by the harness.
     * A function appends its index to touched_list the first time it runs in a
     * trial, so the harness reads only the counters of functions that ran. */
    uint64_t *counters;            /* [nblocks] executions in the current trial */
    uint8_t *fn_touched;           /* [nfunctions] 1 once the function ran */
    uint32_t *touched_list;        /* [nfunctions + 1] */
    uint32_t *touched_count;
    const fsabi_block *blocks;     /* [nblocks] */
    const fsabi_function *functions;   /* [nfunctions] */
    const fsabi_site *sites;       /* [nsites] */
    const uint32_t *edges;         /* successor and callee lists, see fsabi_block */
    void (*reset_globals)(void);   /* restores every global to its initial value */
    void *entry;                   /* main, or the isolated function */
} fsabi_module;

#endif

/* freqsys/plan/code_parts.h: the parts of functions the target build keeps: hot parts and outlined cold ones,
 * block by block. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CODE_PARTS_H
#define FREQSYS_CODE_PARTS_H

#include <stddef.h>
#include <stdint.h>
#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

/* One machine basic block of a part. */
typedef struct code_block {
    char *label;    /* the IR block it starts ("for.body.i"), or that of the block it follows */
    double runs;    /* expected executions per run (per call in function mode) */
    double cycles;  /* llvm-mca's cycles per execution on the target CPU, no wait states */
    uint64_t bytes; /* its instructions' encoded bytes */
    char **callees; /* the parts it calls or jumps to */
    size_t ncallees;
} code_block;

/* A function of the optimised object: a whole function, the hot part left after
 * hot/cold splitting, or an outlined cold part (NAME.cold.N). */
typedef struct code_part {
    char *name;     /* its symbol, and its section is .text.NAME */
    uint64_t size;  /* bytes of its section */
    double entries; /* entries per run: its entry block's runs */
    code_block *blocks;
    size_t nblocks;
} code_part;

typedef struct code_parts {
    code_part *parts;
    size_t n;
    char timing[200]; /* when llvm-mca has no timing model for the CPU: whose cycles they are */
} code_parts;

/* Reads the parts of M (optimised with a profile whose counts are expected runs x
 * SCALE) for target machine TM and CPU, whose assembly comments lines with COMMENT
 * ('@' on ARM, '#' on RISC-V): the machine blocks of each function from the verbose
 * assembly, each block's runs from its IR block's frequency (block_freq.h), its cycles
 * and bytes from one llvm-mca-19 run over all blocks (with the extensions M's
 * functions are compiled for; mca_cycles.h says which CPU's timing a CPU without one
 * gets, and OUT's timing then says so). M is changed by code generation:
 * pass a clone. Sizes are left 0 (the object's sections give them). Returns 0, or -1
 * with a message in ERR. */
int code_parts_read(LLVMModuleRef m, LLVMTargetMachineRef tm, const char *triple, const char *cpu,
                    double scale, code_parts *out, char *err, size_t errlen);

code_part *code_parts_find(const code_parts *c, const char *name);

void code_parts_free(code_parts *c);

#endif

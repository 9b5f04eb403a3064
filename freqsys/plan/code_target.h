/* freqsys/plan/code_target.h: the embedded targets code sizes are measured for: triple, CPU, flags, C library
 * headers. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CODE_TARGET_H
#define FREQSYS_CODE_TARGET_H

#include <stddef.h>

#define CODE_TARGET_MAX_FLAGS 8

/* How clang compiles for one target: --target=TRIPLE -mcpu=CPU FLAGS..., with the
 * bare-metal C library's headers (-isystem LIBC_INCLUDE) so that firmware that
 * includes <stdio.h> or <string.h> compiles as it would for the device. */
typedef struct code_target {
    char name[96];                            /* "cortex-m4", or the triple when given as one */
    char triple[96];                          /* clang's --target */
    char cpu[64];                             /* -mcpu=, "" for none (RISC-V takes -march) */
    const char *flags[CODE_TARGET_MAX_FLAGS]; /* NULL-terminated: float ABI, FPU, -march, -mabi */
    const char *libc;         /* "newlib 3.3 (arm-none-eabi)", "picolibc (riscv64-unknown-elf)" */
    const char *libc_include; /* its headers; NULL for a triple with no known library */
    const char *package;      /* the Debian package that has them */
    unsigned flash_wait;      /* wait states of a fetch from flash at the part's top clock */
} code_target;

/* Resolves NAME: a profile ("cortex-m0plus", "cortex-m4", "cortex-m7", "rv32imc") or an
 * LLVM triple (thumbv7em-none-eabi, riscv32-unknown-elf...; then CPU, which may be
 * NULL, is its -mcpu and the C library follows from the architecture). Returns 0, or
 * -1 with a message listing the profiles in ERR. */
int code_target_resolve(const char *name, const char *cpu, code_target *out, char *err, size_t errlen);

/* 1 when the target's C library headers are installed. */
int code_target_has_libc(const code_target *t);

/* The profile names, NULL-terminated, for help texts and messages. */
const char *const *code_target_profiles(void);

#endif

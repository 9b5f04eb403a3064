/* freqsys/plan/code_target.c: the embedded target profiles and the bare-metal C library headers they use. */
/* SPDX-License-Identifier: MIT */
#include "code_target.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define NEWLIB_INCLUDE   "/usr/lib/arm-none-eabi/include"
#define NEWLIB           "newlib (arm-none-eabi)"
#define PICOLIBC_INCLUDE "/usr/lib/picolibc/riscv64-unknown-elf/include"
#define PICOLIBC         "picolibc (riscv64-unknown-elf)"

typedef struct profile {
    const char *name, *triple, *cpu;
    const char *flags[CODE_TARGET_MAX_FLAGS];
    unsigned flash_wait;
} profile;

/* Hard-float Cortex-M4/M7 as their vendors' start-up code builds them. The wait
 * states are those of a typical part at its top clock: an STM32L0 at 32 MHz (1), an
 * STM32F4 at 168 MHz (5), an STM32F7 at 216 MHz (7); the RISC-V profile assumes code
 * run from zero-wait memory. */
static const profile profiles[] = {
    {"cortex-m0plus", "thumbv6m-none-eabi", "cortex-m0plus", {"-mfloat-abi=soft", NULL}, 1},
    {"cortex-m4", "thumbv7em-none-eabi", "cortex-m4", {"-mfloat-abi=hard", "-mfpu=fpv4-sp-d16", NULL}, 5},
    {"cortex-m7", "thumbv7em-none-eabi", "cortex-m7", {"-mfloat-abi=hard", "-mfpu=fpv5-d16", NULL}, 7},
    {"rv32imc", "riscv32-unknown-elf", "", {"-march=rv32imc", "-mabi=ilp32", NULL}, 0},
};

static const char *const names[] = {"cortex-m0plus", "cortex-m4", "cortex-m7", "rv32imc", NULL};

const char *const *code_target_profiles(void) {
    return names;
}

static void library_for(code_target *t) {
    if (!strncmp(t->triple, "thumb", 5) || !strncmp(t->triple, "arm", 3)) {
        t->libc = NEWLIB;
        t->libc_include = NEWLIB_INCLUDE;
        t->package = "libnewlib-dev and libnewlib-arm-none-eabi";
    } else if (!strncmp(t->triple, "riscv", 5)) {
        t->libc = PICOLIBC;
        t->libc_include = PICOLIBC_INCLUDE;
        t->package = "picolibc-riscv64-unknown-elf";
    }
}

int code_target_resolve(const char *name, const char *cpu, code_target *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++) {
        if (strcmp(profiles[i].name, name) != 0) continue;
        snprintf(out->name, sizeof out->name, "%s", profiles[i].name);
        snprintf(out->triple, sizeof out->triple, "%s", profiles[i].triple);
        snprintf(out->cpu, sizeof out->cpu, "%s", cpu ? cpu : profiles[i].cpu);
        memcpy(out->flags, profiles[i].flags, sizeof out->flags);
        out->flash_wait = profiles[i].flash_wait;
        library_for(out);
        return 0;
    }
    /* a triple: arch-vendor-os[-env], letters, digits, '_', '.', '-' */
    int dashes = 0, fine = *name != '\0' && strlen(name) < sizeof out->triple;
    for (const char *p = name; *p && fine; p++) {
        if (*p == '-')
            dashes++;
        else if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '.'))
            fine = 0;
    }
    if (!fine || dashes < 1) {
        snprintf(err, errlen,
                 "unknown target '%s': give a profile (cortex-m0plus, cortex-m4, cortex-m7, rv32imc) "
                 "or an LLVM triple such as thumbv7em-none-eabi",
                 name);
        return -1;
    }
    snprintf(out->name, sizeof out->name, "%s", name);
    snprintf(out->triple, sizeof out->triple, "%s", name);
    snprintf(out->cpu, sizeof out->cpu, "%s", cpu ? cpu : !strncmp(name, "thumbv7em", 9) ? "cortex-m4" : "");
    library_for(out);
    return 0;
}

int code_target_has_libc(const code_target *t) {
    char path[512];
    struct stat st;
    if (!t->libc_include) return 0;
    snprintf(path, sizeof path, "%s/stdio.h", t->libc_include);
    return stat(path, &st) == 0;
}

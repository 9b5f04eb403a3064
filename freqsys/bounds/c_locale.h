/* freqsys/bounds/c_locale.h: <ctype.h>'s classes and case maps in the C locale, for deciding branches on a
 * byte. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_C_LOCALE_H
#define FREQSYS_C_LOCALE_H

#include <llvm-c/Core.h>

/* The class bits of C (-128 to 255: a signed or unsigned char, or EOF) in the C
 * locale, laid out as glibc's table behind __ctype_b_loc() holds them, into OUT.
 * Returns 0, or -1 for C outside that range. */
int c_locale_class(long long c, unsigned *out);

/* What the C library's NAME (isdigit, isspace, ..., tolower, toupper) returns for C
 * in the C locale, as glibc's functions do, into OUT. Returns 0, or -1 when NAME is
 * none of them or C is outside -128 to 255. */
int c_locale_call(const char *name, long long c, long long *out);

/* Whether ADDR is the address of an entry of the class table, `(*__ctype_b_loc())[i]`
 * as <ctype.h>'s macros write it; its index into INDEX. */
int c_locale_table_entry(LLVMValueRef addr, LLVMValueRef *index);

/* Whether module M may leave the C locale (setlocale, uselocale): then no class is
 * known before the run. */
int c_locale_may_change(LLVMModuleRef m);

#endif

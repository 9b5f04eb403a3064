/* freqsys/bounds/field_slots.h: the fields of a local struct whose address stays local, as variables of
 * their own. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_FIELD_SLOTS_H
#define FREQSYS_FIELD_SLOTS_H

#include <llvm-c/Core.h>

/* Rewrites M, a copy only the proofs read, so that the bound rules, which know a
 * loop's variable as a scalar alloca, also see cursors kept in struct fields
 * (`p.pos`, or `parser->pos` once the callee taking `&p` is inlined). Two steps, each
 * keeping the code's meaning:
 * - a pointer variable stored once, with the address of a local object or a constant
 *   offset into one, and loaded only where that store dominates the load (`-O0`'s
 *   `parser.addr`), is replaced by that address at each load;
 * - a local struct (not an array) whose address is used only by constant-index
 *   GEPs (nested), loads and stores at the addresses they give, and writes of
 *   constant bytes (`= {0}` and memset of a constant byte and length, an initializer
 *   copied from a constant global), and tests of it against NULL (an inlined
 *   callee's `if (url == NULL)`), all of scalar type and each two either at the same
 *   offset and type or not overlapping, each constant write covering a field whole
 *   or not at all, gets a scalar alloca per offset, which its loads and stores then
 *   use; a constant write becomes stores of its values into the fields it covers,
 *   and a test against NULL a constant (a local's address is never NULL).
 * A struct whose address goes anywhere else (a call that is not inlined, a copy from
 * or to memory, a memset of a part of a field, a pointer kept in memory or derived
 * with a variable index, a comparison with anything but NULL) is left as it is, so no rule sees its fields.
 * Returns the number of fields given a variable, or -1 when memory ran out. */
long field_slots_split(LLVMModuleRef m);

#endif

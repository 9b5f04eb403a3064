/* freqsys/transform/reach.h: the functions a run of the entry can reach. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_REACH_H
#define FREQSYS_REACH_H

#include <llvm-c/Core.h>
#include "ptr_map.h"

/* Fills SET with every function defined in M that ENTRY can reach through direct
 * calls, plus every function whose address is taken (it may be called through a
 * pointer from anywhere). Code outside SET never runs, so its inputs need no
 * declarations. Returns 0, or -1 when memory ran out. */
int reach_from(LLVMModuleRef m, LLVMValueRef entry, ptr_map *set);

/* 1 when instruction I lies in a function of SET. */
int reach_contains(const ptr_map *set, LLVMValueRef i);

#endif

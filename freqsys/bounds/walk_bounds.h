/* freqsys/bounds/walk_bounds.h: bounds on loops that walk a drawn string or a char array, or standard
 * input to its end. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_WALK_BOUNDS_H
#define FREQSYS_WALK_BOUNDS_H

#include <llvm-c/Core.h>
#include "loop_bounds.h"
#include "ptr_map.h"

/* One loop of a function as loop_bounds.c sees it. */
typedef struct walk_loop {
    unsigned n;                    /* the function's blocks */
    LLVMBasicBlockRef const *bbs;  /* in order */
    const ptr_map *ids;            /* block -> its place in bbs */
    const unsigned *succ, *sfirst; /* the edges a branch can take, in rows by block */
    const unsigned *pred, *pfirst; /* the same edges, by the block they enter */
    const unsigned char *comp;     /* [n] the loop's blocks */
    const unsigned char *inner;    /* [n] those in cycles that avoid the header */
    unsigned header;
    const bound_given *given; /* NULL: nothing */
} walk_loop;

/* K, the most times the loop's way round can return to its header per entry, when
 * the loop walks a string the spec draws (a string() argument, a buffer scanf's %s or
 * fgets fills) one byte a pass and the string's NUL ends it, walks a local char
 * array one byte a pass from a constant place (it cannot pass the array's end), or
 * reads a drawn standard input a getchar, fgets, read(0, ...) or fread a pass and the
 * input's end ends it; -1 when none is proven. The rules, their conditions and why
 * they suffice are in walk_bounds.c. Can't fail. */
long long walk_bounds_trips(const walk_loop *l);

/* Whether A is a local variable whose address goes nowhere: only loads from it and
 * stores into it use it. */
int walk_bounds_is_variable(LLVMValueRef a);

/* The most characters before the NUL of the drawn string argument (`arg s ~
 * string(LEN, ...)`) that V points to the start of, through variables and zero
 * offsets, when nothing in L's function can write it or let it go; -1 otherwise.
 * Only L's blocks, ids and given are used. */
long long walk_bounds_argument_text(const walk_loop *l, LLVMValueRef v);

/* Rule (starts within a tested length): whether every way from L's function's entry
 * to block TARGET takes an edge that means the drawn string argument OBJECT holds at
 * least C bytes before the NUL the runtime ends it with: a branch on a comparison of
 * a parameter drawn as `length(OBJECT)` with a constant (`if (len < 7) return`, `if
 * (len >= 7)`). The length is fixed for the call, so then any start at byte C or
 * before, reached through TARGET, is at or before that NUL. 1 for C <= 0. Only L's
 * blocks, edges, ids and given are used; can't fail (memory running out proves
 * nothing). */
int walk_bounds_length_guarded(const walk_loop *l, LLVMValueRef object, unsigned target, long long c);

/* Where V points: a constant byte offset >= 0 (`s`, `line + 1`, `&buf[2]`) into a
 * parameter or a local char array, through variables every store to which points
 * at the same object's start. Returns 1 with OBJECT and OFFSET set, or 0. */
int walk_bounds_place(LLVMValueRef v, LLVMValueRef *object, long long *offset);

/* What CALL does with the pointer that is its argument POS: 0 only reads through it
 * (strlen, strcmp, printf with a constant format without %n, ...), 1 reads and
 * returns a pointer into it (strchr, ...), -1 may write through it or keep it. */
int walk_bounds_call_use(LLVMValueRef call, unsigned pos);

/* ADDR as the address of one byte at an index: `base[index]` on a char pointer or a
 * char array, into BASE and INDEX (its extension dropped). Returns 1, or 0. */
int walk_bounds_byte_address(LLVMValueRef addr, LLVMValueRef *base, LLVMValueRef *index);

/* Values, each once, in the order first added: the pointers made from one object. */
typedef struct walk_values {
    LLVMValueRef *v;
    size_t n, cap;
    ptr_map seen;
} walk_values;

/* Adds V unless it is there. Returns 0, or -1 when memory ran out. */
int walk_values_add(walk_values *s, LLVMValueRef v);

void walk_values_free(walk_values *s);

/* Whether module M can give back what it read of standard input, or read some other
 * file as standard input: a pushback, a seek, a reopening, a new fd 0. Then no read
 * is bounded by the bytes a `stdin ~` form gives. */
int walk_bounds_stdin_rereadable(LLVMModuleRef m);

/* The least bytes CALL, a block read of standard input, takes when it returns R > 0,
 * per unit of R: 1 for read(2) of fd 0 (the constant), the item size for the C
 * library's fread of stdin with a constant size of at least 1 (it returns whole
 * items); 0 when CALL is no such read. */
long long walk_bounds_block_read(LLVMValueRef call);

/* Whether module M can put another file at fd 0 or give back what read(2) of it took:
 * walk_bounds_stdin_rereadable, or a call that can close fd 0 without naming it
 * (fclose of stdin's FILE, which reads of fd 0 do not go through: a file opened
 * next is fd 0). */
int walk_bounds_fd0_replaceable(LLVMModuleRef m);

/* Whether V is a load of the C library's `stdin`. */
int walk_bounds_is_stdin(LLVMValueRef v);

#endif

/* freqsys/transform/exits.h: exit() and abort() of the program end the trial, not the worker. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_EXITS_H
#define FREQSYS_EXITS_H

#include <llvm-c/Core.h>

/* Redirects every use of exit in M to the runtime's freqsys_rt_exit, of _exit,
 * _Exit and quick_exit to freqsys_rt_exit_now, and of abort and __assert_fail to
 * the runtime's abort, which end the trial by a long jump back into the harness
 * (exit, having run the trial's atexit handlers and destructors); and atexit to the
 * runtime's, which keeps a handler for the end of the trial's program, not of the
 * worker. Can't fail. */
void exits_redirect(LLVMModuleRef m);

#endif

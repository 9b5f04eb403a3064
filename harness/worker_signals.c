/* harness/worker_signals.c: what a worker says when a signal asks where it runs, or kills it. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "worker_signals.h"

#include <execinfo.h>
#include <signal.h>
#include <stdint.h>
#include <ucontext.h>

/* The worker's slot, for its handler of WIRE_SAMPLE_SIGNAL. */
static wire_slot *sample_slot;

/* The code address a signal interrupted, from the handler's CONTEXT (0 where the
 * machine's context is not known here). */
static uint64_t interrupted_pc(const void *context) {
    const ucontext_t *uc = context;
#if defined(__x86_64__)
    return (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uint64_t)uc->uc_mcontext.pc;
#else
    (void)uc;
    return 0;
#endif
}

/* Says where the worker was interrupted: the harness asks a trial past its timeout. */
static void on_sample(int sig, siginfo_t *info, void *context) {
    (void)sig;
    (void)info;
    uint64_t pc = interrupted_pc(context);
    __atomic_store_n(&sample_slot->pc, pc, __ATOMIC_RELAXED);
    __atomic_store_n(&sample_slot->pc_trial, __atomic_load_n(&sample_slot->trial, __ATOMIC_RELAXED),
                     __ATOMIC_RELAXED);
    __atomic_add_fetch(&sample_slot->pc_seq, 1, __ATOMIC_RELEASE);
}

/* Says where a fatal signal hit the trial, then dies of it (the handler is reset
 * first), so the harness sees the same signal. */
static void on_fatal(int sig, siginfo_t *info, void *context) {
    (void)info;
    wire_slot *slot = sample_slot;
    uint64_t pc = interrupted_pc(context);
    void *frames[WIRE_CRASH_PCS];
    int n = backtrace(frames, WIRE_CRASH_PCS);
    slot->crash_pcs[0] = pc;
    uint32_t k = 1;
    /* frames[0] is this handler, frames[1] the signal trampoline; then the faulting
     * frame again (its address in pc) and its callers */
    for (int i = 3; i < n && k < WIRE_CRASH_PCS; i++) slot->crash_pcs[k++] = (uint64_t)(uintptr_t)frames[i];
    slot->ncrash_pcs = k;
    __atomic_store_n(&slot->crash_trial, __atomic_load_n(&slot->trial, __ATOMIC_RELAXED), __ATOMIC_RELEASE);
    raise(sig);
}

/* The handlers of fatal signals, on a stack of their own (a stack overflow is one). */
void worker_signals_answer_crashes(void) {
    static char alt[1 << 16];
    stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    void *warm[2];
    backtrace(warm, 2); /* loads the unwinder now, not inside a handler */
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP};
    struct sigaction sa = {0};
    sa.sa_sigaction = on_fatal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaction(fatal[i], &sa, NULL);
}

void worker_signals_answer_samples(wire_slot *slot) {
    struct sigaction sa = {0};
    sample_slot = slot;
    sa.sa_sigaction = on_sample;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(WIRE_SAMPLE_SIGNAL, &sa, NULL);
}

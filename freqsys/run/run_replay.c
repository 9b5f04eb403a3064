/* freqsys/run/run_replay.c: `run --replay TRIAL`: one trial in the foreground, its draws shown, for a
 * debugger. */
/* SPDX-License-Identifier: MIT */
#include "run_replay.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"

/* On a crash during a replay: show what the trial drew, then die of the same signal. */
static const runtime_table *replay_runtime; /* the replayed module's runtime, for the handler */
static void replay_crashed(int sig) {
    const char *drawn = replay_runtime->drawn();
    static const char head[] = "freqsys: the trial crashed; its draws: ";
    if (write(2, head, sizeof head - 1) < 0 || write(2, drawn, strlen(drawn)) < 0 || write(2, "\n", 1) < 0) {
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Runs trial TRIAL in this process, with the program's output on the terminal, so
 * a crash can be looked at in a debugger (gdb --args freqsys run SPEC --replay N). */
int run_replay(const runtime_table *rt, const spec *s, uint64_t seed, uint64_t trial) {
    fprintf(stderr, "freqsys: replaying trial %llu of seed %llu\n", (unsigned long long)trial,
            (unsigned long long)seed);
    fflush(NULL);
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP};
    replay_runtime = rt;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) signal(fatal[i], replay_crashed);
    trial_end how = rt->run_trial(seed, trial);
    fflush(NULL);
    static const char *const ends[] = {"returned", "called exit()", "aborted", "stopped on an input error"};
    fprintf(stderr, "freqsys: trial %llu %s; its draws: %s\n", (unsigned long long)trial, ends[how],
            rt->drawn());
    if (spec_find_stdin(s) && how != TRIAL_INPUT_ERROR)
        fprintf(stderr, "freqsys: its standard input: %s\n", rt->stdin_describe());
    if (how == TRIAL_INPUT_ERROR) fprintf(stderr, "freqsys: error: %s\n", rt->error());
    return how == TRIAL_INPUT_ERROR ? EXIT_USAGE : EXIT_OK;
}

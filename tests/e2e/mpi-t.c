/* tests/e2e/mpi-t.c: under mpirun the ranks share the trials and give exactly the single-process result. */
/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* mpirun ARGS in the source folder; its exit status. */
static int mpirun(const char *args) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && mpirun --oversubscribe %s >/dev/null 2>\"$TMPDIR/mpi.err\"",
             FREQSYS_SOURCE_DIR, args);
    int status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void) {
    plan(23);
    setenv("TMPDIR", tmp_dir(), 1); /* the commands below name their files "$TMPDIR/..." */
    /* Open MPI refuses root without these; harmless for other users. */
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    setenv("OMPI_MCA_mpi_warn_on_fork", "0", 1);
    /* In the sanitizer build: Open MPI's MPI_Init keeps allocations to the end that
     * LeakSanitizer would report as ours; every other test checks freqsys's leaks. */
    const char *asan = getenv("ASAN_OPTIONS");
    char options[512];
    snprintf(options, sizeof options, "%s%sdetect_leaks=0", asan ? asan : "", asan && *asan ? ":" : "");
    setenv("ASAN_OPTIONS", options, 1);
    if (system("mpirun --version >/dev/null 2>&1") != 0)
        bail("mpirun is missing (apt-get install openmpi-bin)");
    char err[8192], args[4096];

    e2e_run("run examples/newton/newton_function.fspec -q -j 1 -e 0.002 -o \"$TMPDIR/mpi-1.json\"", err,
            sizeof err);
    snprintf(args, sizeof args,
             "-np 3 '%s' run examples/newton/newton_function.fspec -q -j 1 -e 0.002 "
             "-o \"$TMPDIR/mpi-3.json\"",
             FREQSYS_TOOL);
    is_int(mpirun(args), 0, "mpirun -np 3 runs newton_sqrt to convergence");
    ok(e2e_same_json(tmp_path("mpi-1.json"), tmp_path("mpi-3.json")),
       "...with the JSON of -j 1 in one process");

    /* Unequal ranks (two workers on one, one on another) share the trials by asking
     * for them; the result is still the single-process one. */
    snprintf(args, sizeof args,
             "-np 1 '%s' run examples/newton/newton_function.fspec -q -j 2 -e 0.002 "
             "-o \"$TMPDIR/mpi-u.json\" : -np 1 '%s' run examples/newton/newton_function.fspec -q -j 1 "
             "-e 0.002 -o \"$TMPDIR/mpi-u.json\"",
             FREQSYS_TOOL, FREQSYS_TOOL);
    is_int(mpirun(args), 0, "mpirun with ranks of 2 and 1 workers runs to convergence");
    ok(e2e_same_json(tmp_path("mpi-1.json"), tmp_path("mpi-u.json")),
       "...with the JSON of -j 1 in one process");

    /* Replicates of quasi-random points, and an enumeration: the same across ranks */
    e2e_run("run tests/e2e/programs/sampling.fspec --sampling qmc -q -j 1 -o \"$TMPDIR/qmc-1.json\"", err,
            sizeof err);
    snprintf(args, sizeof args,
             "-np 2 '%s' run tests/e2e/programs/sampling.fspec --sampling qmc -q -j 1 "
             "-o \"$TMPDIR/qmc-2.json\"",
             FREQSYS_TOOL);
    is_int(mpirun(args), 0, "mpirun -np 2 runs --sampling qmc to convergence");
    ok(e2e_same_json(tmp_path("qmc-1.json"), tmp_path("qmc-2.json")),
       "...with the JSON of -j 1 in one process");
    e2e_run("run tests/e2e/programs/enumerate.fspec -q -j 1 -o \"$TMPDIR/enum-1.json\"", err, sizeof err);
    snprintf(args, sizeof args,
             "-np 2 '%s' run tests/e2e/programs/enumerate.fspec -q -j 1 "
             "-o \"$TMPDIR/enum-2.json\"",
             FREQSYS_TOOL);
    is_int(mpirun(args), 0, "mpirun -np 2 enumerates");
    ok(e2e_same_json(tmp_path("enum-1.json"), tmp_path("enum-2.json")), "...with the JSON of one process");

    /* Sensitivities: their sums travel with the histograms, and are the same too */
    e2e_run("run tests/e2e/programs/sensitivity.fspec --sensitivity -q -j 1 -o \"$TMPDIR/sens-1.json\"", err,
            sizeof err);
    snprintf(args, sizeof args,
             "-np 2 '%s' run tests/e2e/programs/sensitivity.fspec --sensitivity -q -j 1 "
             "-o \"$TMPDIR/sens-2.json\"",
             FREQSYS_TOOL);
    is_int(mpirun(args), 0, "mpirun -np 2 runs --sensitivity to convergence");
    ok(e2e_same_json(tmp_path("sens-1.json"), tmp_path("sens-2.json")), "...with the JSON of one process");

    /* Importance sampling: every rank runs the same pilot and weights alike */
    e2e_run(
        "run tests/e2e/programs/rare_normal.fspec --rare main:if.then2 -q -j 1 -o \"$TMPDIR/rare-1.json\"",
        err, sizeof err);
    snprintf(args, sizeof args,
             "-np 2 '%s' run tests/e2e/programs/rare_normal.fspec --rare main:if.then2 -q -j 1 "
             "-o \"$TMPDIR/rare-2.json\"",
             FREQSYS_TOOL);
    is_int(mpirun(args), 0, "mpirun -np 2 runs --rare to convergence");
    ok(e2e_same_json(tmp_path("rare-1.json"), tmp_path("rare-2.json")), "...with the JSON of one process");

    /* Quantiles: rank 0 judges them on the merged tallies, as one process does */
    e2e_run("run tests/e2e/programs/quantiles.fspec -q -j 1 -o \"$TMPDIR/quant-1.json\"", err, sizeof err);
    snprintf(args, sizeof args,
             "-np 2 '%s' run tests/e2e/programs/quantiles.fspec -q -j 1 -o \"$TMPDIR/quant-2.json\"",
             FREQSYS_TOOL);
    is_int(mpirun(args), 0, "mpirun -np 2 runs the spec's quantiles to convergence");
    ok(e2e_same_json(tmp_path("quant-1.json"), tmp_path("quant-2.json")), "...with the JSON of one process");

    /* Crashes: a crashed trial's counts, outcome and site travel from rank to rank */
    e2e_run("run tests/e2e/programs/crashes_function.fspec -q -j 1 -n 3000 -o \"$TMPDIR/crash-1.json\"", err,
            sizeof err);
    snprintf(args, sizeof args,
             "-np 2 '%s' run tests/e2e/programs/crashes_function.fspec -q -j 1 -n 3000 "
             "-o \"$TMPDIR/crash-2.json\"",
             FREQSYS_TOOL);
    is_int(mpirun(args), 1, "mpirun -np 2 runs a program that crashes in 30%% of its trials to its budget");
    ok(e2e_same_json(tmp_path("crash-1.json"), tmp_path("crash-2.json")), "...with the JSON of one process");

    /* A program of 1,504 blocks whose workers count per-function patterns and send
     * many bins per piece: the pieces travel between ranks intact. */
    const char *dir = tmp_dir();
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s/bench/gen_blocks.sh' 150 '%s' >/dev/null", FREQSYS_SOURCE_DIR, dir);
    if (system(cmd) != 0) bail("bench/gen_blocks.sh failed");
    snprintf(args, sizeof args, "run '%s/blocks.fspec' -q -j 1 -e 0.02 -o '%s/one.json'", dir, dir);
    e2e_run(args, err, sizeof err);
    snprintf(args, sizeof args,
             "-np 3 -x FREQSYS_COUNTING=patterns '%s' run '%s/blocks.fspec' -q -j 1 -e 0.02 "
             "-o '%s/three.json'",
             FREQSYS_TOOL, dir, dir);
    mpirun(args);
    char one[2048], three[2048];
    snprintf(one, sizeof one, "%s/one.json", dir);
    snprintf(three, sizeof three, "%s/three.json", dir);
    ok(e2e_same_json(one, three), "1,504 blocks over 3 ranks: the JSON of -j 1 in one process");

    e2e_run("run tests/e2e/programs/misbehave.fspec -q -j 1 -o \"$TMPDIR/mpi-m1.json\"", err, sizeof err);
    snprintf(args, sizeof args,
             "-np 3 '%s' run tests/e2e/programs/misbehave.fspec -q -j 1 "
             "-o \"$TMPDIR/mpi-m3.json\"",
             FREQSYS_TOOL);
    mpirun(args);
    ok(e2e_same_json(tmp_path("mpi-m1.json"), tmp_path("mpi-m3.json")),
       "crashes and timeouts spread over 3 ranks add up to the single-process result");

    /* A rank killed mid-run: the job ends with the result so far and a checkpoint.
     * Its budget is out of reach, so only the kill can end it however slow or fast
     * the machine is; the resume below sets a budget above what was done. */
    unlink(tmp_path("mpi-k.json.checkpoint"));
    snprintf(args, sizeof args,
             "cd '%s' && exec mpirun --oversubscribe -np 3 '%s' run "
             "examples/newton/newton_function.fspec -q -j 1 -e 0.0001 -n 2000000000000 --sampling plain "
             "--checkpoint-every 0.2 "
             "-o \"$TMPDIR/mpi-k.json\" >/dev/null 2>&1",
             FREQSYS_SOURCE_DIR, FREQSYS_TOOL);
    pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", args, (char *)NULL);
        _exit(127);
    }
    /* the first checkpoint is the handshake: the ranks run trials; no time limit,
     * which a busy machine could overrun, only the job's end */
    siginfo_t ended = {0};
    while (access(tmp_path("mpi-k.json.checkpoint"), F_OK) != 0 &&
           waitid(P_PID, (id_t)pid, &ended, WEXITED | WNOHANG | WNOWAIT) == 0 && ended.si_pid != pid) {
        struct timespec t = {0, 20000000};
        nanosleep(&t, NULL);
    }
    char kill_cmd[512];
    /* rank 2, found by the rank number mpirun put in its environment (rank 0 writes
     * the result and must live) */
    snprintf(kill_cmd, sizeof kill_cmd,
             "for p in $(pgrep -P %d); do tr '\\0' '\\n' < /proc/$p/environ | "
             "grep -qx OMPI_COMM_WORLD_RANK=2 && kill -9 $p && exit 0; done; exit 1",
             (int)pid);
    int killed = system(kill_cmd) == 0;
    if (!killed) diag("no rank 2 found among the children of mpirun (%d)", (int)pid);
    int status = 0;
    waitpid(pid, &status, 0);
    result *r = e2e_result(tmp_path("mpi-k.json"), err, sizeof err);
    if (!r)
        diag("%s", err);
    else if (!r->interrupted)
        diag("the run was not interrupted: %llu trials", (unsigned long long)r->trials);
    ok(killed && r && r->interrupted && access(tmp_path("mpi-k.json.checkpoint"), F_OK) == 0,
       "a rank killed with SIGKILL: the job ends with the partial result and a checkpoint");
    /* a budget above the trials done, which the resume must reach exactly */
    unsigned long long budget = (r ? (unsigned long long)r->trials : 0) + 1000000ULL;
    result_free(r);
    snprintf(args, sizeof args,
             "-np 2 '%s' run --resume \"$TMPDIR/mpi-k.json.checkpoint\" -q -j 1 -n %llu "
             "-o \"$TMPDIR/mpi-k2.json\"",
             FREQSYS_TOOL, budget);
    is_int(mpirun(args), 1, "--resume continues it on fewer ranks (2), to a budget of its own (exit 1)");
    char full[512];
    snprintf(full, sizeof full,
             "run examples/newton/newton_function.fspec -q -j 2 -e 0.0001 -n %llu --sampling plain -o "
             "\"$TMPDIR/mpi-kfull.json\"",
             budget);
    e2e_run(full, err, sizeof err);
    ok(e2e_same_json(tmp_path("mpi-kfull.json"), tmp_path("mpi-k2.json")),
       "...and ends exactly as one uninterrupted process");

    /* Without mpirun the same binary is a single process; -j 1 above proves it. */
    is_int(e2e_run("run examples/newton/newton_function.fspec -q -j 1 -e 0.002 -o \"$TMPDIR/mpi-plain.json\"",
                   err, sizeof err),
           0, "without mpirun the binary runs alone, as before");
    ok(e2e_same_json(tmp_path("mpi-1.json"), tmp_path("mpi-plain.json")), "...with the same result");
    return done();
}

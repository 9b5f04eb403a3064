/* bench/crashes/oracle.c: the oracle for vm.c: each run forked alone, its counts in shared memory, its end by wait(). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

uint64_t *oracle_counts;   /* [3]: instructions started, divisions, programs ended (vm.c's COUNT) */
int vm_main(void);

static uint64_t state;
static uint64_t next(void) {   /* splitmix64: not the tool's generator */
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* vm.fspec's discrete(0: 4, 1..7: 1 each), by inversion of an 11-way draw */
static int draw(void) {
    int u = (int)(next() % 11);
    return u < 4 ? 0 : u - 3;
}

int main(int argc, char **argv) {
    long runs = argc > 1 ? atol(argv[1]) : 200000;
    state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    oracle_counts = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    double sum[3] = {0}, sq[3] = {0};
    long fpe = 0, aborted = 0, ended = 0;
    for (long r = 0; r < runs; r++) {
        FILE *in = tmpfile();
        for (int i = 0; i < 24; i++) fprintf(in, "%d\n", draw());
        rewind(in);
        oracle_counts[0] = oracle_counts[1] = oracle_counts[2] = 0;
        pid_t pid = fork();
        if (pid == 0) {
            dup2(fileno(in), 0);
            int devnull = open("/dev/null", 1);
            dup2(devnull, 1);
            dup2(devnull, 2);
            _exit(vm_main());
        }
        int status;
        waitpid(pid, &status, 0);
        fclose(in);
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGFPE) fpe++;
        else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT) aborted++;
        else ended++;
        for (int k = 0; k < 3; k++) {
            sum[k] += (double)oracle_counts[k];
            sq[k] += (double)oracle_counts[k] * (double)oracle_counts[k];
        }
    }
    const char *names[3] = {"instructions started", "divisions", "programs ended"};
    for (int k = 0; k < 3; k++) {
        double mean = sum[k] / runs, var = sq[k] / runs - mean * mean;
        printf("%-22s %.5f ± %.5f (3 s.e.)\n", names[k], mean, 3 * sqrt(var / runs));
    }
    printf("SIGFPE share %.5f, abort share %.5f, returned %.5f over %ld runs\n", (double)fpe / runs,
           (double)aborted / runs, (double)ended / runs, runs);
    return 0;
}

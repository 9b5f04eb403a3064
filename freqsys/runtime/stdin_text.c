/* freqsys/runtime/stdin_text.c: a trial's drawn standard input, made the process's fd 0. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "stdin_text.h"
#include "gen_draws.h"
#include "runtime.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* stdin_text.c's part of the module's runtime state (runtime_state.h). */
static runtime_state_stdin_text *const st = &runtime_state_object.stdin_text;

static _Noreturn void sys_fail(const char *what) {
    runtime_fail("cannot install the drawn standard input: %s: %s", what, strerror(errno));
}

/* stdin ~ generator(NAME): what void NAME(FILE *out) writes, through a memory stream
 * kept in the state, so that a trial the generator ends (fs_int with its ends
 * reversed, say) leaves nothing behind. */
static void generate(const spec_value *v) {
    void (*write_input)(FILE *) = (void (*)(FILE *))gen_draws_find(v->gen_name);
    if (!write_input) runtime_fail("the module has no generator '%s'", v->gen_name);
    if (st->gen_file) fclose(st->gen_file);
    free(st->gen_buf);
    st->gen_file = NULL;
    st->gen_buf = NULL;
    st->gen_len = 0;
    if (!(st->gen_file = open_memstream(&st->gen_buf, &st->gen_len))) sys_fail("open_memstream");
    write_input(st->gen_file);
    int bad = fclose(st->gen_file);
    st->gen_file = NULL;
    if (bad) runtime_fail("the generator %s wrote more than memory holds", v->gen_name);
    if (st->gen_len > STDIN_TEXT_MAX_BYTES)
        runtime_fail("the generator %s wrote %zu bytes, more than the limit of %llu MiB for a standard input",
                     v->gen_name, st->gen_len, STDIN_TEXT_MAX_BYTES >> 20);
    st->text.data = st->gen_buf ? st->gen_buf : "";
    st->text.len = st->gen_len;
    st->text.file = NULL;
}

/* The memfd of this process, and a read-only descriptor of it for fd 0: as with
 * `prog < file`, the program cannot write its input, so what the memfd holds is
 * exactly what freqsys wrote. */
static void forked(void) {
    st->inherited = 1;
}

static void open_memfd(void) {
    /* A memfd made before a fork is one open file for every process: workers would
     * overwrite each other's text and move each other's offset. */
    if (st->ro >= 0 && st->ro != st->fd) close(st->ro);
    if (st->fd >= 0) close(st->fd);
    st->fd = st->ro = -1;
    st->written = NULL;
    st->fd = memfd_create("freqsys-stdin", MFD_CLOEXEC);
    if (st->fd < 0) sys_fail("memfd_create");
    st->inherited = 0;
    st->size = 0;
    /* Cheaper than asking getpid() every trial; registered once per process tree. */
    if (!st->handler && pthread_atfork(NULL, NULL, forked) != 0) sys_fail("pthread_atfork");
    st->handler = 1;
    snprintf(st->path, sizeof st->path, "/proc/self/fd/%d", st->fd);
    st->ro = open(st->path, O_RDONLY | O_CLOEXEC);
    if (st->ro < 0) st->ro = st->fd; /* no /proc: the program could write its input, nothing worse */
    snprintf(st->path, sizeof st->path, "/proc/self/fd/%d", st->ro);
}

/* After the program's fclose(stdin), glibc's static stdin FILE is closed but still
 * there: freopen puts it back on fd 0 (the lowest free descriptor, as fclose freed
 * it), so the next trial has a standard input again. */
static void reopen_stdin(void) {
    if (fcntl(0, F_GETFD) >= 0) close(0); /* the program may have put a file there since */
    if (!freopen(st->path, "r", stdin) || fileno(stdin) != 0) sys_fail("reopening the closed stdin");
}

void stdin_text_install(const spec_input *in, gsl_rng *r) {
    if (in->value.kind == SPEC_VALUE_GENERATOR)
        generate(&in->value);
    else
        drawn_text_build(&in->value, r, in->value.kind == SPEC_VALUE_LINES ? "stdin.lines" : "stdin.length",
                         &st->text);
    const spec_file *file = st->text.file;

    if (st->fd < 0 || st->inherited) open_memfd();
    if (fileno(stdin) < 0) reopen_stdin();
    /* stdio keeps what it read ahead, what ungetc pushed back, the EOF flag, and the
     * file offset it believes in (glibc seeks inside its buffer when it can): drop the
     * first two, clear the flag, and fflush makes it forget the offset. */
    __fpurge(stdin);
    fflush(stdin);
    clearerr(stdin);
    /* The same file of a corpus as last time is in the memfd already. */
    if (!file || file != st->written) {
        st->written = NULL; /* until the whole file is in */
        for (size_t done = 0; done < st->text.len;) {
            ssize_t w = pwrite(st->fd, st->text.data + done, st->text.len - done, (off_t)done);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) sys_fail("writing the memfd");
            done += (size_t)w;
        }
        if (st->text.len < st->size && ftruncate(st->fd, (off_t)st->text.len) != 0) sys_fail("ftruncate");
        st->size = st->text.len;
        st->written = file;
    }
    /* Again every trial: the program may have closed fd 0 or put another file there. */
    if (dup2(st->ro, 0) < 0) sys_fail("dup2");
    if (lseek(0, 0, SEEK_SET) != 0) sys_fail("lseek");
}

const char *stdin_text_describe(void) {
    if (st->text.file)
        snprintf(st->describe, sizeof st->describe, "%zu bytes, the file %s", st->text.len,
                 st->text.file->path);
    else
        snprintf(st->describe, sizeof st->describe, "%zu bytes", st->text.len);
    return st->describe;
}

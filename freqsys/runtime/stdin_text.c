/* freqsys/runtime/stdin_text.c: a trial's drawn standard input, made the process's fd 0. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "stdin_text.h"
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

static void reserve(size_t need) {
    if (need > STDIN_TEXT_MAX_BYTES)
        runtime_fail("the drawn standard input needs %zu bytes, more than the limit of %llu MiB", need,
                     STDIN_TEXT_MAX_BYTES >> 20);
    if (need <= st->cap) return;
    size_t cap = st->cap ? st->cap : 4096;
    while (cap < need) cap *= 2;
    char *p = realloc(st->buf, cap);
    if (!p) runtime_fail("out of memory for a drawn standard input of %zu bytes", need);
    st->buf = p;
    st->cap = cap;
}

/* A drawn length or count; the spec parser proved it integer and never negative. */
static size_t count(const dist *d, const char *name) {
    double v = runtime_draw(d, name);
    if (!(v >= 0 && v <= (double)STDIN_TEXT_MAX_BYTES))
        runtime_fail("the standard input's %s was drawn as %.17g, outside 0..%llu", name, v,
                     STDIN_TEXT_MAX_BYTES);
    return (size_t)v;
}

static void build_text(const spec_value *v, gsl_rng *r) {
    size_t n = count(v->dist, "stdin.length");
    reserve(n);
    for (size_t i = 0; i < n; i++) {
        double c = dist_sample(v->item, r);
        if (!(c >= 0 && c <= 255)) runtime_fail("a byte of the standard input was drawn as %.17g, not 0..255", c);
        st->buf[i] = (char)(unsigned char)c;
    }
    st->data = st->buf;
    st->len = n;
}

/* One line's characters, appended: a draw of a string-valued item whole, or a drawn
 * length of characters from the charset or the character distribution. */
static void build_line(const spec_value *v, gsl_rng *r) {
    if (dist_is_text(v->item)) {
        dist_bytes t = {0};
        if (dist_sample_text(v->item, r, &t) < 0) {
            dist_bytes_free(&t);
            runtime_fail("out of memory for a line of the standard input");
        }
        reserve(st->len + t.len + 1);
        if (t.len) memcpy(st->buf + st->len, t.data, t.len);
        st->len += t.len;
        dist_bytes_free(&t);
        return;
    }
    double d = dist_sample(v->item, r);
    if (!(d >= 0 && d <= (double)STDIN_TEXT_MAX_BYTES))
        runtime_fail("a line of the standard input was drawn %.17g characters long", d);
    size_t n = (size_t)d;
    reserve(st->len + n + 1);
    if (v->chars)
        for (size_t i = 0; i < n; i++) st->buf[st->len++] = (char)(unsigned char)dist_sample(v->chars, r);
    else
        for (size_t i = 0; i < n; i++) st->buf[st->len++] = v->charset[gsl_rng_uniform_int(r, v->charset_len)];
}

static void build_lines(const spec_value *v, gsl_rng *r) {
    size_t lines = count(v->dist, "stdin.lines");
    st->len = 0;
    for (size_t k = 0; k < lines; k++) {
        build_line(v, r);
        reserve(st->len + 1);
        st->buf[st->len++] = '\n';
    }
    st->data = st->buf;
}

static void build_file(const spec_value *v, gsl_rng *r) {
    const spec_file *f = &v->files[gsl_rng_uniform_int(r, v->nfiles)];
    if (f->len > STDIN_TEXT_MAX_BYTES)
        runtime_fail("%s has %zu bytes, more than the limit of %llu MiB for a standard input", f->path, f->len,
                     STDIN_TEXT_MAX_BYTES >> 20);
    st->data = f->data ? f->data : "";
    st->len = f->len;
    st->file = f;
}

/* The memfd of this process, and a read-only descriptor of it for fd 0: as with
 * `prog < file`, the program cannot write its input, so what the memfd holds is
 * exactly what freqsys wrote. */
static void forked(void) { st->inherited = 1; }

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
    if (st->ro < 0) st->ro = st->fd;   /* no /proc: the program could write its input, nothing worse */
    snprintf(st->path, sizeof st->path, "/proc/self/fd/%d", st->ro);
}

/* After the program's fclose(stdin), glibc's static stdin FILE is closed but still
 * there: freopen puts it back on fd 0 (the lowest free descriptor, as fclose freed
 * it), so the next trial has a standard input again. */
static void reopen_stdin(void) {
    if (fcntl(0, F_GETFD) >= 0) close(0);   /* the program may have put a file there since */
    if (!freopen(st->path, "r", stdin) || fileno(stdin) != 0) sys_fail("reopening the closed stdin");
}

void stdin_text_install(const spec_input *in, gsl_rng *r) {
    st->file = NULL;
    if (in->value.kind == SPEC_VALUE_TEXT) build_text(&in->value, r);
    else if (in->value.kind == SPEC_VALUE_LINES) build_lines(&in->value, r);
    else build_file(&in->value, r);

    if (st->fd < 0 || st->inherited) open_memfd();
    if (fileno(stdin) < 0) reopen_stdin();
    /* stdio keeps what it read ahead, what ungetc pushed back, the EOF flag, and the
     * file offset it believes in (glibc seeks inside its buffer when it can): drop the
     * first two, clear the flag, and fflush makes it forget the offset. */
    __fpurge(stdin);
    fflush(stdin);
    clearerr(stdin);
    /* The same file of a corpus as last time is in the memfd already. */
    if (!st->file || st->file != st->written) {
        st->written = NULL;   /* until the whole file is in */
        for (size_t done = 0; done < st->len;) {
            ssize_t w = pwrite(st->fd, st->data + done, st->len - done, (off_t)done);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) sys_fail("writing the memfd");
            done += (size_t)w;
        }
        if (st->len < st->size && ftruncate(st->fd, (off_t)st->len) != 0) sys_fail("ftruncate");
        st->size = st->len;
        st->written = st->file;
    }
    /* Again every trial: the program may have closed fd 0 or put another file there. */
    if (dup2(st->ro, 0) < 0) sys_fail("dup2");
    if (lseek(0, 0, SEEK_SET) != 0) sys_fail("lseek");
}

const char *stdin_text_describe(void) {
    if (st->file) snprintf(st->describe, sizeof st->describe, "%zu bytes, the file %s", st->len, st->file->path);
    else snprintf(st->describe, sizeof st->describe, "%zu bytes", st->len);
    return st->describe;
}

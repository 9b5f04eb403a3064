/* harness/counter_share.c: a worker's counters in shared memory, so a trial that crashes or is killed still
 * counts. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "counter_share.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int counter_share_open(counter_share *s, const fsabi_module *mod, size_t nextra) {
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->ncounters = (size_t)fsabi_ncounters(mod);
    s->nextra = nextra;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = (uintptr_t)mod->counters, last = first + s->ncounters * sizeof *mod->counters;
    size_t into_page = first & (page - 1);
    s->base = (char *)mod->counters - into_page;
    s->span = (last - (first - into_page) + page - 1) / page * page;
    s->map_bytes = s->span + nextra * sizeof(uint64_t);
    int fd = memfd_create("freqsys-counters", MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)s->map_bytes) != 0) {
        close(fd);
        return -1;
    }
    void *map = mmap(NULL, s->map_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) {
        close(fd);
        return -1;
    }
    s->fd = fd;
    s->map = map;
    s->view = (const uint64_t *)((char *)map + into_page);
    s->extra_view = (const uint64_t *)((char *)map + s->span);
    return 0;
}

/* Copies N bytes (a multiple of 8) word by word, without the address sanitizer's
 * checks: the pages around the counters hold other globals and, in a sanitizer
 * build, the poisoned gaps between them, which are copied as they are. Volatile
 * reads keep the compiler from making this a memcpy call, which it would check. */
__attribute__((no_sanitize("address"))) static void copy_pages(void *to, const void *from, size_t n) {
    const volatile uint64_t *src = from;
    uint64_t *dst = to;
    for (size_t i = 0; i < n / sizeof *dst; i++) dst[i] = src[i];
}

uint64_t *counter_share_attach(const counter_share *s) {
    if (s->fd < 0) return NULL;
    /* the pages may hold the module's other globals too: they keep their values */
    copy_pages(s->map, s->base, s->span);
    void *at = mmap(s->base, s->span, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, s->fd, 0);
    if (at == MAP_FAILED) return NULL;
    return (uint64_t *)((char *)s->map + s->span);
}

void counter_share_close(counter_share *s) {
    if (s->map) munmap(s->map, s->map_bytes);
    if (s->fd >= 0) close(s->fd);
    s->map = NULL;
    s->fd = -1;
}

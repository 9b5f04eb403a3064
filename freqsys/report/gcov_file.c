/* freqsys/report/gcov_file.c: GCC's coverage files (.gcno notes, .gcda counts), read and written. */
/* SPDX-License-Identifier: MIT */
#include "gcov_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Both files are byte streams of 32-bit words in the writer's byte order (this
 * machine's: GCC writes them where the program runs), as GCC 12's gcov-io.cc writes
 * them. A string is its length in bytes with the NUL, then the bytes, unpadded (so
 * words after a string need not be aligned). A record is a tag word, its length in
 * bytes, then the body.
 *
 * notes (.gcno): "gcno" magic, version, stamp, checksum, the compile folder (a string),
 *   a flag word; then per function a FUNCTION record (ident, lineno checksum, cfg
 *   checksum, name, artificial, file, start line and column, end line and column), a
 *   BLOCKS record (the number of blocks), ARCS records (a source block, then pairs of
 *   destination and flags) and LINES records (not needed here).
 * data (.gcda): "gcda" magic, version, stamp, checksum; the OBJECT_SUMMARY (runs,
 *   sum_max: the largest counter); per function a FUNCTION record (ident and the two
 *   checksums) and one record per kind of counter: ARCS holds one 64-bit count (low
 *   word first) per arc not on the spanning tree, in the notes' order; a negative
 *   length stands for that many bytes of zero counters, not written. A 0 word ends it.
 * GCC checks the checksums when it reads the counts with -fprofile-use; the stamp and
 * the data file's own checksum are for merging runs and the gcov tool. */

#define GCOV_NOTES_MAGIC   0x67636e6fu
#define GCOV_DATA_MAGIC    0x67636461u
#define TAG_FUNCTION       0x01000000u
#define TAG_BLOCKS         0x01410000u
#define TAG_ARCS           0x01430000u
#define TAG_COUNTER_ARCS   0x01a10000u
#define TAG_OBJECT_SUMMARY 0xa1000000u

typedef struct reader {
    unsigned char *b;
    size_t len, at;
    const char *path;
    char *err;
    size_t errlen;
    int failed;
} reader;

static int fail(reader *r, const char *what) {
    if (!r->failed && r->err && r->errlen)
        snprintf(r->err, r->errlen, "%s: byte %zu: %s", r->path, r->at, what);
    r->failed = 1;
    return -1;
}

static uint32_t word(reader *r) {
    uint32_t v = 0;
    if (r->failed || r->at + 4 > r->len) {
        fail(r, "cut short");
        return 0;
    }
    memcpy(&v, r->b + r->at, 4);
    r->at += 4;
    return v;
}

static char *string(reader *r) {
    uint32_t n = word(r);
    if (r->failed || n > r->len - r->at) {
        fail(r, "a string runs past the end");
        return NULL;
    }
    char *s = malloc((size_t)n + 1);
    if (!s) {
        fail(r, "out of memory");
        return NULL;
    }
    memcpy(s, r->b + r->at, n);
    s[n] = 0;
    r->at += n;
    return s;
}

static int load(reader *r, const char *path, char *err, size_t errlen) {
    *r = (reader){.path = path, .err = err, .errlen = errlen};
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    r->b = size >= 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)size + 1) : NULL;
    if (r->b) r->len = fread(r->b, 1, (size_t)size, f);
    int bad = !r->b || r->len != (size_t)size;
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "%s: cannot be read", path);
        free(r->b);
        return -1;
    }
    return 0;
}

static int magic(reader *r, uint32_t want, const char *kind) {
    uint32_t m = word(r);
    if (r->failed) return -1;
    if (m != want) {
        r->at = 0;
        return fail(r, kind);
    }
    return 0;
}

int gcov_read_notes(const char *path, gcov_file *out, char *err, size_t errlen) {
    *out = (gcov_file){0};
    reader r;
    if (load(&r, path, err, errlen) != 0) return -1;
    if (magic(&r, GCOV_NOTES_MAGIC, "not a GCC notes file (.gcno) of this machine's byte order") == 0) {
        out->version = word(&r);
        out->stamp = word(&r);
        (void)word(&r);   /* checksum */
        free(string(&r)); /* the compile folder */
        (void)word(&r);   /* whether blocks may be reported as unexecuted */
    }
    size_t cap = 0;
    gcov_function *fn = NULL;
    while (!r.failed && r.at + 8 <= r.len) {
        uint32_t tag = word(&r), len = word(&r);
        size_t end = r.at + len;
        if (end > r.len) {
            fail(&r, "a record runs past the end");
            break;
        }
        if (tag == TAG_FUNCTION) {
            if (out->nfunctions == cap) {
                cap = cap ? 2 * cap : 16;
                gcov_function *v = realloc(out->functions, cap * sizeof *v);
                if (!v) {
                    fail(&r, "out of memory");
                    break;
                }
                out->functions = v;
            }
            fn = &out->functions[out->nfunctions++];
            *fn = (gcov_function){.ident = word(&r)};
            fn->lineno_checksum = word(&r);
            fn->cfg_checksum = word(&r);
            fn->name = string(&r);
            (void)word(&r); /* artificial */
            fn->file = string(&r);
            fn->line = word(&r);
        } else if (tag == TAG_ARCS) {
            if (!fn || len < 4 || (len - 4) % 8 != 0) {
                fail(&r, "an arcs record outside a function, or of a wrong length");
                break;
            }
            (void)word(&r); /* the source block */
            for (uint32_t k = 0; k < (len - 4) / 8; k++) {
                (void)word(&r); /* the destination */
                fn->ncounted += (word(&r) & GCOV_ARC_ON_TREE) == 0;
            }
        }
        r.at = end; /* blocks, lines and the rest of a function record */
    }
    free(r.b);
    if (r.failed) {
        gcov_file_free(out);
        return -1;
    }
    return 0;
}

static gcov_function *find(gcov_file *f, uint32_t ident) {
    for (size_t k = 0; k < f->nfunctions; k++)
        if (f->functions[k].ident == ident) return &f->functions[k];
    return NULL;
}

int gcov_read_data(const char *path, gcov_file *notes, char *err, size_t errlen) {
    reader r;
    if (load(&r, path, err, errlen) != 0) return -1;
    char what[256];
    if (magic(&r, GCOV_DATA_MAGIC, "not a GCC data file (.gcda) of this machine's byte order") == 0 &&
        word(&r) != notes->version)
        fail(&r, "written by another version of GCC than the notes");
    (void)word(&r); /* stamp */
    (void)word(&r); /* checksum */
    gcov_function *fn = NULL;
    while (!r.failed && r.at + 8 <= r.len) {
        uint32_t tag = word(&r), len = word(&r);
        /* counters that are all zero are written as a negative length and no body */
        int zeros = (int32_t)len < 0;
        if (zeros) len = (uint32_t)-(int32_t)len;
        size_t end = zeros ? r.at : r.at + len;
        if (tag == 0) break;
        if (end > r.len) {
            fail(&r, "a record runs past the end");
            break;
        }
        if (tag == TAG_OBJECT_SUMMARY && len >= 8) {
            notes->runs = word(&r);
            notes->sum_max = word(&r);
        } else if (tag == TAG_FUNCTION && len >= 12) {
            uint32_t ident = word(&r), lineno = word(&r), cfg = word(&r);
            fn = find(notes, ident);
            if (!fn || fn->lineno_checksum != lineno || fn->cfg_checksum != cfg) {
                snprintf(what, sizeof what, "function %u is not in the notes, or its checksums differ",
                         ident);
                fail(&r, what);
            }
        } else if (tag == TAG_COUNTER_ARCS) {
            if (!fn || len / 8 != fn->ncounted || len % 8) {
                snprintf(what, sizeof what, "%s: %u arc counters, the notes count %zu", fn ? fn->name : "?",
                         len / 8, fn ? fn->ncounted : 0);
                fail(&r, what);
                break;
            }
            free(fn->counts);
            fn->counts = calloc(fn->ncounted + 1, sizeof *fn->counts);
            if (!fn->counts) {
                fail(&r, "out of memory");
                break;
            }
            for (size_t k = 0; k < fn->ncounted && !zeros; k++) {
                uint64_t lo = word(&r);
                fn->counts[k] = lo | (uint64_t)word(&r) << 32;
            }
        }
        r.at = end; /* value profiles, the time profiler: not arc counts */
    }
    free(r.b);
    return r.failed ? -1 : 0;
}

static void put(FILE *out, uint32_t v) {
    fwrite(&v, sizeof v, 1, out);
}

int gcov_write_data(const char *path, const gcov_file *f, char *err, size_t errlen) {
    FILE *out = fopen(path, "wb");
    if (!out) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    put(out, GCOV_DATA_MAGIC);
    put(out, f->version);
    put(out, f->stamp);
    put(out, 0); /* checksum: merging runs only */
    put(out, TAG_OBJECT_SUMMARY);
    put(out, 8);
    put(out, f->runs);
    put(out, (uint32_t)(f->sum_max > UINT32_MAX ? UINT32_MAX : f->sum_max));
    for (size_t k = 0; k < f->nfunctions; k++) {
        const gcov_function *fn = &f->functions[k];
        put(out, TAG_FUNCTION);
        put(out, 12);
        put(out, fn->ident);
        put(out, fn->lineno_checksum);
        put(out, fn->cfg_checksum);
        put(out, TAG_COUNTER_ARCS);
        put(out, (uint32_t)(fn->ncounted * 8));
        for (size_t a = 0; a < fn->ncounted; a++) {
            uint64_t c = fn->counts ? fn->counts[a] : 0;
            put(out, (uint32_t)c);
            put(out, (uint32_t)(c >> 32));
        }
    }
    put(out, 0);
    int bad = ferror(out);
    if (fclose(out) != 0 || bad) {
        snprintf(err, errlen, "writing %s failed: %s", path, strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}

void gcov_file_free(gcov_file *f) {
    for (size_t k = 0; k < f->nfunctions; k++) {
        free(f->functions[k].name);
        free(f->functions[k].file);
        free(f->functions[k].counts);
    }
    free(f->functions);
    *f = (gcov_file){0};
}

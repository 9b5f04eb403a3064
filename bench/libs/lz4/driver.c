/* lz4 oracle driver: LZ4_decompress_safe once on each corpus file, sorted, as one exact batch. */
#define _POSIX_C_SOURCE 200809L
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>

#include "lz4.h"
#include "oracle_counts.h"

/* The whole file in a fresh buffer of its size plus a NUL, as freqsys passes it. */
static char *slurp(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (*size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)*size + 1)) && fread(buf, 1, (size_t)*size, f) == (size_t)*size)
        buf[*size] = '\0';
    else {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s DUMP 'CORPUS/*.lz4'\n", argv[0]);
        return 2;
    }
    glob_t files;
    if (glob(argv[2], 0, NULL, &files) != 0 || files.gl_pathc == 0) {
        fprintf(stderr, "%s: no file matches %s\n", argv[0], argv[2]);
        return 2;
    }
    for (size_t k = 0; k < files.gl_pathc; k++) { /* glob sorts the names */
        long size = 0;
        char *src = slurp(files.gl_pathv[k], &size);
        char *dst = calloc(256, 1);
        if (!src || !dst) {
            fprintf(stderr, "%s: cannot read %s\n", argv[0], files.gl_pathv[k]);
            return 2;
        }
        LZ4_decompress_safe(src, dst, (int)size, 256);
        free(dst);
        free(src);
    }
    oracle_dump(argv[1], (unsigned long)files.gl_pathc);
    globfree(&files);
    return 0;
}

/* libyuarel oracle driver, sampled: wrap.c's parse_url on URLs drawn as yuarel.fspec
 * asks, in 10 batches of N calls (one oracle_dump per batch).
 *
 *   driver DUMP [N [SEED]]     (N default 1000000, SEED default 1)
 *
 * The spec's input, drawn here by hand:
 *
 *   mixture(format("%s://%s%s/%s%s%s",
 *                  choice("http", "https", "ftp"),
 *                  choice("", "user:pw@", "u@"),
 *                  choice("example.com", "a.b.org:8080", "localhost:80"),
 *                  string(uniform_int(0, 20), "abc/"),
 *                  choice("", "?a=1", "?a=1&b=2&c", "?q=x%20y"),
 *                  choice("", "#top", "#")): 9,
 *           format("%s%s", choice("http:/", "://", "/rel/", "x"),
 *                  string(uniform_int(0, 10), "a/:?#")): 1)
 *
 * mixture: part k with probability w_k / (w_1 + w_2); choice: each string equally
 * likely; string(L, set): a length from L, then each character uniform over the set;
 * uniform_int(a, b): both ends included; format's %s: the drawn string inserted as it
 * is (the '%' of "?q=x%20y" is a byte of an argument, not a conversion).  The parts are
 * independent, so the order of the draws does not matter.
 *
 * parse_url modifies its string in place, so each call gets a fresh allocation of the
 * string's length plus a NUL, as freqsys passes it.  PRNG: xoshiro256** seeded through
 * splitmix64, integer draws unbiased by rejection; the oracle shares nothing with
 * freqsys's stream, only the distribution.
 *
 * WEIGHT_URL and WEIGHT_MALFORMED (default 9 and 1) are the mixture's weights; STRING_MAX
 * (default 20) is the greatest length of the first part's path.  They are macros only
 * so that a deliberately wrong distribution (-D WEIGHT_URL=1) can show that the check
 * has power. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle_counts.h"
#include "oracle_random.h"

#ifndef WEIGHT_URL
#define WEIGHT_URL 9
#endif
#ifndef WEIGHT_MALFORMED
#define WEIGHT_MALFORMED 1
#endif
#ifndef STRING_MAX
#define STRING_MAX 20
#endif

#define BATCHES 10
#define CAP 256 /* longest draw: 5 + 3 + 8 + 12 + 1 + STRING_MAX + 10 + 4 */

int parse_url(char *url_str); /* wrap.c */

/* ---- the input's draws ---- */

typedef struct text {
    char data[CAP];
    size_t len;
} text;

static void put(text *t, const char *s, size_t n) {
    if (t->len + n >= CAP) {
        fputs("driver: a drawn URL does not fit its buffer\n", stderr);
        exit(2);
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
}

/* choice(s_1, ..., s_n): each equally likely. */
static void choice(text *t, const char *const *list, size_t n) {
    const char *s = list[below(n)];
    put(t, s, strlen(s));
}

/* string(uniform_int(0, MAX), SET): a length uniform on 0..MAX, then each character
 * uniform over SET. */
static void string(text *t, uint64_t max, const char *set) {
    uint64_t len = below(max + 1);
    size_t n = strlen(set);
    for (uint64_t i = 0; i < len; i++) put(t, &set[below(n)], 1);
}

#define CHOICE(t, ...)                                                                   \
    do {                                                                                 \
        static const char *const list_[] = {__VA_ARGS__};                                \
        choice((t), list_, sizeof list_ / sizeof list_[0]);                              \
    } while (0)

/* One draw of the spec's mixture. */
static void draw_url(text *t) {
    t->len = 0;
    if (below(WEIGHT_URL + WEIGHT_MALFORMED) < WEIGHT_URL) {
        /* format("%s://%s%s/%s%s%s", ...) */
        CHOICE(t, "http", "https", "ftp");
        put(t, "://", 3);
        CHOICE(t, "", "user:pw@", "u@");
        CHOICE(t, "example.com", "a.b.org:8080", "localhost:80");
        put(t, "/", 1);
        string(t, STRING_MAX, "abc/");
        CHOICE(t, "", "?a=1", "?a=1&b=2&c", "?q=x%20y");
        CHOICE(t, "", "#top", "#");
    } else {
        /* format("%s%s", ...) */
        CHOICE(t, "http:/", "://", "/rel/", "x");
        string(t, 10, "a/:?#");
    }
}

/* ---- the calls ---- */

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: %s DUMP [CALLS_PER_BATCH [SEED]]\n", argv[0]);
        return 2;
    }
    char *end;
    unsigned long n = 1000000;
    if (argc > 2 && ((n = strtoul(argv[2], &end, 10)) == 0 || *end)) {
        fprintf(stderr, "%s: CALLS_PER_BATCH must be a positive integer, not %s\n", argv[0], argv[2]);
        return 2;
    }
    uint64_t seed = 1;
    if (argc > 3 && (seed = strtoull(argv[3], &end, 10), *end || !*argv[3])) {
        fprintf(stderr, "%s: SEED must be an integer, not %s\n", argv[0], argv[3]);
        return 2;
    }
    seed_rng(seed);

    static text url;
    for (int b = 0; b < BATCHES; b++) {
        for (unsigned long i = 0; i < n; i++) {
            draw_url(&url);
            /* A fresh writable copy with a NUL after the bytes, as freqsys passes it. */
            char *s = malloc(url.len + 1);
            if (!s) {
                fputs("out of memory\n", stderr);
                return 2;
            }
            memcpy(s, url.data, url.len);
            s[url.len] = '\0';
            parse_url(s);
            free(s);
        }
        oracle_dump(argv[1], n);
    }
    return 0;
}

/* object_steps.c: cursors moved through one object by loops and the helpers they call, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>
#include <string.h>

/* A do-while that moves the cursor and checks it against the end, as an HTTP parser
 * skips the spaces between a method and a path. */
static const char *skip_spaces(const char *buf, const char *end) {
    do {
        ++buf;
        if (buf == end) return NULL;
    } while (*buf == ' ');
    return buf;
}

/* A helper that returns the cursor moved past one unit (a ':' and the byte after it
 * are one), as a UTF-8 decoder returns it past one code point. */
static const char *next_unit(const char *p, int *unit) {
    if (p[0] == ':' && p[1] != '\0') {
        *unit = 2;
        p += 2;
    } else {
        *unit = p[0];
        p += 1;
    }
    return p;
}

static int count_units(const char *s) {
    int n = 0, unit;
    for (;;) {
        s = next_unit(s, &unit);
        if (unit == 0) break;
        n++;
    }
    return n;
}

/* A helper that returns the cursor at the end of a token, or NULL for a bad byte. */
static const char *token_end(const char *p, const char *end) {
    while (p != end && *p != ',') {
        if (*p == '#') return NULL;
        ++p;
    }
    return p;
}

static int count_fields(const char *s, const char *end) {
    int n = 0;
    const char *p = s;
    for (;;) {
        if ((p = token_end(p, end)) == NULL) return -1;
        n++;
        if (p == end) break;
        ++p;
    }
    return n;
}

/* A local buffer walked back from its end to the last ','. */
static int last_field(const char *s, size_t len) {
    char buf[32];
    size_t n = len < sizeof buf - 1 ? len : sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    const char *q = buf + n;
    while (q != buf && q[-1] != ',') q--;
    return (int)(buf + n - q);
}

/* A loop entered at two blocks: a goto into its body, as a decoder enters its careful
 * loop from the middle of its fast one. */
static int entered_twice(const char *s, const char *end, int skip) {
    const char *p = s;
    int n = 0;
    if (skip && p != end) goto inside;
    for (;;) {
        if (p >= end) break;
        n++;
    inside:
        p += *p == ':' && p + 1 < end ? 2 : 1;
    }
    return n;
}

/* Near miss: a step of 0 or 1 bytes; the rule needs a byte every way round. */
static int zero_steps(const char *s) {
    const char *p = s;
    int n = 0;
    while (*p) {
        p += *p == '#' ? 0 : 1;
        n++;
    }
    return n;
}

/* Near miss: a cursor into either of two objects, a 4-byte local or the string. */
static int two_objects(const char *s, int which) {
    char small[4] = "ab";
    const char *p = which ? s : small;
    int n = 0;
    while (*p) {
        p++;
        n++;
    }
    return n;
}

/* Near miss: a cursor parked at NULL on a way round; NULL is no place in the object,
 * and the loop follows a chain longer than the string. */
struct node {
    struct node *next;
};

static int parked(const char *s, int n) {
    struct node nodes[64];
    for (int i = 0; i < 64; i++) nodes[i].next = i + 1 < n ? &nodes[i + 1] : NULL;
    const char *mark = s;
    int k = 0;
    for (struct node *nd = nodes; nd; nd = nd->next) {
        if (mark) k += *mark == 'a';
        mark = NULL;
    }
    return k;
}

/* Near miss: the cursor set back once, past the start another variable holds. */
static int restarts(const char *s) {
    const char *p = s, *back = s;
    int n = 0, seen = 0;
    while (*p) {
        n++;
        if (*p == ',' && !seen) {
            seen = 1;
            p = back + 1;
            continue;
        }
        p++;
    }
    return n;
}

/* An output cursor through the drawn 16-byte buffer, a byte a pass, as a decoder's
 * copy writes: the buffer's size bounds it more tightly than the string's. */
static int fill_out(char *out, const char *s) {
    char *op = out;
    for (;;) {
        *op++ = *s ? *s : '.';
        if (*s == '\0' || op == out + 15) break;
        s++;
    }
    return (int)(op - out);
}

/* An inner walk that starts again at the string's start on each pass of the outer
 * loop: its passes do not add up to the string's bytes over the call, only per entry. */
static int rescans(const char *s, const char *end) {
    int n = 0;
    for (const char *p = s; p != end; p++) {
        const char *q = s;
        while (q != p) {
            q++;
            n++;
        }
    }
    return n;
}

/* A loop entered at two blocks whose passes hold a scan of the same cursor, as a
 * decoder's careful loop reads a long length a byte at a time. */
static int entered_twice_scan(const char *s, const char *end, int skip) {
    const char *p = s;
    int n = 0;
    if (skip && p != end) goto inside;
    for (;;) {
        if (p >= end) break;
        n++;
    inside:
        p++;
        if ((p = token_end(p, end)) == NULL) return -1;
    }
    return n;
}

/* Four bytes a pass through the 16-byte buffer, as a copy moves by words. */
static int by_words(char *out) {
    char *op = out, *oend = out + 16;
    int n = 0;
    while (op < oend) {
        memset(op, 'w', 4);
        op += 4;
        n++;
    }
    return n;
}

/* Two bytes on and one back, as a scan steps past a token and then onto its last
 * byte: a byte a pass. */
static int two_on_one_back(const char *s, const char *end) {
    const char *p = s;
    int n = 0;
    while (p < end && p + 1 < end) {
        p += 2;
        p--;
        n++;
    }
    return n;
}

/* Near miss: one on and one back, which holds the cursor where it was. */
static int one_on_one_back(const char *s, const char *end) {
    const char *p = s;
    int n = 0;
    while (p < end && n < 30) {
        p++;
        p--;
        n++;
    }
    return n;
}

/* An output cursor moved a byte at a time by an inner copy and by 0 or 1 bytes by
 * the loop around it, as a decoder copies a match after its literals: over the
 * whole call the copy returns at most 16 times, besides once an entry. */
static int copies(char *out, const char *s, const char *end) {
    char *op = out, *oend = out + 16;
    const char *p = s;
    int n = 0;
    while (p < end) {
        size_t lit = *p == 'a' ? 1 : 0;
        p++;
        if (lit > (size_t)(oend - op)) break;
        op += lit;
        while (op < oend && *p == 'b') {
            *op++ = 'b';
            n++;
        }
    }
    return n;
}

/* Near miss: the same with the cursor set back to the start on every pass around. */
static int copies_again(char *out, const char *s, const char *end) {
    char *op = out, *oend = out + 16;
    const char *p = s;
    int n = 0;
    while (p < end) {
        p++;
        op = out;
        while (op < oend && *p == 'b') {
            *op++ = 'b';
            n++;
        }
    }
    return n;
}

/* The copy again, with the cursor caught up to a limit on every pass around: `if
 * (op < limit) op = limit;` moves it on, as a decoder's copy up to a safe limit. */
static int catch_up(char *out, const char *s, const char *end) {
    char *op = out, *oend = out + 16, *limit = out + 8;
    const char *p = s;
    int n = 0;
    while (p < end) {
        p++;
        if (op < limit) op = limit;
        while (op < oend && *p == 'b') {
            *op++ = 'b';
            n++;
        }
    }
    return n;
}

/* Near misses: the cursor pulled back to the limit when past it, or at it. */
static int pull_back_past(char *out, const char *s, const char *end) {
    char *op = out, *oend = out + 16, *limit = out + 8;
    const char *p = s;
    int n = 0;
    while (p < end) {
        p++;
        if (op > limit) op = limit;
        while (op < oend && *p == 'b') {
            *op++ = 'b';
            n++;
        }
    }
    return n;
}

static int pull_back_at(char *out, const char *s, const char *end) {
    char *op = out, *oend = out + 16, *limit = out + 8;
    const char *p = s;
    int n = 0;
    while (p < end) {
        p++;
        if (op >= limit) op = limit;
        while (op < oend && *p == 'b') {
            *op++ = 'b';
            n++;
        }
    }
    return n;
}

int object_steps(const char *s, size_t len, int which, int n, char *out) {
    const char *end = s + len;
    int r = 0;
    if (len > 0 && skip_spaces(s, end)) r++;
    r += count_units(s);
    r += count_fields(s, end);
    r += last_field(s, len);
    r += entered_twice(s, end, which);
    for (int twice = 0; twice < 2; twice++) r += entered_twice_scan(s, end, which ^ twice);
    r += zero_steps(s);
    r += two_objects(s, which);
    r += parked(s, n);
    r += restarts(s);
    r += fill_out(out, s);
    r += by_words(out) + two_on_one_back(s, end) + one_on_one_back(s, end);
    r += copies(out, s, end) + copies_again(out, s, end);
    r += catch_up(out, s, end) + pull_back_past(out, s, end) + pull_back_at(out, s, end);
    r += rescans(s, end);
    return r;
}

/* Another way into the entry, a library's wrapper that no run calls: the entry's
 * arguments stay the runtime's. */
int object_steps_again(const char *s, int which) {
    char out[16];
    return object_steps(s, strlen(s), which, 1, out);
}

/* tests/e2e/programs/field_cursors.c: loops whose cursor is a struct field, proven where the struct stays local, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>
#include <string.h>

struct parser {
    unsigned pos;
    unsigned spaces;
};

struct span {
    int pos;
    int end;
};

struct nested {
    int tag;
    struct span in;
};

struct with_slots {
    int pos;
    int slot[4];
};

union overlay {
    struct span f;
    long long all;
};

static struct span global_span;
static int global_again;

static void parser_init(struct parser *p)
{
    p->pos = 0;
    p->spaces = 0;
}

/* jsmn's shape: the cursor a field of the caller's parser, over the caller's string */
static unsigned parser_scan(struct parser *p, const char *s, size_t len)
{
    for (; p->pos < len && s[p->pos] != '\0'; p->pos++)
        if (s[p->pos] == ' ')
            p->spaces++;
    return p->spaces;
}

static void step(struct span *c)
{
    c->pos++;
}

/* recursive, so never inlined: it sets the cursor back once */
static void rewind_once(struct span *c, int depth, int *again)
{
    if (depth > 0)
        rewind_once(c, depth - 1, again);
    else if (c->pos == 3 && !*again) {
        *again = 1;
        c->pos = 0;
    }
}

static void rewind_global(void)
{
    if (global_span.pos == 3 && !global_again) {
        global_again = 1;
        global_span.pos = 0;
    }
}

/* A helper that checks the pointer it is given, as library code does. */
static void checked_step(struct span *c)
{
    if (c == NULL) return;
    c->pos++;
}

int field_cursors(const char *s, size_t len, int n)
{
    struct parser p;
    struct span c, d, e, r, m, k, k0, a, z = {0}, y = {2, 7};
    struct nested o;
    struct with_slots w;
    union overlay u;
    int *q = &a.pos;
    int sum = 0, again_r = 0, again_m = 0, again_k = 0, again_a = 0, again_u = 0;

    parser_init(&p);
    sum += (int)parser_scan(&p, s, len);
    c.end = n;
    for (c.pos = 0; c.pos < c.end; c.pos++)
        sum++;
    o.tag = 0;
    for (o.in.pos = 0; o.in.pos < 5; o.in.pos++)
        o.tag = o.tag + o.in.pos;
    for (d.pos = 0; d.pos < 7; step(&d))
        sum++;

    for (r.pos = 0; r.pos < 5; r.pos++)
        rewind_once(&r, 1, &again_r);
    for (m.pos = 0; m.pos < 5; m.pos++)
        if (m.pos == 3 && !again_m) {
            again_m = 1;
            memset(&m, 0, sizeof m);
        }
    k0.pos = 0;
    k0.end = 0;
    for (k.pos = 0; k.pos < 5; k.pos++)
        if (k.pos == 3 && !again_k) {
            again_k = 1;
            k = k0;
        }
    for (a.pos = 0; a.pos < 5; a.pos++)
        if (a.pos == 3 && !again_a) {
            again_a = 1;
            (*q) -= 3;
        }
    global_again = 0;
    for (global_span.pos = 0; global_span.pos < 5; global_span.pos++)
        rewind_global();
    for (w.pos = 0; w.pos < 5; w.pos++)
        w.slot[n % 4] = w.pos;
    for (u.f.end = 0; u.f.end < 5; u.f.end++)
        if (u.f.end == 3 && !again_u) {
            again_u = 1;
            u.all = 0;
        }
    for (; z.pos < 4; z.pos++)
        sum++;
    for (; y.pos < y.end; y.pos++)
        sum++;
    for (e.pos = 0; e.pos < 6; checked_step(&e))
        sum++;
    return sum + o.tag + w.slot[n % 4];
}

/* a memset of the cursor's second byte: 5 becomes 0x105 */
int partial_fill(void)
{
    struct span h;
    int sum = 0;

    h.pos = 5;
    memset((char *)&h + 1, 1, 1);
    for (; h.pos > 0; h.pos--)
        sum++;
    return sum;
}

/* tests/transform/path_numbering-t.c: Ball-Larus numbering on hand-built graphs: counts, distinct ids,
 * decoding, and walks. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"

#include <stdint.h>
#include "path_numbering.h"

/* A graph from an adjacency list: EDGES holds (from, to) pairs in order. */
typedef struct built {
    unsigned first[128], succ[256];
    path_graph g;
} built;

static void build(built *b, unsigned n, const unsigned (*edges)[2], size_t nedges) {
    unsigned k = 0;
    for (unsigned v = 0; v < n; v++) {
        b->first[v] = k;
        for (size_t e = 0; e < nedges; e++)
            if (edges[e][0] == v) b->succ[k++] = edges[e][1];
    }
    b->first[n] = k;
    b->g = (path_graph){n, b->first, b->succ};
}

/* Every id decodes to a path, and no two ids to the same path (nodes and ending). */
static int ids_distinct(const path_graph *g, const path_numbering *pn) {
    unsigned seq[64][64], len[64], back[64];
    if (pn->total > 64) return 0;
    for (uint64_t id = 0; id < pn->total; id++) {
        len[id] = (unsigned)path_numbering_decode(g, pn, id, seq[id], &back[id]);
        if (len[id] == 0) return 0;
        for (uint64_t j = 0; j < id; j++)
            if (len[j] == len[id] && back[j] == back[id] &&
                !memcmp(seq[j], seq[id], len[id] * sizeof(unsigned)))
                return 0;
    }
    return 1;
}

/* Random walks doing what the instrumented code does (add a forward edge's value,
 * count at an end, restart after a back edge): each counted id must decode to
 * exactly the nodes walked since the path began. Returns the walks' segments checked,
 * or -1 at the first disagreement. */
static long walks_agree(const path_graph *g, const path_numbering *pn, unsigned seed, int nwalks) {
    uint64_t x = seed * 2654435761u + 1;
    long checked = 0;
    for (int walk = 0; walk < nwalks; walk++) {
        unsigned seg[256], out[256], nseg = 0, u = 0, back_to;
        uint64_t r = 0;
        seg[nseg++] = 0;
        for (int step = 0; step < 200; step++) {
            unsigned deg = g->first[u + 1] - g->first[u];
            if (deg == 0) {
                size_t n = path_numbering_decode(g, pn, r, out, &back_to);
                if (n != nseg || memcmp(out, seg, n * sizeof *out) || back_to != UINT32_MAX) return -1;
                checked++;
                break;
            }
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            unsigned k = g->first[u] + (unsigned)((x >> 33) % deg), w = g->succ[k];
            if (pn->back[k]) {
                size_t n = path_numbering_decode(g, pn, r + pn->val[k], out, &back_to);
                if (n != nseg || memcmp(out, seg, n * sizeof *out) || back_to != w) return -1;
                checked++;
                r = pn->restart[w];
                nseg = 0;
            } else {
                r += pn->val[k];
                if (nseg == 256) break;
            }
            seg[nseg++] = w;
            u = w;
        }
    }
    return checked;
}

int main(void) {
    plan(25);
    built b;
    path_numbering pn;

    /* three independent if-else diamonds in a row: 2 * 2 * 2 paths */
    static const unsigned diamonds[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {3, 5},
                                           {4, 6}, {5, 6}, {6, 7}, {6, 8}, {7, 9}, {8, 9}};
    build(&b, 10, diamonds, sizeof diamonds / sizeof diamonds[0]);
    ok(path_numbering_build(&b.g, &pn) == 0, "diamonds: numbered");
    is_int((long long)pn.total, 8, "diamonds: 8 paths");
    ok(ids_distinct(&b.g, &pn), "diamonds: the 8 ids decode to 8 different paths");
    int all_ok = 1;
    for (uint64_t id = 0; id < 8; id++) {
        unsigned out[16], back_to;
        size_t n = path_numbering_decode(&b.g, &pn, id, out, &back_to);
        all_ok &= n == 7 && out[0] == 0 && out[2] == 3 && out[4] == 6 && out[6] == 9 && back_to == UINT32_MAX;
    }
    ok(all_ok, "diamonds: every path runs entry, join, join, join, exit");
    ok(walks_agree(&b.g, &pn, 1, 200) == 200, "diamonds: walks count the ids that decode to them");
    unsigned out[16], back_to;
    is_int((long long)path_numbering_decode(&b.g, &pn, 8, out, &back_to), 0, "diamonds: id 8 is no path");
    path_numbering_free(&pn);

    /* a loop whose body has two arms: entry, header, then-arm or else-arm, latch back */
    static const unsigned loop[][2] = {{0, 1}, {1, 2}, {1, 5}, {2, 3}, {2, 4}, {3, 6}, {4, 6}, {6, 1}};
    build(&b, 7, loop, sizeof loop / sizeof loop[0]);
    ok(path_numbering_build(&b.g, &pn) == 0, "loop: numbered");
    is_int((long long)pn.total, 6, "loop: 3 paths from the entry, 3 from the header");
    ok(pn.header[1] && !pn.header[0] && !pn.header[2], "loop: the header is node 1 alone");
    int backs = 0;
    for (unsigned k = 0; k < b.first[7]; k++) backs += pn.back[k];
    is_int(backs, 1, "loop: one back edge");
    ok(pn.back[b.first[6]], "loop: it is latch -> header");
    ok(ids_distinct(&b.g, &pn), "loop: distinct ids");
    long walked = walks_agree(&b.g, &pn, 2, 300);
    ok(walked > 300, "loop: walks agree with decoding (%ld paths checked)", walked);
    size_t n = path_numbering_decode(&b.g, &pn, pn.restart[1], out, &back_to);
    ok(n >= 2 && out[0] == 1, "loop: the first id past the entry's paths starts at the header");
    path_numbering_free(&pn);

    /* a switch with two cases to one block, and a self loop */
    static const unsigned sw[][2] = {{0, 1}, {0, 1}, {0, 2}, {1, 1}, {1, 2}};
    build(&b, 3, sw, sizeof sw / sizeof sw[0]);
    ok(path_numbering_build(&b.g, &pn) == 0, "switch: numbered");
    is_int((long long)pn.total, 5, "switch: entry-1-back, entry-1-2, entry-2, 1-back, 1-2");
    ok(pn.val[0] == pn.val[1] && pn.back[0] == pn.back[1], "switch: the duplicate case is the same edge");
    ok(ids_distinct(&b.g, &pn), "switch: distinct ids");
    ok(walks_agree(&b.g, &pn, 3, 300) > 300, "switch: walks agree");
    path_numbering_free(&pn);

    /* an irreducible cycle (two ways in) */
    static const unsigned irr[][2] = {{0, 1}, {0, 2}, {1, 2}, {2, 1}, {1, 3}};
    build(&b, 4, irr, sizeof irr / sizeof irr[0]);
    ok(path_numbering_build(&b.g, &pn) == 0 && pn.total != PATH_NUMBERING_TOO_MANY, "irreducible: numbered");
    ok(ids_distinct(&b.g, &pn), "irreducible: distinct ids");
    ok(walks_agree(&b.g, &pn, 4, 300) > 300, "irreducible: walks agree");
    path_numbering_free(&pn);

    /* a block no path reaches is left out */
    static const unsigned dead[][2] = {{0, 2}, {1, 2}};
    build(&b, 3, dead, sizeof dead / sizeof dead[0]);
    ok(path_numbering_build(&b.g, &pn) == 0 && pn.total == 1 && !pn.reachable[1],
       "unreachable: one path, node 1 out");
    path_numbering_free(&pn);

    /* 70 diamonds: 2^70 paths do not fit */
    static unsigned many[280][2];
    size_t m = 0;
    for (unsigned d = 0; d < 70; d++) {
        unsigned s = 3 * d;
        many[m][0] = s;
        many[m++][1] = s + 1;
        many[m][0] = s;
        many[m++][1] = s + 2;
        many[m][0] = s + 1;
        many[m++][1] = s + 3;
        many[m][0] = s + 2;
        many[m++][1] = s + 3;
    }
    static unsigned bigfirst[256], bigsucc[300];
    unsigned k = 0;
    for (unsigned v = 0; v <= 210; v++) {
        bigfirst[v] = k;
        for (size_t e = 0; e < m && e < 280; e++)
            if (many[e][0] == v) bigsucc[k++] = many[e][1];
    }
    bigfirst[211] = k;
    path_graph big = {211, bigfirst, bigsucc};
    ok(path_numbering_build(&big, &pn) == 0, "2^70: built");
    ok(pn.total == PATH_NUMBERING_TOO_MANY, "2^70: too many to number");
    path_numbering_free(&pn);
    return done();
}

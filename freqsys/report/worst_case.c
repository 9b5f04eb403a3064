/* freqsys/report/worst_case.c: the most one run can execute, by implicit path enumeration over the proven
 * bounds. */
/* SPDX-License-Identifier: MIT */
#include "worst_case.h"

#include <glpk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INTEGER_TIME_LIMIT_MS 10000 /* past this the relaxation's bound is given */

/* A bound every run keeps: proven, not only in a tail of the inputs' laws. */
static int bounded(const result_block *b) {
    return isfinite(b->max_runs) && b->max_runs >= 0 && !(b->tail_mass > 0);
}

/* The first block of each function (its entry at -O0), by the blocks' order. */
static int is_first(const result *r, size_t b) {
    return b == 0 || strcmp(r->blocks[b - 1].function, r->blocks[b].function) != 0;
}

/* The matrix, 1-based as GLPK takes it. */
typedef struct matrix {
    int *row, *col;
    double *value;
    size_t n, cap;
} matrix;

static int put(matrix *m, int row, int col, double value) {
    if (m->n + 1 >= m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 1024;
        int *rows = realloc(m->row, cap * sizeof *rows), *cols = NULL;
        if (rows) m->row = rows;
        if (rows) cols = realloc(m->col, cap * sizeof *cols);
        if (cols) m->col = cols;
        double *values = cols ? realloc(m->value, cap * sizeof *values) : NULL;
        if (!values) return -1;
        m->value = values;
        m->cap = cap;
    }
    m->n++;
    m->row[m->n] = row;
    m->col[m->n] = col;
    m->value[m->n] = value;
    return 0;
}

static void matrix_free(matrix *m) {
    free(m->row);
    free(m->col);
    free(m->value);
}

/* Columns: x_b for each block (1..B), then y_e for each edge. Rows: per block its
 * out-flow, then its in-flow. */
static int build(const result *r, const double *weight, glp_prob *lp) {
    size_t nb = r->nblocks, ne = 0;
    for (size_t b = 0; b < nb; b++) ne += r->blocks[b].nsuccessors;
    glp_add_cols(lp, (int)(nb + ne));
    glp_add_rows(lp, (int)(2 * nb));
    matrix m = {0};
    int rc = 0;
    size_t e = 0;
    for (size_t b = 0; b < nb && rc == 0; b++) {
        const result_block *blk = &r->blocks[b];
        int x = (int)b + 1;
        if (blk->max_runs > 0)
            glp_set_col_bnds(lp, x, GLP_DB, 0, blk->max_runs);
        else
            glp_set_col_bnds(lp, x, GLP_FX, 0, 0); /* GLPK takes equal ends as fixed only */
        glp_set_obj_coef(lp, x, weight ? weight[b] : 1);
        /* out-flow: sum y_e - x_b <= 0 */
        glp_set_row_bnds(lp, x, GLP_UP, 0, 0);
        rc |= put(&m, x, x, -1);
        for (size_t k = 0; k < blk->nsuccessors && rc == 0; k++, e++) {
            int y = (int)(nb + e) + 1;
            glp_set_col_bnds(lp, y, GLP_LO, 0, 0);
            rc |= put(&m, x, y, 1);
            /* in-flow of the successor: x_s - sum y_e <= its entries */
            size_t s = blk->successors[k];
            if (s < nb) rc |= put(&m, (int)(nb + s) + 1, y, -1);
        }
    }
    for (size_t b = 0; b < nb && rc == 0; b++) {
        int in = (int)(nb + b) + 1;
        /* a function's first block is entered from its callers, the run's entry
         * function from the run too: as often as its own proof allows, which for the
         * run's entry is once a run unless it recurses; the result's call lists, which
         * miss calls through pointers, are not needed */
        glp_set_row_bnds(lp, in, GLP_UP, 0, is_first(r, b) ? r->blocks[b].max_runs : 0);
        rc |= put(&m, in, (int)b + 1, 1);
    }
    if (rc == 0) glp_load_matrix(lp, (int)m.n, m.row, m.col, m.value);
    matrix_free(&m);
    return rc;
}

/* Whether R has a control-flow graph: a result written before blocks kept their
 * successors has none, and every block but a function's first would look
 * unreachable. */
static int has_graph(const result *r) {
    for (size_t b = 0; b < r->nblocks; b++)
        if (r->blocks[b].nsuccessors) return 1;
    for (size_t b = 1; b < r->nblocks; b++)
        if (!is_first(r, b)) return 0; /* a function of several blocks and no edge */
    return 1;
}

/* GLPK's messages go to standard output unless turned off, and would mix with a report. */
static int quiet(void *info, const char *s) {
    (void)info;
    (void)s;
    return 1;
}

int worst_case_solve(const result *r, const double *weight, worst_case *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    out->bound = out->relaxed = NAN;
    size_t nb = r->nblocks;
    out->charge = calloc(nb + 1, sizeof *out->charge);
    out->open = calloc(nb + 1, sizeof *out->open);
    if (!out->charge || !out->open) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t b = 0; b < nb; b++) {
        if (!bounded(&r->blocks[b])) out->open[out->nopen++] = b;
        if (r->blocks[b].cap || (r->blocks[b].basis && !strcmp(r->blocks[b].basis, "cap"))) out->capped = 1;
    }
    if (out->nopen || nb == 0) return 0;
    if (!has_graph(r)) {
        snprintf(err, errlen,
                 "the result has no control-flow graph (no block lists its successors): "
                 "run it again with this version");
        return -1;
    }
    glp_term_hook(quiet, NULL);
    glp_prob *lp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MAX);
    if (build(r, weight, lp) != 0) {
        glp_delete_prob(lp);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    glp_smcp sp;
    glp_init_smcp(&sp);
    sp.msg_lev = GLP_MSG_OFF;
    sp.presolve = GLP_ON;
    if (glp_simplex(lp, &sp) != 0 || glp_get_status(lp) != GLP_OPT) {
        snprintf(err, errlen, "the linear program has no maximum (GLPK status %d)", glp_get_status(lp));
        glp_delete_prob(lp);
        return -1;
    }
    out->relaxed = glp_get_obj_val(lp);
    out->bounded = 1;
    int whole = 1;
    for (size_t b = 0; weight && b < nb; b++) whole &= weight[b] == floor(weight[b]);
    /* with whole weights every run's sum is whole: the floor of the relaxation, with
     * room for the simplex's tolerance, still bounds it */
    double slack = 1e-6 * fmax(1, fabs(out->relaxed));
    out->bound = whole ? floor(out->relaxed + slack) : out->relaxed + slack;
    for (size_t b = 0; b < nb; b++)
        out->charge[b] = (weight ? weight[b] : 1) * glp_get_col_prim(lp, (int)b + 1);
    int cols = glp_get_num_cols(lp);
    for (int j = 1; j <= cols; j++) glp_set_col_kind(lp, j, GLP_IV);
    glp_iocp ip;
    glp_init_iocp(&ip);
    ip.msg_lev = GLP_MSG_OFF;
    ip.presolve = GLP_ON;
    ip.tm_lim = INTEGER_TIME_LIMIT_MS;
    if (glp_intopt(lp, &ip) == 0 && glp_mip_status(lp) == GLP_OPT) {
        double z = whole ? round(glp_mip_obj_val(lp)) : glp_mip_obj_val(lp) + slack;
        if (z <= out->bound) {
            out->bound = z;
            out->exact = 1;
            for (size_t b = 0; b < nb; b++)
                out->charge[b] = (weight ? weight[b] : 1) * glp_mip_col_val(lp, (int)b + 1);
        }
    }
    glp_delete_prob(lp);
    return 0;
}

void worst_case_free(worst_case *w) {
    free(w->open);
    free(w->charge);
    memset(w, 0, sizeof *w);
}

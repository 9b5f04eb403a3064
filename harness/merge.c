/* harness/merge.c: finished ranges of trials, merged strictly in trial order into the tallies. */
/* SPDX-License-Identifier: MIT */
#include "merge.h"

#include "score_sums.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

int merge_init(merge *m, size_t ntallies) {
    memset(m, 0, sizeof *m);
    m->tallies = calloc(ntallies + 1, sizeof *m->tallies);
    m->unbounded = calloc(ntallies + 1, sizeof *m->unbounded);
    m->over = calloc(ntallies + 1, sizeof *m->over);
    if (!m->tallies || !m->unbounded || !m->over) return -1;
    m->ntallies = ntallies;
    path_tallies_init(&m->hashed);
    path_tallies_init(&m->hashed_runs);
    for (size_t j = 0; j < ntallies; j++) tally_init(&m->tallies[j]);
    return 0;
}

int merge_resume(merge *m, const runner_start *st, size_t ncopy) {
    for (size_t j = 0; j < ncopy && j < m->ntallies; j++)
        if (tally_merge(&m->tallies[j], &st->tallies[j]) != 0) return -1;
    if (st->hashed && path_tallies_merge(&m->hashed, st->hashed) != 0) return -1;
    m->frontier = st->frontier;
    m->crashes = st->crashes;
    m->timeouts = st->timeouts;
    m->input_errors = st->input_errors;
    m->outcomes = st->outcomes;
    memcpy(m->crash_sites, st->crash_sites, sizeof m->crash_sites);
    m->ncrash_sites = st->ncrash_sites;
    for (size_t j = 0; st->unbounded && j < ncopy && j < m->ntallies; j++) m->unbounded[j] = st->unbounded[j];
    for (size_t j = 0; st->over && j < ncopy && j < m->ntallies; j++) m->over[j] = st->over[j];
    m->over_raised++;
    memcpy(m->failures, st->failures, sizeof m->failures);
    m->nfailures = st->nfailures;
    return 0;
}

void merge_piece_free(merge_piece *p) {
    free(p->bins);
    free(p->aborted);
    p->bins = NULL;
    p->aborted = NULL;
}

int merge_add(merge *m, merge_piece p) {
    if (m->npending == m->pending_cap) {
        size_t bigger = m->pending_cap ? 2 * m->pending_cap : 16;
        merge_piece *v = realloc(m->pending, bigger * sizeof *v);
        if (!v) {
            merge_piece_free(&p);
            return -1;
        }
        m->pending = v;
        m->pending_cap = bigger;
    }
    size_t i = m->npending++;
    while (i > 0 && m->pending[i - 1].start > p.start) {
        m->pending[i] = m->pending[i - 1];
        i--;
    }
    m->pending[i] = p;
    return 0;
}

static void note_failure(merge *m, uint64_t trial, runner_failure_kind kind, int sig) {
    runner_failure f = {trial, kind, sig};
    /* keep the smallest trial ids, so the list does not depend on timing */
    size_t n = m->nfailures;
    if (n == RUNNER_MAX_FAILURES) {
        if (trial > m->failures[n - 1].trial) return;
        n--;
    }
    size_t i = n;
    while (i > 0 && m->failures[i - 1].trial > trial) {
        m->failures[i] = m->failures[i - 1];
        i--;
    }
    m->failures[i] = f;
    m->nfailures = n + 1;
}

/* A trial crashed in BLOCK by SIGNAL: merged in trial order, so the first seen is
 * the first trial; sites past the table's room are counted in the outcomes only. */
static void note_crash_site(merge *m, uint32_t block, int signal, uint64_t trial) {
    for (size_t i = 0; i < m->ncrash_sites; i++)
        if (m->crash_sites[i].block == block && m->crash_sites[i].signal == signal) {
            m->crash_sites[i].trials++;
            return;
        }
    if (m->ncrash_sites < RUNNER_MAX_CRASH_SITES)
        m->crash_sites[m->ncrash_sites++] = (runner_crash_site){block, signal, 1, trial};
}

static int add_bins(merge *m, const merge_piece *p) {
    /* a big program's bins hit cold tallies: ask for each tally 16 bins ahead,
     * and for its bin 8 ahead, so the misses overlap */
    tally *path = NULL; /* the hashed path whose count bins follow */
    for (size_t k = 0; k < p->nbins; k++) {
        const wire_bin *b = &p->bins[k];
        if (b->pad >= WIRE_BIN_SCORES) { /* the sums of sensitivities, not a histogram's bin */
            if (!m->scores || score_sums_add_record(m->scores, b) != 0) return -1;
            continue;
        }
        if (b->pad == WIRE_BIN_UNBOUNDED) {
            if (b->block < m->ntallies) m->unbounded[b->block] += b->trials;
            continue;
        }
        if (b->pad == WIRE_BIN_CRASH_SITE) {
            note_crash_site(m, b->block, (int)b->value, p->start);
            continue;
        }
        if (b->pad == WIRE_BIN_EXIT) {
            m->outcomes.exits[b->block & (RUNNER_EXIT_CODES - 1)] += b->trials;
            continue;
        }
        if (b->pad == WIRE_BIN_OVER) {
            if (b->block < m->ntallies && b->value > m->over[b->block]) {
                m->over[b->block] = b->value;
                m->over_raised++;
            }
            continue;
        }
        if (b->pad == WIRE_BIN_OVER_ENDS) {
            *(b->block ? &m->outcomes.proven_exceeded : &m->outcomes.cap_exceeded) += b->trials;
            continue;
        }
        if (b->pad) {
            /* a count bin follows its path's head, and goes where the head went */
            path_tallies *into = b->pad == WIRE_BIN_RUN_PATH ? &m->hashed_runs : &m->hashed;
            if (path_tallies_add_bin(into, b, &path) != 0) return -1;
            continue;
        }
        if (k + 16 < p->nbins && !p->bins[k + 16].pad) __builtin_prefetch(&m->tallies[p->bins[k + 16].block]);
        if (k + 8 < p->nbins && !p->bins[k + 8].pad)
            tally_prefetch(&m->tallies[p->bins[k + 8].block], p->bins[k + 8].value);
        if (tally_add(&m->tallies[b->block], b->value, b->trials) != 0) return -1;
    }
    return 0;
}

static void count_failures(merge *m, const merge_piece *p) {
    for (size_t k = 0; k < p->naborted; k++) {
        if (p->aborted[k] & WIRE_INPUT_ERROR) {
            m->input_errors++;
            note_failure(m, p->aborted[k] & ~WIRE_INPUT_ERROR, FAILURE_INPUT, 0);
        } else {
            m->crashes++;
            m->outcomes.aborts++;
            note_failure(m, p->aborted[k], FAILURE_CRASH, SIGABRT);
        }
    }
    if (p->failed) {
        runner_failure_kind kind = (runner_failure_kind)(p->failed - 1);
        if (kind == FAILURE_TIMEOUT) {
            m->timeouts++;
        } else {
            m->crashes++;
            m->outcomes.signals[p->signal > 0 && p->signal < RUNNER_SIGNALS ? p->signal : 0]++;
        }
        note_failure(m, p->crash_trial, kind, p->signal);
    }
}

int merge_ready(merge *m, uint64_t limit) {
    while (m->npending > 0 && m->pending[0].start == m->frontier && m->frontier < limit) {
        merge_piece p = m->pending[0];
        memmove(m->pending, m->pending + 1, (m->npending - 1) * sizeof *m->pending);
        m->npending--;
        int rc = add_bins(m, &p);
        if (rc == 0) count_failures(m, &p);
        merge_piece_free(&p);
        if (rc != 0) return -1;
        m->frontier += p.count;
    }
    return 0;
}

uint64_t merge_valid(const merge *m) {
    return m->frontier - m->crashes - m->timeouts - m->input_errors;
}

void merge_free(merge *m) {
    for (size_t i = 0; i < m->npending; i++) merge_piece_free(&m->pending[i]);
    free(m->pending);
    m->pending = NULL;
    m->npending = m->pending_cap = 0;
    path_tallies_free(&m->hashed);
    path_tallies_free(&m->hashed_runs);
    for (size_t j = 0; m->tallies && j < m->ntallies; j++) tally_free(&m->tallies[j]);
    free(m->tallies);
    m->tallies = NULL;
    free(m->unbounded);
    m->unbounded = NULL;
    free(m->over);
    m->over = NULL;
}

/* freqsys/run/cli_run.c: `freqsys run`: build the instrumented program, configure the runner, enumerate or
 * sample, deliver the result. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "enumerate.h"
#include "result.h"
#include "run_features.h"
#include "run_replay.h"
#include "run_result.h"
#include "run_resume.h"
#include "run_state.h"
#include "run_summary.h"
#include "code_place.h"
#include "timeout_calibrate.h"
#include "sampling_choice.h"
#include "stdin_text.h"
#include "stop_request.h"

static const char *default_format(const char *path) {
    size_t n = path ? strlen(path) : 0;
    if (n > 5 && strcmp(path + n - 5, ".json") == 0) return "json";
    if (n > 4 && strcmp(path + n - 4, ".csv") == 0) return "csv";
    return "text";
}

static int write_result(const result *r, const run_options *o) {
    const char *format = o->format ? o->format : default_format(o->out_path);
    FILE *file = o->out_path ? fopen(o->out_path, "w") : NULL, *out = file ? file : stdout;
    if (o->out_path && !file) {
        fprintf(stderr, "freqsys: error: cannot write %s: %s\n", o->out_path, strerror(errno));
        return -1;
    }
    int rc;
    if (!strcmp(format, "json")) {
        /* the spec as this file names it: from its folder, or absolute on stdout */
        result stored = *r;
        stored.spec = result_spec_for_file(r->spec, o->out_path);
        stored.spec_relative_to_result = stored.spec && o->out_path && stored.spec[0] != '/';
        rc = stored.spec ? result_write(&stored, format, out) : -1;
        free(stored.spec);
    } else {
        rc = result_write(r, format, out);
    }
    if (file && fclose(file) != 0) rc = -1;
    if (rc != 0) fprintf(stderr, "freqsys: error: writing the result failed: %s\n", strerror(errno));
    return rc;
}

/* Enumerates when the spec allows it: 0 with EN filled, 1 when it does not apply
 * (WHY says why), 2 when a stop cut it short, -1 on a failure to run at all. */
static int try_enumeration(const spec *s, const run_options *o, const runner_config *cfg,
                           enumerate_result *en, char *why, size_t whylen) {
    uint64_t limit = o->has_enumerate_limit ? o->enumerate_limit : ENUMERATE_DEFAULT_LIMIT;
    if (limit > cfg->max_trials) limit = cfg->max_trials; /* no more runs than the trial budget */
    if (limit == 0) {
        snprintf(why, whylen, "--enumerate-limit 0");
        return 1;
    }
    /* A call sequence is enumerated whole: the probe learns every draw of every call
     * (and each handler's count), and the per-call mean is the exact total over the
     * counted calls divided by their number. */
    if (!enumerate_spec_finite(s, limit, why, whylen)) return 1;
    return enumerate_run(cfg->mod, &cfg->program, cfg->seed, limit, cfg->timeout_s, &cfg->limits, en, why,
                         whylen);
}

static int run_command(int argc, char **argv, cluster *cl);

/* The phase the run enters, for the message should a stop come before the sampling;
 * one already asked for keeps the phase it came in. */
static void enter(run_state *st, const char *phase) {
    if (!stop_request_pending()) st->phase = phase;
}

int cli_run(int argc, char **argv) {
    cluster cl;
    char err[1024];
    if (cluster_init(&argc, &argv, &cl, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        return EXIT_USAGE;
    }
    int rc = run_command(argc, argv, &cl);
    cluster_finish(&cl);
    return rc;
}

static void run_state_free(run_state *st) {
    if (st->cfg.trace) fclose(st->cfg.trace);
    checkpoint_free(&st->resume);
    spec_free(st->s);
    transform_warnings_free(&st->warnings);
    free(st->sampling_note);
    free(st->spec_abs);
    run_files_free(&st->files);
    tail_level_choice_free(&st->tail_levels);
}

/* Options, the checkpoint to continue from, the spec, the instrumented and loaded
 * module: everything before the trials. Returns EXIT_OK or the exit status. */
static int prepare(run_state *st, int argc, char **argv, cluster *cl) {
    run_options *o = &st->o;
    int rc = run_options_parse(argc, argv, o);
    if (rc) return rc;
    if (cl->rank != 0) o->quiet = 1; /* rank 0 speaks for the job */
    /* ranks sharing a host share its cores */
    if (!o->has_jobs && cl->local_size > 1)
        o->jobs = o->jobs / cl->local_size > 1 ? o->jobs / cl->local_size : 1;
    char err[16384];
    if (o->resume_path) {
        if (checkpoint_read(o->resume_path, &st->resume, err, sizeof err) != 0) {
            fprintf(stderr, "freqsys: error: %s\n", err);
            return EXIT_USAGE;
        }
        if ((rc = run_resume_settings(o, &st->resume)) != 0) return rc;
        if (st->resume.sampling_note && !(st->sampling_note = strdup(st->resume.sampling_note)))
            return EXIT_USAGE;
    }
    LLVMContextRef ctx = NULL;
    LLVMModuleRef m = NULL;
    instrument_counting counting = {o->max_paths, (unsigned)o->context_depth};
    /* -e and -g stand in for the spec's lines (configure takes the options first) */
    int given = (o->has_epsilon ? SPEC_GIVEN_EPSILON : 0) | (o->has_confidence ? SPEC_GIVEN_CONFIDENCE : 0);
    rc = pipeline_instrument_counting(o->spec_path, given, o->optimize, &counting, &st->s, &ctx, &m,
                                      &st->warnings);
    if (rc != EXIT_OK) return rc;
    /* the files as built: plan and the exports compile them again, and must know when
     * they changed since; a result without the digests only loses that check */
    if (run_files_take(o->spec_path, st->s, &st->files, err, sizeof err) != 0 && !o->quiet)
        fprintf(stderr, "freqsys: warning: %s; the result records no digests of its files\n", err);
    /* The text result on stdout shows them; a result written to a file or as JSON
     * would hide them from the user at the terminal, so they go to stderr too. */
    int shown = !o->out_path && (!o->format || !strcmp(o->format, "text"));
    for (size_t i = 0; !o->quiet && !shown && i < st->warnings.n; i++)
        fprintf(stderr, "freqsys: warning: %s\n", st->warnings.v[i]);
    st->mod = st->loaded = module_load(m, st->s, o->keep, &st->rt, err, sizeof err);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    if (!st->mod) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        return EXIT_BUILD;
    }
    if (o->resume_path && (checkpoint_module_id(st->mod) != st->resume.module_id ||
                           st->resume.ntallies != fsabi_ncounters(st->mod))) {
        fprintf(stderr,
                "freqsys: error: %s was made for another version of the program; "
                "it cannot be continued\n",
                o->resume_path);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The runner's configuration from the options and the spec (options win), and the
 * checkpoint it writes. Returns EXIT_OK or EXIT_USAGE. */
static int configure(run_state *st, cluster *cl) {
    run_options *o = &st->o;
    const spec *s = st->s;
    runner_config *cfg = &st->cfg;
    /* From here to the result, SIGINT and SIGTERM ask every phase to stop: the
     * calibration, enumeration, the pilots and the sampling each end at once and the
     * run writes what it has. (The build before ends at the signal, with nothing.) */
    stop_request_install();
    st->stop_handled = 1;
    if (o->cap == 0 && s->cap > 0) o->cap = (double)s->cap; /* --cap wins over the spec's */
    cfg->mod = st->mod;
    cfg->program =
        (program_hooks){st->rt->run_trial,  st->rt->set_draw_source, st->rt->rng, st->rt->scores_take, NULL,
                        st->rt->exit_status};
    cfg->rare_block = -1;
    cfg->mark_stuck = code_place_mark_loop;
    cfg->locate_crash = code_place_block;
    cfg->mark_stuck_ctx = (void *)st->mod;
    cfg->seed = o->has_seed ? o->seed : s->seed;
    cfg->jobs = o->jobs;
    cfg->max_trials = o->has_max_trials ? o->max_trials : s->max_trials;
    cfg->timeout_s = o->timeout_s > 0 ? o->timeout_s : s->timeout_s;
    cfg->progress = o->quiet ? 0 : isatty(2) ? 1 : 2; /* a log gets a line every 10 s */
    cfg->limits.address_space = CONFINE_DEFAULT_ADDRESS_SPACE;
    cfg->limits.allow_writes = o->allow_writes;
    cfg->limits.allow_network = o->allow_network || s->network_allowed;
    /* The memfd of a drawn standard input is a file the worker writes; the seccomp
     * filter still keeps it from opening any other for writing. */
    cfg->limits.file_size = spec_find_stdin(s) ? STDIN_TEXT_MAX_BYTES : 0;
    cfg->worker_rss_limit = RUNNER_DEFAULT_RSS_LIMIT;
    cfg->resume = o->resume_path ? &st->resume.state : NULL;
    cfg->cluster = cl;
    st->spec_abs = realpath(o->spec_path, NULL); /* --resume finds it from any folder */
    st->ckpt = (checkpoint_target){{st->spec_abs ? st->spec_abs : (char *)o->spec_path,
                                    checkpoint_module_id(st->mod),
                                    cfg->seed,
                                    cfg->max_trials,
                                    0,
                                    0,
                                    0,
                                    (int)o->family,
                                    (int)o->method,
                                    o->cap,
                                    fsabi_ncounters(st->mod),
                                    {0},
                                    0,
                                    st->sampling_note},
                                   "",
                                   0};
    run_resume_checkpoint_path(o, st->ckpt.path, sizeof st->ckpt.path);
    cfg->on_checkpoint = run_resume_write_checkpoint;
    cfg->checkpoint_ctx = &st->ckpt;
    cfg->checkpoint_every_s = o->checkpoint_every > 0 ? o->checkpoint_every : 10;
    cfg->stop_after = o->stop_after;
    cfg->time_limit_s = o->time_limit_s > 0 ? o->time_limit_s : s->time_limit_s;
    clock_gettime(CLOCK_MONOTONIC, &st->limit_clock); /* from here: the pilots count against it */
    cfg->limit_clock = &st->limit_clock;
    stop_params_init(&cfg->stop, o->has_epsilon ? o->epsilon : s->epsilon,
                     o->has_epsilon ? o->epsilon_relative : s->epsilon_relative,
                     o->has_confidence ? o->confidence : s->confidence);
    stop_params_floor(&cfg->stop, o->has_floor ? o->epsilon_floor : s->epsilon_floor);
    cfg->quantile_levels = o->nquantiles ? o->quantiles : s->quantiles;
    cfg->nquantile_levels = (uint32_t)(o->nquantiles ? o->nquantiles : s->nquantiles);
    /* all at once: each block's mean and its quantiles share the error alike */
    stop_params_family(&cfg->stop, o->family, runner_family_size(st->mod) * (1 + cfg->nquantile_levels));
    stop_params_method(&cfg->stop, o->method, o->cap);
    cfg->stop.order_seed = cfg->seed; /* the betting interval's order of the trials: the run's own stream */
    if (o->sampling) sampling_method_parse(o->sampling, &cfg->sampling);
    cfg->runs_per_trial = cfg->sampling == SAMPLING_PLAIN ? 1
                          : o->points                     ? (uint32_t)o->points
                                                          : sampling_method_default_runs(cfg->sampling);
    if (cfg->timeout_s <= 0 && o->replay < 0) { /* none given: from the first trials, reported */
        enter(st, "calibrating the timeout");
        cfg->timeout_s = timeout_calibrate(cfg);
        cfg->timeout_calibrated = 1;
    }
    cfg->timeout_s *= cfg->runs_per_trial; /* the spec's timeout is per run; a trial is a replicate */
    const char *shown;
    if (run_features_unresumable(st, &shown)) cfg->on_checkpoint = NULL; /* the table says which continue */
    st->ckpt.header.max_paths = o->max_paths;
    st->ckpt.header.epsilon = cfg->stop.epsilon;
    st->ckpt.header.confidence = cfg->stop.confidence;
    st->ckpt.header.relative = cfg->stop.relative;
    /* A trial of a call sequence gives each block's total over its counted calls: an
     * absolute epsilon and the cap, stated per call, become per trial (the bounds the
     * transform proved are per trial already). */
    double per_trial = (double)spec_counted_calls(s);
    if (!cfg->stop.relative) cfg->stop.epsilon *= per_trial;
    cfg->stop.floor *= per_trial;
    cfg->stop.cap *= per_trial;
    if (o->rare) enter(st, "fitting --rare's tilts (a pilot)");
    if (run_features_prepare(st) != EXIT_OK) return EXIT_USAGE;
    if (o->trace_path && cl->rank == 0) {
        if (!(cfg->trace = fopen(o->trace_path, "w"))) {
            fprintf(stderr, "freqsys: error: cannot write %s: %s\n", o->trace_path, strerror(errno));
            return EXIT_USAGE;
        }
        fprintf(cfg->trace, "trials,block,mean,half_width\n");
    }
    return EXIT_OK;
}

/* Hands the result the warnings and writes it; the exit status. */
static int deliver(run_state *st, result *r, int complete) {
    if (!r) {
        fprintf(stderr, "freqsys: error: out of memory\n");
        return EXIT_USAGE;
    }
    r->warnings = st->warnings.v;
    r->nwarnings = st->warnings.n;
    st->warnings = (transform_warnings){0};
    run_files_give(&st->files, r);
    if (st->s && st->s->ninputs && (r->inputs = calloc(st->s->ninputs, sizeof *r->inputs)))
        for (size_t i = 0; i < st->s->ninputs; i++) { /* what each declaration drew, as check prints it */
            int n = spec_input_text(&st->s->inputs[i], NULL, 0);
            if (n < 0 || !(r->inputs[r->ninputs] = malloc((size_t)n + 1))) break;
            spec_input_text(&st->s->inputs[i], r->inputs[r->ninputs++], (size_t)n + 1);
        }
    int rc = write_result(r, &st->o) != 0 ? EXIT_USAGE : complete ? EXIT_OK : EXIT_INCOMPLETE;
    /* A text result on stdout ends with its verdict; any other leaves the terminal
     * without one but for this line. */
    const run_options *o = &st->o;
    int text_on_stdout = !o->out_path && !strcmp(o->format ? o->format : "text", "text");
    if (rc != EXIT_USAGE && !o->quiet && !text_on_stdout) run_summary_print(r, o->out_path, stderr);
    /* a cap the trials exceeded is an error, said even to a quiet run */
    if (rc != EXIT_USAGE && !text_on_stdout) result_write_exceeded_text(r, "freqsys: error: ", stderr);
    result_free(r);
    return rc;
}

/* The result of an enumeration: every block exact (half-width 0), its probability
 * of running in p_upper, what the runs showed in min, max and hits. */
static result *enumerated_result(const run_state *st, const enumerate_result *en) {
    runner_result rr;
    if (run_result_enumeration_runs(en, fsabi_ncounters(st->mod), &rr) != 0) return NULL;
    result *r = run_result_make(st->s, st->o.spec_path, &st->cfg, &rr);
    if (r && run_features_result(r, st, &rr) != 0) {
        result_free(r);
        r = NULL;
    }
    free(rr.moments);
    free(rr.verdicts);
    if (r) run_result_enumerated(r, en);
    return r;
}

/* Exact enumeration, when every input has a small finite support (each MPI rank
 * decides alike, so ranks other than 0 only leave). Sets *DONE when it gave the
 * result; returns the exit status then. */
static int run_enumerated(run_state *st, cluster *cl, int *done) {
    *done = 0;
    const run_options *o = &st->o;
    /* sensitivities weight sampled trials by their scores: no enumeration then */
    if (o->resume_path || o->sensitivity || o->rare || st->cfg.nquantile_levels ||
        (o->sampling && strcmp(o->sampling, "enumerate")))
        return EXIT_OK;
    enumerate_result en;
    char why[768];
    enter(st, "enumerating the inputs");
    int tried = try_enumeration(st->s, o, &st->cfg, &en, why, sizeof why);
    if (tried == 2) return EXIT_OK; /* stopped: the sampling that follows ends at once, with no trial */
    if (tried != 0) {
        if (o->sampling) { /* asked for by name: say why not */
            char note[1024];
            snprintf(note, sizeof note, "not enumerated (%s); sampled plainly", why);
            if (!o->quiet) fprintf(stderr, "freqsys: %s\n", note);
            st->sampling_note = strdup(note);
        }
        return EXIT_OK;
    }
    *done = 1;
    result *r = cl->rank == 0 ? enumerated_result(st, &en) : NULL;
    enumerate_result_free(&en);
    if (cl->rank != 0) return EXIT_OK;
    if (r) {
        r->jobs = 1;
        r->trials_per_s = r->elapsed_s > 0 ? (double)r->trials / r->elapsed_s : 0;
    }
    return deliver(st, r, 1);
}

/* Where the inputs were not enumerated, each block bounded by the spec's tails takes
 * the level this epsilon allows, which -e may have changed since the transform
 * (harness/tail_level_choice.h); every part of the run from here on reads the blocks'
 * bounds from it. A relative epsilon is a share of each block's mean: a pilot of its
 * own estimates it (its runs are not counted; every MPI rank runs the same one, a
 * function of the seed). Not with --rare, whose weighted counts take no tail. Crash
 * sites and stuck loops are still found in the loaded module (mark_stuck_ctx), which
 * dladdr must find. Returns the exit status. */
static int choose_levels(run_state *st) {
    runner_config *cfg = &st->cfg;
    if (st->loaded->ntail_levels == 0 || st->o.rare) return EXIT_OK;
    double *budgets = cfg->stop.relative ? calloc(st->loaded->nblocks + 1, sizeof *budgets) : NULL;
    char err[1200] = "out of memory";
    enter(st, "choosing the tails' levels (a pilot)");
    int piloted = cfg->stop.relative && budgets ? tail_level_pilot(cfg, budgets, err, sizeof err) : 0;
    if (piloted == 1) { /* stopped: no level is chosen for a run that ends at once */
        free(budgets);
        return EXIT_OK;
    }
    if ((cfg->stop.relative && (!budgets || piloted != 0)) ||
        tail_level_choose(st->loaded, tail_level_budget(&cfg->stop), budgets, &st->tail_levels) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        free(budgets);
        return EXIT_USAGE;
    }
    free(budgets);
    st->mod = cfg->mod = &st->tail_levels.module;
    return EXIT_OK;
}

/* --sampling auto where the inputs were not enumerated: a pilot picks the method
 * that needs the fewest runs (harness/sampling_choice.h; its runs are not counted),
 * where a replicate method may run at all: not with what run_option_table.c refuses
 * them. Not with hashed paths either: their intervals rest on the proven range,
 * which a replicate widens K-fold, so a method the blocks favour can cost them far
 * more runs (Newton at -e 0.002 past --max-paths 2: qmc 7.6 million runs, plain 0.5
 * million), and the pilot cannot weigh paths it has not seen. In an MPI job every
 * rank runs the same pilot, a function of the seed alone, so all choose alike and
 * the result is one process's. Returns the exit status. */
static int choose_sampling(run_state *st, cluster *cl) {
    run_options *o = &st->o;
    runner_config *cfg = &st->cfg;
    /* Call sequences stay plain: a replicate of K sequences ran past the timeout
     * calibrated on plain ones (examples/firmware/tick.fspec: 150 of 150 antithetic
     * trials of 2 x 1,000 calls timed out). */
    if (o->sampling || o->sensitivity || o->rare || o->resume_path || o->method == STOP_METHOD_PAPER ||
        st->mod->path_table || spec_counted_calls(st->s) > 1 || cfg->nquantile_levels)
        return EXIT_OK;
    sampling_choice c;
    char err[1024], note[512];
    enter(st, "choosing the sampling method (a pilot)");
    if (sampling_choice_pick(cfg, &c, err, sizeof err) != 0) {
        fprintf(stderr, "freqsys: error: %s\n", err);
        return EXIT_USAGE;
    }
    if (!c.compared || c.interrupted) return EXIT_OK; /* plain, untried against the others: as before */
    sampling_choice_describe(&c, note, sizeof note);
    free(st->sampling_note);
    st->sampling_note = strdup(note);
    st->ckpt.header.sampling_note = st->sampling_note; /* a resumed run says so too */
    if (c.method == SAMPLING_PLAIN) return EXIT_OK;
    cfg->sampling = c.method;
    cfg->runs_per_trial = c.runs;
    cfg->timeout_s *= c.runs;  /* per run in the spec; a trial is a replicate */
    cfg->on_checkpoint = NULL; /* a replicate's tallies are not in the checkpoint's format */
    o->sampling = sampling_method_name(c.method);
    return EXIT_OK;
}

/* An argument as the shell reads it back: as it is when it holds nothing the shell
 * treats specially, else in single quotes. */
static void print_shell_word(const char *w, FILE *out) {
    if (*w &&
        strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+=.,/:@%") == strlen(w)) {
        fputs(w, out);
        return;
    }
    fputc('\'', out);
    for (; *w; w++)
        if (*w == '\'')
            fputs("'\\''", out);
        else
            fputc(*w, out);
    fputc('\'', out);
}

/* The rest of the command that continues an interrupted run from CHECKPOINT: the
 * checkpoint, and where the result went and in what format, so that the continued
 * run writes its result where this one did. */
static void print_continuation(const run_options *o, const char *checkpoint, FILE *out) {
    print_shell_word(checkpoint, out);
    if (o->out_path) {
        fputs(" -o ", out);
        print_shell_word(o->out_path, out);
    }
    if (o->format) {
        fputs(" --format ", out);
        print_shell_word(o->format, out);
    }
    fputc('\n', out);
}

/* A stop before the sampling began leaves no trial to continue from, and a
 * checkpoint would skip what was stopped (enumeration, the pilot's choice), so the
 * way on is the same command again. */
static void say_stopped_before_sampling(const run_state *st) {
    fprintf(stderr, "freqsys: interrupted while %s, before any trial was counted; to start again: freqsys",
            st->phase ? st->phase : "preparing");
    for (int i = 0; i < st->argc; i++) {
        fputc(' ', stderr);
        print_shell_word(st->argv[i], stderr);
    }
    fputc('\n', stderr);
}

/* The trials in forked workers until the rule settles every block, then the result
 * (rank 0) and, when interrupted, the checkpoint. A stop asked for in an earlier
 * phase ends the runner at once: the result then has no trial. Returns the exit
 * status. */
static int run_sampled(run_state *st, cluster *cl) {
    const run_options *o = &st->o;
    runner_config *cfg = &st->cfg;
    runner_result rr;
    /* a resumed run stopped early still has its checkpoint's trials to continue from */
    int before = stop_request_pending() && !o->resume_path;
    int failed = runner_run(cfg, &rr) != 0;
    if (cfg->trace && fclose(cfg->trace) != 0)
        fprintf(stderr, "freqsys: error: writing %s failed\n", o->trace_path);
    cfg->trace = NULL;
    size_t ncounters = fsabi_ncounters(st->mod) * (cfg->sampling != SAMPLING_PLAIN ? 2 : 1);
    int rc = EXIT_OK;
    if (failed) {
        fprintf(stderr, "freqsys: error: %s\n", rr.error);
        rc = EXIT_USAGE;
    } else if (cl->rank == 0) { /* the result and the checkpoint are rank 0's to write */
        const char *shown, *what = run_features_unresumable(st, &shown);
        if (rr.interrupted && before) {
            if (!o->quiet) say_stopped_before_sampling(st);
        } else if (rr.interrupted && what) {
            if (!o->quiet)
                fprintf(
                    stderr, "freqsys: interrupted after %llu %s (a run with --%s%s%s cannot be continued)\n",
                    (unsigned long long)rr.trials, cfg->sampling == SAMPLING_PLAIN ? "trials" : "replicates",
                    what, shown ? " " : "", shown ? shown : "");
        } else if (rr.interrupted) {
            run_resume_write_checkpoint(&rr.state, &st->ckpt);
            if (st->ckpt.written && !o->quiet) {
                fprintf(stderr, "freqsys: %s after %llu trials; continue with: freqsys run --resume ",
                        o->stop_after ? "paused" : "interrupted", (unsigned long long)rr.trials);
                print_continuation(o, st->ckpt.path, stderr);
            }
        } else if (st->ckpt.written) {
            unlink(st->ckpt.path); /* the run ended: its result is final, the checkpoint moot */
        }
        result *r = run_result_make(st->s, o->spec_path, cfg, &rr);
        if (r && run_features_result(r, st, &rr) != 0) {
            result_free(r);
            r = NULL;
        }
        if (r) {
            r->sampling_note = st->sampling_note;
            st->sampling_note = NULL;
        }
        rc = deliver(st, r, rr.converged);
    }
    runner_result_free(&rr, ncounters);
    return rc;
}

static int run_command(int argc, char **argv, cluster *cl) {
    run_state st = {0};
    int done = 0;
    st.argc = argc;
    st.argv = argv;
    int rc = prepare(&st, argc, argv, cl);
    if (rc != EXIT_OK) goto out;
    if (st.o.replay >= 0) {
        rc = run_replay(st.rt, st.s, st.o.has_seed ? st.o.seed : st.s->seed, (uint64_t)st.o.replay);
        goto out;
    }
    if ((rc = configure(&st, cl)) != EXIT_OK) goto out;
    /* once a stop is asked for, no phase starts; the sampling ends at once, with the result */
    if (!stop_request_pending()) rc = run_enumerated(&st, cl, &done);
    if (!done && rc == EXIT_OK && !stop_request_pending()) rc = choose_levels(&st);
    if (!done && rc == EXIT_OK && !stop_request_pending()) rc = choose_sampling(&st, cl);
    if (!done && rc == EXIT_OK) rc = run_sampled(&st, cl);
out:
    if (st.stop_handled) stop_request_restore();
    run_state_free(&st);
    return rc;
}

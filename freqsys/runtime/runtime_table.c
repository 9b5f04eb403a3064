/* freqsys/runtime/runtime_table.c: the one table through which the freqsys executable calls the runtime of a
 * loaded module. */
/* SPDX-License-Identifier: MIT */
#include "runtime_table.h"

#include "call_dump.h"
#include "runtime.h"
#include "stdin_text.h"
#include "tilted_draws.h"

/* Named by FSABI_RUNTIME_SYMBOL; the version script of shared_object.c keeps it
 * visible, as exports.txt keeps it global in the library. */
const runtime_table freqsys_runtime = {
    .abi_version = FSABI_VERSION,
    .table_size = sizeof(runtime_table),
    .spec_size = sizeof(spec),
    .spec_input_size = sizeof(spec_input),
    .bind = runtime_bind,
    .run_trial = runtime_run_trial,
    .set_draw_source = runtime_set_draw_source,
    .rng = runtime_rng,
    .error = runtime_error,
    .drawn = runtime_drawn,
    .draw_stdin = runtime_draw_stdin,
    .stdin_describe = stdin_text_describe,
    .scores_enable = draw_scores_enable,
    .scores_params = draw_scores_params,
    .scores_take = draw_scores_take,
    .tilt_enable = tilted_draws_enable,
    .tilt_take_weight = tilted_draws_take_weight,
    .tilt_pilot_trial = tilted_draws_pilot_trial,
    .tilt_refit = tilted_draws_refit,
    .tilt_get = tilted_draws_get,
    .tilt_set = tilted_draws_set,
    .tilt_describe = tilted_draws_describe,
    .exit_status = runtime_exit_status,
    .dump_calls = call_dump_start,
};

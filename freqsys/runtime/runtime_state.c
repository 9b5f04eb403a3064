/* freqsys/runtime/runtime_state.c: the module's one runtime state object, with each part's starting values.
 */
/* SPDX-License-Identifier: MIT */
#include "runtime_state.h"

runtime_state runtime_state_object = {
    .stdin_text = {.fd = -1, .ro = -1},
    .tilted_draws = {.weight = 1},
};

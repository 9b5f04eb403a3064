/* tests/e2e/path_json.h: whether a JSON result's path entries carry the fields a reader of paths relies on.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TEST_PATH_JSON_H
#define FREQSYS_TEST_PATH_JSON_H

#include <jansson.h>

/* 1 when the result file JSON has a nonempty "paths" array whose every entry holds
 * function (string), id (integer), blocks (array), mean and half_width (numbers)
 * and status (string); else 0. */
__attribute__((unused)) static int path_json_complete(const char *json) {
    json_error_t error;
    json_t *root = json_load_file(json, 0, &error), *paths = root ? json_object_get(root, "paths") : NULL;
    int all = json_is_array(paths) && json_array_size(paths) > 0;
    size_t i;
    json_t *p;
    json_array_foreach(paths, i, p) {
        all &= json_is_string(json_object_get(p, "function")) && json_is_integer(json_object_get(p, "id")) &&
               json_is_array(json_object_get(p, "blocks")) && json_is_number(json_object_get(p, "mean")) &&
               json_is_number(json_object_get(p, "half_width")) &&
               json_is_string(json_object_get(p, "status"));
    }
    json_decref(root);
    return all;
}

#endif

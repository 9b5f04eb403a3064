/* tests/report/result-t.c: checks that result_write picks writers by name. */
/* SPDX-License-Identifier: MIT */
#include "fixture.h"
#include "tap.h"

#include <errno.h>

static int via(const char *format, const result *r, FILE *out) {
    return result_write(r, format, out);
}
static int as_text(const result *r, FILE *out) {
    return via("text", r, out);
}
static int as_json(const result *r, FILE *out) {
    return via("json", r, out);
}
static int as_csv(const result *r, FILE *out) {
    return via("csv", r, out);
}
static int as_xml(const result *r, FILE *out) {
    return via("xml", r, out);
}
static int as_null(const result *r, FILE *out) {
    return via(NULL, r, out);
}

int main(void) {
    plan(8);
    result *r = sample_program();
    int (*direct[])(const result *, FILE *) = {result_write_text, result_write_json, result_write_csv};
    int (*named[])(const result *, FILE *) = {as_text, as_json, as_csv};
    const char *names[] = {"text", "json", "csv"};
    for (int i = 0; i < 3; i++) {
        int rc1, rc2;
        char *want = capture(direct[i], r, &rc1), *got = capture(named[i], r, &rc2);
        ok(rc1 == 0 && rc2 == 0, "\"%s\": succeeds", names[i]);
        is_string(got, want, "...and writes what result_write_%s writes", names[i]);
        free(want);
        free(got);
    }
    int rc;
    errno = 0;
    char *got = capture(as_xml, r, &rc);
    ok(rc == -1 && errno == EINVAL && got[0] == '\0', "an unknown format: -1, EINVAL, no output");
    free(got);
    errno = 0;
    got = capture(as_null, r, &rc);
    ok(rc == -1 && errno == EINVAL, "a NULL format: -1, EINVAL");
    free(got);
    result_free(r);
    result_free(NULL);
    return done();
}

/* tests/spec/expression-t.c: the right side of '~' alone: which values carry a distribution (expression.h's
 * contract). */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "expression.h"

#include <string.h>

static char err[1024];

/* expression_value on TEXT as the right side of '~' (SHAPES as for `arg`); the
 * scanner's failure must agree with the result. */
static int parse(const char *text, int shapes, spec_value *v) {
    scanner sc = {.path = "t.fspec", .text = text, .line = 1, .err = err, .errlen = sizeof err};
    err[0] = '\0';
    int r = expression_value(&sc, ".", shapes, v);
    if ((r < 0) != (sc.failed != 0)) bail("'%s': result %d with failed %d", text, r, sc.failed);
    return r;
}

int main(void) {
    plan(9);
    spec_value v;
    ok(parse("null", 1, &v) == 0 && v.kind == SPEC_VALUE_NULL && v.dist == NULL,
       "null after arg: a value that draws nothing, and no distribution");
    expression_value_clear(&v);
    ok(parse("null  # a comment", 1, &v) == 0 && v.kind == SPEC_VALUE_NULL, "...a comment may follow it");
    expression_value_clear(&v);
    ok(parse("null", 0, &v) < 0, "null elsewhere is an error");
    is_string(err,
              "t.fspec:1:1: error: null is a pointer argument's value, allowed only after 'arg'\n"
              "    1 | null\n      | ^",
              "...at its column");
    ok(parse("null(1)", 1, &v) < 0 && strstr(err, "unknown distribution 'null'"),
       "null(...) is no distribution");
    ok(parse("array(3)", 1, &v) == 0 && v.kind == SPEC_VALUE_ARRAY && v.dist == NULL,
       "array(LEN) of structs carries no distribution either");
    expression_value_clear(&v);
    ok(parse("array(3, uniform_int(0, 9))", 1, &v) == 0 && v.dist != NULL, "array(LEN, D) carries D");
    expression_value_clear(&v);
    ok(parse("format(\"%d\", uniform_int(0, 9))", 0, &v) == 0 && v.kind == SPEC_VALUE_DIST && v.dist &&
           dist_is_text(v.dist),
       "format(...) is a string-valued distribution");
    expression_value_clear(&v);
    ok(parse("mixture(uniform_int(0, 9): 1, 20: 1)", 0, &v) == 0 && dist_is_integer(v.dist),
       "a mixture of integers is integer-valued");
    expression_value_clear(&v);
    return done();
}

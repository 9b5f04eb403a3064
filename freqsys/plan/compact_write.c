/* freqsys/plan/compact_write.c: the compaction choice as a table, JSON, or per-function attributes for C. */
/* SPDX-License-Identifier: MIT */
#include "compact.h"

#include <jansson.h>
#include <string.h>

static double pct(double part, double whole) {
    return whole > 0 ? 100.0 * part / whole : 0;
}

int compact_write_text(const compact_plan *p, FILE *out) {
    fprintf(out, "compaction for %s on %s: least flash with expected cycles within +%.4g%% of all -O2\n",
            p->spec, p->target, 100 * p->max_slowdown);
    fprintf(out, "%s\n", p->estimate);
    fprintf(
        out,
        "size %llu bytes (all -O2 %llu, all -Oz %llu), cycles %.6g (all -O2 %.6g, %+.2f%%; all -Oz %.6g)\n\n",
        (unsigned long long)p->size, (unsigned long long)p->size_all_o2, (unsigned long long)p->size_all_oz,
        p->cycles, p->cycles_all_o2, pct(p->cycles - p->cycles_all_o2, p->cycles_all_o2), p->cycles_all_oz);
    size_t w = 8;
    for (size_t i = 0; i < p->n; i++)
        if (strlen(p->items[i].function) > w) w = strlen(p->items[i].function);
    fprintf(out, "%-*s  %8s  %8s  %12s  %12s  %s\n", (int)w, "FUNCTION", "SIZE -Oz", "SIZE -O2", "CYCLES -Oz",
            "CYCLES -O2", "CHOICE");
    for (size_t i = 0; i < p->n; i++) {
        const compact_item *it = &p->items[i];
        fprintf(out, "%-*s  %8llu  %8llu  %12.6g  %12.6g  %s%s\n", (int)w, it->function,
                (unsigned long long)it->size_oz, (unsigned long long)it->size_o2, it->cycles_oz,
                it->cycles_o2, it->oz ? "-Oz" : "-O2",
                it->never_ran ? " (never ran: a compression candidate)" : "");
    }
    return ferror(out) ? -1 : 0;
}

int compact_write_json(const compact_plan *p, FILE *out) {
    json_t *o = json_object(), *items = json_array();
    json_object_set_new(o, "target", json_string(p->target));
    json_object_set_new(o, "spec", json_string(p->spec));
    json_object_set_new(o, "max_slowdown", json_real(p->max_slowdown));
    json_object_set_new(o, "estimate", json_string(p->estimate));
    json_object_set_new(o, "flash_wait", json_integer(p->flash_wait));
    json_object_set_new(o, "parts", json_boolean(p->parts));
    json_object_set_new(o, "size", json_integer((json_int_t)p->size));
    json_object_set_new(o, "size_all_o2", json_integer((json_int_t)p->size_all_o2));
    json_object_set_new(o, "size_all_oz", json_integer((json_int_t)p->size_all_oz));
    json_object_set_new(o, "cycles", json_real(p->cycles));
    json_object_set_new(o, "cycles_all_o2", json_real(p->cycles_all_o2));
    json_object_set_new(o, "cycles_all_oz", json_real(p->cycles_all_oz));
    for (size_t i = 0; i < p->n; i++) {
        const compact_item *it = &p->items[i];
        json_t *x = json_object();
        json_object_set_new(x, "function", json_string(it->function));
        json_object_set_new(x, "size_oz", json_integer((json_int_t)it->size_oz));
        json_object_set_new(x, "size_o2", json_integer((json_int_t)it->size_o2));
        json_object_set_new(x, "cycles_oz", json_real(it->cycles_oz));
        json_object_set_new(x, "cycles_o2", json_real(it->cycles_o2));
        json_object_set_new(x, "ir_cycles_oz", json_real(it->ir_cycles_oz));
        json_object_set_new(x, "ir_cycles_o2", json_real(it->ir_cycles_o2));
        json_object_set_new(x, "choice", json_string(it->oz ? "Oz" : "O2"));
        json_object_set_new(x, "never_ran", json_boolean(it->never_ran));
        json_array_append_new(items, x);
    }
    json_object_set_new(o, "items", items);
    int rc = json_dumpf(o, out, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
    fputc('\n', out);
    json_decref(o);
    return rc != 0 || ferror(out) ? -1 : 0;
}

int compact_write_header(const compact_plan *p, FILE *out) {
    fprintf(out,
            "/* freqsys compaction for %s on %s: compile the sources with\n"
            " *   -O2 -fno-inline -fno-unroll-loops -fno-vectorize -fno-slp-vectorize -ffunction-sections\n"
            " * (the build the sizes were measured for) and put FREQSYS_OPT_<name> before the\n"
            " * definition of <name>: minsize makes clang optimise that function for size as -Oz\n"
            " * does. %llu bytes against %llu all -O2, estimated cycles within +%.4g%%. */\n"
            "#ifndef FREQSYS_COMPACT_H\n#define FREQSYS_COMPACT_H\n\n",
            p->spec, p->target, (unsigned long long)p->size, (unsigned long long)p->size_all_o2,
            100 * p->max_slowdown);
    for (size_t i = 0; i < p->n; i++)
        if (!strchr(p->items[i].function, '.')) /* an outlined part is minsize already */
            fprintf(out, "#define FREQSYS_OPT_%s%s\n", p->items[i].function,
                    p->items[i].oz ? " __attribute__((minsize))" : "");
    fprintf(out, "\n#endif\n");
    return ferror(out) ? -1 : 0;
}

/* freqsys/plan/plan_write.c: the plan as a table, JSON, a linker-script fragment or C section markers. */
/* SPDX-License-Identifier: MIT */
#include "plan.h"

#include <jansson.h>
#include <string.h>

static const char *per(const plan *p) {
    return strcmp(p->mode, "function") == 0 ? "call" : "run";
}

static double share(double part, double whole) {
    return whole > 0 ? 100.0 * part / whole : 0;
}

static const char *place(const plan_item *it) {
    return it->selected ? "fast" : it->cold ? "compress (never ran)" : "flash";
}

int plan_write_text(const plan *p, FILE *out) {
    fprintf(out, "plan for %s (%s mode, entry %s) on %s\n", p->spec, p->mode, p->entry, p->target);
    if (p->note[0]) fprintf(out, "note: %s\n", p->note);
    if (p->libc[0]) fprintf(out, "%s\n", p->libc);
    fprintf(out,
            "with %llu bytes of fast memory (%llu used of %llu bytes of code), %.1f%% of fetched bytes "
            "come from fast memory\n",
            (unsigned long long)p->budget, (unsigned long long)p->selected_size,
            (unsigned long long)p->total_size, share(p->selected_heat, p->total_heat));
    if (p->thunks)
        fprintf(
            out,
            "thunks: %zu callees of the fast items stay in flash, beyond a branch's reach: the linker adds a "
            "long-branch thunk for each, %llu bytes counted within the budget (%u each)\n",
            p->thunks, (unsigned long long)p->thunk_bytes, p->thunk_size);
    if (p->parts)
        fprintf(
            out,
            "items: the parts the profile-guided build keeps (cold regions outlined as NAME.cold.N); build\n"
            "with -ffunction-sections -fprofile-instr-use=PROFILE %s\n"
            "cycles: llvm-mca per machine block x its runs; with %u wait states a 32-bit fetch from flash\n"
            "stalls %u cycles: %.0f cycles per %s all in flash, %.0f saved (%.1f%%) by the fast items\n",
            CODE_SIZE_PROFILE_FLAGS, p->flash_wait, p->flash_wait, p->cycles_in_flash, per(p),
            p->cycles_saved, share(p->cycles_saved, p->cycles_in_flash));
    if (p->timing[0]) fprintf(out, "note: %s\n", p->timing);
    fprintf(out,
            "heat: bytes fetched per %s (expected executions x bytes); standing: share of the\n"
            "call-transition chain's time in the function (dispatchers rank high)\n\n",
            per(p));
    size_t w = 8;
    for (size_t i = 0; i < p->n; i++)
        if (strlen(p->items[i].function) > w) w = strlen(p->items[i].function);
    fprintf(out, "%4s  %-*s  %7s  %12s  %6s  %10s  %8s  %10s  %10s  %s\n", "RANK", (int)w,
            p->parts ? "PART" : "FUNCTION", "SIZE", "HEAT", "SHARE", "CUMULATIVE", "STANDING", "CYCLES",
            "STALL", "PLACE");
    double cum = 0;
    for (size_t i = 0; i < p->n; i++) {
        const plan_item *it = &p->items[i];
        cum += it->heat;
        fprintf(out, "%4zu  %-*s  %7llu  %12.2f  %5.1f%%  %9.1f%%  %8.4f  %10.1f  %10.1f  %s\n", i + 1,
                (int)w, it->function, (unsigned long long)it->size, it->heat, share(it->heat, p->total_heat),
                share(cum, p->total_heat), it->standing, it->cycles, it->stall, place(it));
    }
    fprintf(out, "\ncoverage against budget (best placement for each budget):\n");
    for (size_t k = 0; k < p->ncurve; k++) {
        double s = share(p->curve[k].selected_heat, p->total_heat);
        int bar = (int)(s / 2.5 + 0.5);
        fprintf(out, "  %8llu bytes  %5.1f%%  %.*s\n", (unsigned long long)p->curve[k].budget, s, bar,
                "########################################");
    }
    return ferror(out) ? -1 : 0;
}

int plan_write_json(const plan *p, FILE *out) {
    json_t *o = json_object(), *items = json_array(), *curve = json_array();
    json_object_set_new(o, "budget", json_integer((json_int_t)p->budget));
    json_object_set_new(o, "target", json_string(p->target));
    for (size_t i = 0; i < p->n; i++) {
        const plan_item *it = &p->items[i];
        json_t *x = json_object(), *blocks = json_array();
        json_object_set_new(x, "function", json_string(it->function));
        json_object_set_new(x, "size", json_integer((json_int_t)it->size));
        json_object_set_new(x, "heat", json_real(it->heat));
        json_object_set_new(x, "selected", json_boolean(it->selected));
        json_object_set_new(x, "cold", json_boolean(it->cold));
        json_object_set_new(x, "entries", json_real(it->entries));
        json_object_set_new(x, "standing", json_real(it->standing));
        json_object_set_new(x, "cycles", json_real(it->cycles));
        json_object_set_new(x, "stall", json_real(it->stall));
        json_t *callees = json_array();
        for (size_t k = 0; k < it->ncallees; k++) json_array_append_new(callees, json_string(it->callees[k]));
        json_object_set_new(x, "callees", callees);
        for (size_t k = 0; k < it->nblocks; k++) {
            json_t *b = json_object();
            json_object_set_new(b, "block", json_string(it->blocks[k].label));
            json_object_set_new(b, "line", json_integer(it->blocks[k].line));
            json_object_set_new(b, "size", json_integer((json_int_t)it->blocks[k].size));
            json_object_set_new(b, "heat", json_real(it->blocks[k].heat));
            json_array_append_new(blocks, b);
        }
        json_object_set_new(x, "blocks", blocks);
        json_array_append_new(items, x);
    }
    json_object_set_new(o, "items", items);
    json_object_set_new(o, "selected_heat", json_real(p->selected_heat));
    json_object_set_new(o, "total_heat", json_real(p->total_heat));
    json_object_set_new(o, "selected_size", json_integer((json_int_t)p->selected_size));
    json_object_set_new(o, "total_size", json_integer((json_int_t)p->total_size));
    json_object_set_new(o, "thunks", json_integer((json_int_t)p->thunks));
    json_object_set_new(o, "thunk_bytes", json_integer((json_int_t)p->thunk_bytes));
    json_object_set_new(o, "thunk_size", json_integer((json_int_t)p->thunk_size));
    for (size_t k = 0; k < p->ncurve; k++) {
        json_t *pt = json_object();
        json_object_set_new(pt, "budget", json_integer((json_int_t)p->curve[k].budget));
        json_object_set_new(pt, "selected_heat", json_real(p->curve[k].selected_heat));
        json_array_append_new(curve, pt);
    }
    json_object_set_new(o, "curve", curve);
    json_object_set_new(o, "parts", json_boolean(p->parts));
    json_object_set_new(o, "flash_wait", json_integer(p->flash_wait));
    json_object_set_new(o, "cycles_in_flash", json_real(p->cycles_in_flash));
    json_object_set_new(o, "cycles_saved", json_real(p->cycles_saved));
    if (p->parts)
        json_object_set_new(
            o, "build_flags",
            json_string("-ffunction-sections -fprofile-instr-use=PROFILE " CODE_SIZE_PROFILE_FLAGS));
    json_t *order = json_array();
    for (size_t k = 0; p->order && k < p->n; k++) {
        json_t *x = json_object();
        json_object_set_new(x, "function", json_string(p->items[p->order[k]].function));
        json_object_set_new(x, "cluster", json_integer((json_int_t)p->order_cluster[k]));
        json_array_append_new(order, x);
    }
    json_object_set_new(o, "order", order);
    json_object_set_new(o, "spec", json_string(p->spec));
    if (p->note[0]) json_object_set_new(o, "note", json_string(p->note));
    if (p->libc[0]) json_object_set_new(o, "libc", json_string(p->libc));
    if (p->timing[0]) json_object_set_new(o, "cycles_note", json_string(p->timing));
    int rc = json_dumpf(o, out, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
    fputc('\n', out);
    json_decref(o);
    return rc != 0 || ferror(out) ? -1 : 0;
}

int plan_write_ld(const plan *p, FILE *out) {
    fprintf(out,
            "/* freqsys plan for %s on %s: %llu of %llu budget bytes hold %.1f%% of fetched bytes.\n"
            " * Include it inside SECTIONS, before the output section that takes *(.text*), in a\n"
            " * script whose MEMORY has a fast region FAST (e.g. ITCM) and FLASH; the startup code\n"
            " * copies the section from its load address in FLASH (__freqsys_fast_load) to FAST.\n"
            " * Build with -ffunction-sections so each function has its own .text.NAME%s%s. */\n",
            p->spec, p->target, (unsigned long long)p->selected_size, (unsigned long long)p->budget,
            share(p->selected_heat, p->total_heat),
            p->parts ? ",\n * and -fprofile-instr-use=PROFILE " CODE_SIZE_PROFILE_FLAGS : "",
            p->parts ? "\n * so that each hot part is .text.NAME and each cold part .text.NAME.cold.N" : "");
    fprintf(out, ".freqsys_fast : ALIGN(4)\n{\n    __freqsys_fast_start = .;\n");
    for (size_t i = 0; i < p->n; i++)
        if (p->items[i].selected) fprintf(out, "    *(.text.%s)\n", p->items[i].function);
    fprintf(out, "    . = ALIGN(4);\n    __freqsys_fast_end = .;\n} > FAST AT > FLASH\n"
                 "__freqsys_fast_load = LOADADDR(.freqsys_fast);\n");
    return ferror(out) ? -1 : 0;
}

int plan_write_header(const plan *p, FILE *out) {
    fprintf(out,
            "/* freqsys plan for %s on %s: section markers. Put FREQSYS_PLACE_<name> before the\n"
            " * definition of <name>; fast functions go to .fast_text (link it into fast memory),\n"
            " * functions that never ran to .cold_text (a candidate for compression). */\n"
            "#ifndef FREQSYS_PLAN_H\n#define FREQSYS_PLAN_H\n\n",
            p->spec, p->target);
    for (size_t i = 0; i < p->n; i++) {
        const plan_item *it = &p->items[i];
        if (strchr(it->function, '.')) continue; /* an outlined part: the compiler names and places it */
        if (it->selected)
            fprintf(out, "#define FREQSYS_PLACE_%s __attribute__((section(\".fast_text.%s\"), noinline))\n",
                    it->function, it->function);
        else if (it->cold)
            fprintf(out, "#define FREQSYS_PLACE_%s __attribute__((section(\".cold_text.%s\"), cold))\n",
                    it->function, it->function);
        else
            fprintf(out, "#define FREQSYS_PLACE_%s\n", it->function);
    }
    fprintf(out, "\n#endif\n");
    return ferror(out) ? -1 : 0;
}

int plan_write_order(const plan *p, FILE *out) {
    fprintf(out,
            "/* freqsys function order for %s on %s: C3 call-chain clustering over the\n"
            " * expected calls between functions per %s; each callee follows its heaviest caller, clusters\n"
            " * laid out densest (bytes fetched per byte) first. INCLUDE it first inside the output\n"
            " * section that takes the code:  .text : { INCLUDE order.ld  *(.text*) } > FLASH\n"
            " * Build with -ffunction-sections so each function has its own .text.NAME. */\n",
            p->spec, p->target, per(p));
    for (size_t k = 0; p->order && k < p->n; k++) {
        const plan_item *it = &p->items[p->order[k]];
        fprintf(out, "*(.text.%s)   /* cluster %zu, %llu bytes, heat %.6g */\n", it->function,
                p->order_cluster[k], (unsigned long long)it->size, it->heat);
    }
    return ferror(out) ? -1 : 0;
}

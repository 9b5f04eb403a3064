/* tests/e2e/computed_goto-t.c: a computed-goto interpreter: its dispatch block has a place, and its blocks
 * and paths match an independent interpreter's counts. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"
#include "path_checks.h"

#define SPEC   "tests/e2e/programs/vm.fspec"
#define SOURCE FREQSYS_SOURCE_DIR "/tests/e2e/programs/vm.c"
#define N_LOW  1
#define N_HIGH 10 /* n ~ uniform_int(1, 10) */

/* The program's bytecode, interpreted here with a switch: the oracle. */
enum { PUSH, ADD, DEC, JNZ, HALT };
static const unsigned char code[] = {PUSH, 0, ADD, DEC, JNZ, 2, HALT};

/* One acyclic path of run(): the blocks one handler runs, entered from the entry
 * (the first dispatch) or from the dispatch block, with its expected count per run. */
typedef struct shape {
    const char *blocks[6];
    int back; /* it ends going back to the dispatch block; else at the return */
    double truth;
} shape;

enum { SEGMENTS = 6 }; /* push, add, dec, jnz taken, jnz not taken, halt */
static const char *const segment_blocks[SEGMENTS][3] = {
    {"op_push"}, {"op_add"}, {"op_dec"}, {"op_jnz", "if.then", "if.end"}, {"op_jnz", "if.else", "if.end"},
    {"op_halt"}};

/* Adds to COUNT[from_entry][segment] the handlers one run with input N executes, each
 * weighted W. */
static void interpret(int n, double w, double count[2][SEGMENTS]) {
    int stack[4], sp = 0, pc = 0, first = 1;
    for (;;) {
        int seg;
        switch (code[pc]) {
        case PUSH:
            stack[sp++] = code[pc + 1] + n;
            pc += 2;
            seg = 0;
            break;
        case ADD:
            pc += 1;
            seg = 1;
            break;
        case DEC:
            stack[sp - 1]--;
            pc += 1;
            seg = 2;
            break;
        case JNZ:
            seg = stack[sp - 1] != 0 ? 3 : 4;
            pc = seg == 3 ? code[pc + 1] : pc + 2;
            break;
        default:
            seg = 5;
            break;
        }
        count[first][seg] += w;
        first = 0;
        if (seg == 5) return;
    }
}

/* The first line of the source holding a computed goto, or 0. */
static int first_goto_line(void) {
    FILE *f = fopen(SOURCE, "r");
    char line[512];
    int n = 0;
    while (f && fgets(line, sizeof line, f)) {
        n++;
        if (strstr(line, "goto *")) {
            fclose(f);
            return n;
        }
    }
    if (f) fclose(f);
    return 0;
}

static int same_path(const result_path *p, const shape *s) {
    size_t k = 0;
    for (; k < 6 && s->blocks[k]; k++)
        if (k >= p->nblocks || strcmp(p->blocks[k], s->blocks[k]) != 0) return 0;
    return k == p->nblocks && (s->back ? p->back_to && !strcmp(p->back_to, "indirectgoto") : !p->back_to);
}

int main(void) {
    plan(10);
    char err[8192], json[2048];
    snprintf(json, sizeof json, "%s", tmp_path("vm.json"));
    int rc = e2e_runf(err, sizeof err, "run " SPEC " --paths --simultaneous -j 2 -q -o '%s'", json);
    if (!is_int(rc, 0, "run --paths on the computed-goto interpreter converges")) diag("%s", err);
    result *r = e2e_result(json, err, sizeof err);
    if (!r) bail("cannot read the result: %s", err);

    double count[2][SEGMENTS] = {{0}};
    for (int n = N_LOW; n <= N_HIGH; n++) interpret(n, 1.0 / (N_HIGH - N_LOW + 1), count);

    /* The dispatch block carries no location of its own in clang's code: it takes
     * the first `goto *`'s. */
    const result_block *dispatch = e2e_block(r, "run", "indirectgoto");
    int line = first_goto_line();
    ok(dispatch && line > 0 && !strcmp(dispatch->file, "vm.c") && dispatch->line == line,
       "the dispatch block is at vm.c:%d, the first computed goto (it says %s:%d)", line,
       dispatch ? dispatch->file : "?", dispatch ? dispatch->line : 0);

    /* Each block's count: the handlers the oracle ran; the dispatch runs before each. */
    double dispatches = 0;
    for (int e = 0; e < 2; e++)
        for (int s = 0; s < SEGMENTS; s++) dispatches += count[e][s];
    struct {
        const char *block;
        double truth;
    } blocks[] = {
        {"entry", 1},
        {"indirectgoto", dispatches},
        {"op_push", count[0][0] + count[1][0]},
        {"op_add", count[0][1] + count[1][1]},
        {"op_dec", count[0][2] + count[1][2]},
        {"op_jnz", count[0][3] + count[1][3] + count[0][4] + count[1][4]},
        {"if.then", count[0][3] + count[1][3]},
        {"if.else", count[0][4] + count[1][4]},
        {"op_halt", count[0][5] + count[1][5]},
    };
    int within = 1;
    for (size_t k = 0; k < sizeof blocks / sizeof blocks[0]; k++) {
        const result_block *b = e2e_block(r, "run", blocks[k].block);
        if (!b || fabs(b->mean - blocks[k].truth) >
                      b->half_width + 1e-12 * fmax(1, blocks[k].truth)) { /* exact: rounding */
            diag("run %s: %.6f ± %.6f, the interpreter's count %.6f", blocks[k].block, b ? b->mean : NAN,
                 b ? b->half_width : NAN, blocks[k].truth);
            within = 0;
        }
    }
    ok(within, "each block of run is within its half width of the interpreter's count (dispatches %.2f)",
       dispatches);

    /* The paths: numbered through the indirectbr, one per handler and way in. */
    const result_path_function *pf = NULL;
    for (size_t k = 0; k < r->npath_functions; k++)
        if (!strcmp(r->path_functions[k].function, "run")) pf = &r->path_functions[k];
    ok(pf && pf->counted && pf->paths == 2 * SEGMENTS, "run's paths are counted: %llu of them",
       pf ? (unsigned long long)pf->paths : 0ULL);
    shape shapes[2 * SEGMENTS];
    for (int e = 0; e < 2; e++)
        for (int s = 0; s < SEGMENTS; s++) {
            shape *sh = &shapes[e * SEGMENTS + s];
            size_t k = 0;
            memset(sh, 0, sizeof *sh);
            if (e) sh->blocks[k++] = "entry";
            sh->blocks[k++] = "indirectgoto";
            for (int j = 0; j < 3 && segment_blocks[s][j]; j++) sh->blocks[k++] = segment_blocks[s][j];
            sh->back = s != 5;
            sh->truth = count[e][s];
        }
    int matched[2 * SEGMENTS] = {0}, paths_within = 1, unknown = 0;
    for (size_t i = 0; i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        if (strcmp(p->function, "run") != 0) continue;
        int found = -1;
        for (int k = 0; k < 2 * SEGMENTS && found < 0; k++)
            if (same_path(p, &shapes[k])) found = k;
        if (found < 0) {
            unknown++;
            continue;
        }
        matched[found]++;
        paths_within &= path_within(p, shapes[found].truth);
    }
    int each_once = 1;
    for (int k = 0; k < 2 * SEGMENTS; k++) each_once &= matched[k] == 1;
    ok(each_once && unknown == 0, "each path is one of the 12 ways through a handler, each once");
    ok(paths_within, "each path's mean is within its half width of the interpreter's count");
    ok(path_blocks_add_up(r, "run"), "each block's mean is the sum of its paths' means");

    /* The text report says the paths were counted. */
    char text_path[2048], text[16384] = "";
    snprintf(text_path, sizeof text_path, "%s", tmp_path("vm.txt"));
    rc = e2e_runf(err, sizeof err, "report '%s' -o '%s'", json, text_path);
    is_int(rc, 0, "report exits 0");
    FILE *f = fopen(text_path, "r");
    size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[len] = '\0';
    if (f) fclose(f);
    ok(strstr(text, "  run: 12 paths") && !strstr(text, "run: not counted"), "...and lists run's 12 paths");
    ok(len > 0 && !strstr(text, "vm.c:?"), "...and every block has a place");
    result_free(r);
    return done();
}

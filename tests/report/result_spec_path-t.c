/* tests/report/result_spec_path-t.c: a result's spec path, kept relative to the result's folder, read back
 * short where that names the same file. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "tmp.h"
#include "result.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[4096];

static const char *at(const char *rel) {
    static char buf[2][4200];
    static int k;
    k ^= 1;
    snprintf(buf[k], sizeof buf[k], "%s/%s", root, rel);
    return buf[k];
}

static void touch(const char *rel) {
    FILE *f = fopen(at(rel), "w");
    if (!f || fclose(f) != 0) bail("cannot write %s", at(rel));
}

int main(void) {
    plan(5);
    snprintf(root, sizeof root, "%s", tmp_dir());
    if (mkdir(at("results"), 0700) || mkdir(at("specs"), 0700) || mkdir(at("deep"), 0700) ||
        mkdir(at("deep/er"), 0700))
        bail("cannot make the folders");
    touch("specs/a.fspec");

    /* written from the result's folder, read back from it */
    char *spec = result_spec_for_file(at("specs/a.fspec"), at("results/r.json"));
    is_string(spec, "../specs/a.fspec", "the result keeps its spec relative to its own folder");
    char *back = result_spec_from_file(spec, at("results/r.json"));
    is_string(back, at("specs/a.fspec"), "read back, 'results/..' is folded away");
    free(back);
    if (chdir(at("results")) != 0) bail("cannot enter %s", at("results"));
    back = result_spec_from_file(spec, "r.json");
    is_string(back, "../specs/a.fspec", "a result in the working folder: the leading '..' stays");
    free(back);
    free(spec);

    if (chdir(root) != 0) bail("cannot enter %s", root);
    /* through a symbolic link 'x/..' is not the folder x is in: no fold then */
    touch("deep/a.fspec");
    touch("a.fspec");
    if (symlink(at("deep/er"), at("link")) != 0) bail("cannot make the link");
    back = result_spec_from_file("../a.fspec", at("link/r.json"));
    char want[4300];
    snprintf(want, sizeof want, "%s/link/../a.fspec", root);
    is_string(back, want, "through a link to deep/er, link/.. is deep: the path stays unfolded");
    free(back);
    /* a spec that is not there is left as joined */
    back = result_spec_from_file("../gone/x.fspec", at("results/r.json"));
    snprintf(want, sizeof want, "%s/results/../gone/x.fspec", root);
    is_string(back, want, "a spec that is not there stays as joined");
    free(back);
    return done();
}

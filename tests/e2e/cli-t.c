/* tests/e2e/cli-t.c: the command line's own manners: unknown commands and options named with the nearest known, help, the closing summary. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(16);
    char err[8192];

    /* help on a command that does not exist is a usage error, not the overview */
    int code = e2e_run("help nosuch", err, sizeof err);
    is_int(code, 2, "'help nosuch' is a usage error (exit 2)");
    ok(strstr(err, "unknown command 'nosuch'") && !strstr(err, "did you mean"),
       "...naming the word, with no suggestion as nothing is near");
    code = e2e_run("help rnu", err, sizeof err);
    ok(code == 2 && strstr(err, "unknown command 'rnu'; did you mean 'run'?"), "'help rnu' suggests run");
    is_int(e2e_run("help run", NULL, 0), 0, "'help run' exits 0");

    /* commands: a swap of two letters is the commonest slip */
    code = e2e_run("rnu examples/newton/newton.fspec", err, sizeof err);
    ok(code == 2 && strstr(err, "unknown command 'rnu'; did you mean 'run'?"), "'rnu' suggests run (exit 2)");
    code = e2e_run("frobnicate", err, sizeof err);
    ok(code == 2 && strstr(err, "unknown command 'frobnicate'\n"), "a word far from every command gets no suggestion");

    /* options: the nearest long option of the command */
    code = e2e_run("run examples/newton/newton.fspec --epsillon 0.1", err, sizeof err);
    ok(code == 2 && strstr(err, "freqsys run: unknown option '--epsillon'; did you mean '--epsilon'?"),
       "run --epsillon suggests --epsilon (exit 2)");
    ok(!strstr(err, "unrecognized"), "...and getopt's own message is not printed besides");
    code = e2e_run("run examples/newton/newton.fspec --epsillon=0.1", err, sizeof err);
    ok(code == 2 && strstr(err, "unknown option '--epsillon'; did you mean '--epsilon'?"),
       "...also written with '=VALUE'");
    code = e2e_run("run examples/newton/newton.fspec --ch 5", err, sizeof err);
    ok(code == 2 && strstr(err, "'--ch' is ambiguous") && strstr(err, "'--checkpoint'") &&
       strstr(err, "'--checkpoint-every'"), "an ambiguous abbreviation lists what it begins");
    code = e2e_run("run examples/newton/newton.fspec --epsilon", err, sizeof err);
    ok(code == 2 && strstr(err, "option '--epsilon' needs a value"), "a known option without its value says so");
    code = e2e_run("draw examples/newton/newton.fspec --cuont 3", err, sizeof err);
    ok(code == 2 && strstr(err, "freqsys draw: unknown option '--cuont'; did you mean '--count'?"), "draw --cuont: --count");
    code = e2e_run("report x.json --formt html", err, sizeof err);
    ok(code == 2 && strstr(err, "freqsys report: unknown option '--formt'; did you mean '--format'?"),
       "report --formt: --format");
    code = e2e_run("plan x.json --budgte 4K", err, sizeof err);
    ok(code == 2 && strstr(err, "did you mean '--budget'?"), "plan --budgte: --budget");
    code = e2e_run("instrument examples/newton/newton.fspec --optimise full", err, sizeof err);
    ok(code == 2 && strstr(err, "did you mean '--optimize'?"), "instrument --optimise: --optimize");
    code = e2e_run("--verison", err, sizeof err);
    ok(code == 2 && strstr(err, "did you mean '--version'?"), "freqsys --verison: --version");
    return done();
}

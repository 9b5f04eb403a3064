/* tests/e2e/network-t.c: a trial's socket() fails unless the spec or the command line allows the network. */
/* SPDX-License-Identifier: MIT */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include "tap.h"
#include "e2e.h"

/* A listening TCP socket on 127.0.0.1, on a port the kernel picks, that never
 * blocks in accept; its port in *PORT. */
static int listen_locally(int *port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    struct sockaddr_in at = {.sin_family = AF_INET, .sin_port = 0};
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof at;
    /* room for every trial's connection, so no connect waits for an accept */
    if (fd < 0 || bind(fd, (struct sockaddr *)&at, sizeof at) != 0 || listen(fd, 4096) != 0 ||
        getsockname(fd, (struct sockaddr *)&at, &len) != 0)
        bail("cannot listen on 127.0.0.1: %s", strerror(errno));
    *port = ntohs(at.sin_port);
    return fd;
}

/* The connections that arrived on FD since the last call: a connect that succeeded
 * has finished its handshake, so it waits in the queue once the run is over. */
static int take_connections(int fd) {
    int n = 0;
    for (int c; (c = accept(fd, NULL, NULL)) >= 0; n++) close(c);
    if (errno != EAGAIN && errno != EWOULDBLOCK) bail("accept: %s", strerror(errno));
    return n;
}

/* network.c's spec, drawing PORT, with the extra line LINE ("" for none), written
 * as NAME in the test's folder; its path into PATH. */
static void write_spec(const char *name, int port, const char *line, char *path, size_t size) {
    snprintf(path, size, "%s", tmp_path(name));
    FILE *f = fopen(path, "w");
    if (!f) bail("cannot write %s", path);
    fprintf(f,
            "program \"%s/tests/e2e/programs/network.c\"\nport ~ constant(%d)\n%s\n"
            "epsilon 0.1\nconfidence 0.95\ntimeout 2s\nmax_trials 300\n",
            FREQSYS_SOURCE_DIR, port, line);
    fclose(f);
}

/* Runs SPEC with EXTRA options; checks it finished, and gives each outcome's mean:
 * socket() refused, connected, not connected (-1 each when the run failed). */
static int run(const char *spec, const char *extra, const char *name, double mean[3]) {
    mean[0] = mean[1] = mean[2] = -1;
    char err[8192], json[1100];
    snprintf(json, sizeof json, "%s", tmp_path(name));
    int code = e2e_runf(err, sizeof err, "run '%s' %s -q -o '%s'", spec, extra, json);
    if (code != 0) {
        diag("exit %d: %s", code, err);
        return -1;
    }
    result *r = e2e_result(json, err, sizeof err);
    if (!r) {
        diag("%s", err);
        return -1;
    }
    static const char *const outcomes[3] = {"refused", "connected", "unreached"};
    for (int k = 0; k < 3; k++) {
        const result_block *b = e2e_block(r, outcomes[k], "entry");
        mean[k] = b ? b->mean : -1;
    }
    result_free(r);
    return 0;
}

int main(void) {
    plan(12);
    int port, listener = listen_locally(&port);
    double m[3];
    char denied[1100], allowed[1100], said[1100];
    write_spec("denied.fspec", port, "", denied, sizeof denied);
    write_spec("allowed.fspec", port, "network allow", allowed, sizeof allowed);
    write_spec("said.fspec", port, "network deny", said, sizeof said);

    /* the workers (plain sampling), then the enumerating child (one combination) */
    int rc = run(denied, "--sampling plain", "plain.json", m);
    ok(rc == 0 && m[0] == 1 && m[1] == 0 && m[2] == 0,
       "by default every run's socket() fails (refused %g, connected %g)", m[0], m[1]);
    is_int(take_connections(listener), 0, "...and the listener saw no connection");
    rc = run(denied, "", "enumerated.json", m);
    ok(rc == 0 && m[0] == 1 && m[1] == 0, "enumeration's runs are refused too (refused %g, connected %g)",
       m[0], m[1]);
    is_int(take_connections(listener), 0, "...and the listener saw no connection");

    rc = run(allowed, "--sampling plain", "allowed.json", m);
    ok(rc == 0 && m[0] == 0 && m[1] == 1 && m[2] == 0,
       "with 'network allow' every run connects (refused %g, connected %g)", m[0], m[1]);
    ok(take_connections(listener) > 0, "...and the listener saw the connections");
    rc = run(denied, "--sampling plain --allow-network", "flag.json", m);
    ok(rc == 0 && m[0] == 0 && m[1] == 1, "--allow-network does the same (refused %g, connected %g)", m[0],
       m[1]);
    ok(take_connections(listener) > 0, "...and the listener saw the connections");
    rc = run(said, "--sampling plain", "said.json", m);
    ok(rc == 0 && m[0] == 1 && m[1] == 0, "'network deny' says the default outright (refused %g)", m[0]);
    is_int(take_connections(listener), 0, "...and the listener saw no connection");
    close(listener);

    char err[8192];
    int code =
        e2e_check_spec("network  maybe\nprogram \"x.c\"\nepsilon 0.1\nconfidence 0.95\n", err, sizeof err);
    if (!ok(code == 2 && strstr(err, "bad.fspec:1:10: error: expected 'allow' or 'deny' after 'network'"),
            "a bad value is an error at its line and column (exit %d)", code))
        diag("%s", err);
    code = e2e_check_spec("network allow\nnetwork deny\nprogram \"x.c\"\nepsilon 0.1\nconfidence 0.95\n", err,
                          sizeof err);
    if (!ok(code == 2 && strstr(err, "bad.fspec:2:1: error: 'network' is already set on line 1"),
            "a second network line is an error (exit %d)", code))
        diag("%s", err);
    return done();
}

/* tests/e2e/programs/network.c: connects to 127.0.0.1 at the port it reads, in every run. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

/* One function per outcome, so each is counted by its own entry block. */
__attribute__((noinline)) static void refused(void) { puts("no socket"); }
__attribute__((noinline)) static void connected(void) { puts("connected"); }
__attribute__((noinline)) static void unreached(void) { puts("no connection"); }

int main(void) {
    int port;
    if (scanf("%d", &port) != 1) return 1;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        refused();
        return 0;
    }
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((unsigned short)port)};
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&to, sizeof to) == 0)
        connected();
    else
        unreached();
    close(fd);
    return 0;
}

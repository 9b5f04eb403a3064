/* tests/e2e/programs/stdin_copy.c: copies standard input to standard output in 16-byte read(2) calls. */
#include <unistd.h>

int main(void) {
    char buf[16];
    ssize_t n;
    while ((n = read(0, buf, sizeof buf)) > 0) {
        if (write(1, buf, (size_t)n) != n) {
            return 1;
        }
    }
    return n < 0;
}

/* tests/e2e/programs/ends.c: constructors, atexit handlers and destructors, each with a block run only in the C library's order. */
#include <stdlib.h>
#include <unistd.h>

int x;           /* x ~ uniform_int(0, 9) */
static int step; /* how far the run has come, in order */

__attribute__((constructor(101))) static void early(void) { /* the first constructor by priority */
    if (step == 0) step = 1;
}

static void from_ctor(void) { /* registered before main's handlers: runs after them */
    if (step == 5) step = 6;
}

__attribute__((constructor)) static void later(void) {
    if (step == 1) step = 2;
    atexit(from_ctor);
}

__attribute__((destructor)) static void undone(void) { /* after every handler */
    if (step == 6) step = 7;
}

__attribute__((destructor(101))) static void undone_last(void) { /* destructors by priority, falling */
    if (step == 7) step = 8;
}

static void registered_first(void) {
    if (step == 4) step = 5;
}

static void registered_second(void) { /* the last registered runs first */
    if (step == 3) step = 4;
}

int main(void) {
    if (step == 2) step = 3; /* the constructors ran before main */
    atexit(registered_first);
    atexit(registered_second);
    if (x < 2) exit(3);    /* exit() runs the handlers and destructors, as main's return does */
    if (x == 9) _exit(0);  /* _exit() runs none */
    return 0;
}

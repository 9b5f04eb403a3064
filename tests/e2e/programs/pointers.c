/* pointers.c: calls through a table of functions and a pointer passed on (tests/e2e/across_calls-t.c). */

typedef int (*binary_op)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }

static int mul(int a, int b) {
    int r = 0;
    for (int i = 0; i < 4; i++) r += a * b;
    return r;
}

static int neg(int a) { return -a; }

static const binary_op ops[] = {add, sub, mul};
int (*const unary[])(int) = {neg}; /* of another type, and called nowhere */

/* a pointer passed to the program's own function, which calls it twice */
static int twice(binary_op f, int x) { return f(x, x) + f(x, 1); }

int pointers(int k, int x) {
    int r = ops[k](x, 1);
    return r + twice(ops[(k + 1) % 3], x);
}

/* tests/e2e/programs/vm.c: a bytecode machine dispatching by computed goto (an indirectbr), summing n, n-1, ..., 1. */
#include <stdio.h>

enum { PUSH, ADD, DEC, JNZ, HALT };

/* push n; loop: add; dec; jnz loop; halt. The test interprets the same code. */
static const unsigned char code[] = {PUSH, 0, ADD, DEC, JNZ, 2, HALT};

static int run(int n)
{
    static void *const labels[] = {&&op_push, &&op_add, &&op_dec, &&op_jnz, &&op_halt};
    int stack[4], sp = 0, pc = 0, acc = 0;
    goto *labels[code[pc]];
op_push:
    stack[sp++] = code[pc + 1] + n;
    pc += 2;
    goto *labels[code[pc]];
op_add:
    acc += stack[sp - 1];
    pc += 1;
    goto *labels[code[pc]];
op_dec:
    stack[sp - 1]--;
    pc += 1;
    goto *labels[code[pc]];
op_jnz:
    if (stack[sp - 1] != 0)
        pc = code[pc + 1];
    else
        pc += 2;
    goto *labels[code[pc]];
op_halt:
    return acc;
}

int main(void)
{
    int n;
    if (scanf("%d", &n) != 1 || n < 1 || n > 10)
        return 1;
    printf("%d\n", run(n));
    return 0;
}

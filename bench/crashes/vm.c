/* bench/crashes/vm.c: a small stack machine that runs a drawn program of 12 instructions; bad programs fault or abort. */
#include <assert.h>
#include <stdio.h>

#ifndef COUNT
#define COUNT(what) ((void)0)   /* the oracle build counts here; freqsys counts blocks */
#endif

enum { PUSH, ADD, SUB, MUL, DIV, DUP, POP, SWAP };
#define LENGTH 12
#define DEPTH 8

static int stack[DEPTH], top;

static void push(int v) {
    assert(top < DEPTH);             /* overflow: a failed assertion */
    stack[top++] = v;
}

static int pop(void) {
    assert(top > 0);                 /* underflow: a failed assertion */
    return stack[--top];
}

int main(void) {
    int code[LENGTH], arg[LENGTH];
    for (int i = 0; i < LENGTH; i++)
        if (scanf("%d %d", &code[i], &arg[i]) != 2) return 2;
    top = 0;
    for (int pc = 0; pc < LENGTH; pc++) {
        COUNT(0);                    /* instructions started */
        int a, b;
        switch (code[pc]) {
        case PUSH: push(arg[pc]); break;
        case ADD: b = pop(); a = pop(); push(a + b); break;
        case SUB: b = pop(); a = pop(); push(a - b); break;
        case MUL: b = pop(); a = pop(); push(a * b); break;
        case DIV:
            COUNT(1);                /* divisions */
            b = pop(); a = pop();
            push(a / b);             /* b == 0: SIGFPE */
            break;
        case DUP: a = pop(); push(a); push(a); break;
        case POP: (void)pop(); break;
        default: b = pop(); a = pop(); push(b); push(a); break;
        }
    }
    COUNT(2);                        /* programs that ran to the end */
    printf("%d\n", top ? stack[top - 1] : 0);
    return 0;
}

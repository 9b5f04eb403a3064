/* bench/real/stackvm/stackvm.c: a stack machine that runs a program of 16 words read, with a fuel limit of 200 steps, as sandboxed interpreters do. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

#define CODE_LEN 16
#define STACK_MAX 8
#define FUEL 200

enum { HALT, PUSH, ADD, SUB, DUP, JNZ, DEC, POP };

int main(void) {
    int code[CODE_LEN], stack[STACK_MAX];
    for (int i = 0; i < CODE_LEN; i++)
        if (scanf("%d", &code[i]) != 1) return 1;
    int pc = 0, sp = 0, status = 0;
    for (int step = 0; step < FUEL; step++) {
        TICK(0);
        if (pc >= CODE_LEN || code[pc] == HALT) {
            TICK(1);
            status = 1;
            break;
        }
        int op = code[pc++];
        int needs = op == ADD || op == SUB ? 2 : op == DUP || op == JNZ || op == DEC || op == POP ? 1 : 0;
        if (sp < needs) {
            TICK(2);   /* stack underflow */
            status = 2;
            break;
        }
        if ((op == PUSH || op == DUP) && sp == STACK_MAX) {
            TICK(3);   /* stack overflow */
            status = 3;
            break;
        }
        switch (op) {
        case PUSH:
            stack[sp++] = pc < CODE_LEN ? code[pc++] : 0;
            break;
        case ADD:
            sp--;
            stack[sp - 1] += stack[sp];
            break;
        case SUB:
            sp--;
            stack[sp - 1] -= stack[sp];
            break;
        case DUP:
            stack[sp] = stack[sp - 1];
            sp++;
            break;
        case JNZ: {
            int target = pc < CODE_LEN ? code[pc++] : 0;
            if (stack[--sp] != 0) {
                TICK(4);
                pc = target;
            }
            break;
        }
        case DEC:
            stack[sp - 1]--;
            break;
        case POP:
            sp--;
            break;
        default:
            break;
        }
    }
    if (status == 0) {
        TICK(5);   /* out of fuel: the program loops */
    }
    printf("status %d, %d on the stack\n", status, sp);
    return 0;
}

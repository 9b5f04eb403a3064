/* bench/pgo/interp.c: a register-machine interpreter whose program is its standard input, one opcode a byte. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#define MAX_CODE 65536
#define PASSES 24

static unsigned char code[MAX_CODE];

/* Runs the program PASSES times over eight registers; returns a checksum of them. */
unsigned long interpret(const unsigned char *prog, size_t n)
{
    unsigned long r[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    unsigned long acc = 0, mem[16] = {0};
    unsigned sel = 0;
    for (int pass = 0; pass < PASSES; pass++) {
        for (size_t pc = 0; pc < n; pc++) {
            switch (prog[pc]) {
            case 'i': acc++; break;
            case 'a': acc += r[sel]; break;
            case 'r': sel = (sel + 1) & 7; break;
            case 's': r[sel] = acc; break;
            case 'l': acc = r[sel]; break;
            case 'j': if (acc & 1) pc++; break;
            case 'm': acc *= r[sel] | 1; break;
            case 'x': acc ^= acc >> 7; break;
            case 'w': mem[acc & 15] = acc; break;
            case 'g': acc += mem[sel & 15]; break;
            case 'd':
                if (r[sel] != 0)
                    acc /= r[sel];
                else
                    acc = ~acc;
                break;
            case 'n': acc = 0 - acc; break;
            case '<': acc <<= 1; break;
            case '>': acc >>= 1; break;
            case 'z': for (int k = 0; k < 8; k++) r[k] = 0; break;
            case '\n': break;
            default: acc += 3; break;
            }
        }
    }
    unsigned long sum = acc;
    for (int k = 0; k < 8; k++)
        sum = sum * 31 + r[k];
    for (int k = 0; k < 16; k++)
        sum = sum * 17 + mem[k];
    return sum;
}

int main(void)
{
    size_t n = fread(code, 1, sizeof code, stdin);
    printf("%lu\n", interpret(code, n));
    return 0;
}

/* pointers_asm.c: a table's function beside inline assembly, which may call anything (tests/e2e/across_calls-t.c). */

static int twice(int a) { return 2 * a; }

static int (*const scale[])(int) = {twice};

int pointers_asm(int x) {
    __asm__ volatile("" : : "r"(scale) : "memory");
    return scale[0](x);
}

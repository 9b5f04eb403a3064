/* bench/pgo/sort.c: sorts the 16-bit keys of its standard input with a quicksort whose small ranges go to insertion sort, then counts the distinct keys. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#define MAX_KEYS 65536
#define SMALL 12

static unsigned char raw[2 * MAX_KEYS];
static unsigned short keys[MAX_KEYS];

static void swap(unsigned short *a, unsigned short *b) { unsigned short t = *a; *a = *b; *b = t; }

void insertion_sort(unsigned short *a, long n)
{
    for (long i = 1; i < n; i++) {
        unsigned short v = a[i];
        if (a[i - 1] <= v)
            continue;   /* already in place: the common case on many equal keys */
        long j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

/* Three-way quicksort: the keys equal to the pivot are put in the middle, done. */
void quick_sort(unsigned short *a, long n)
{
    while (n > SMALL) {
        unsigned short pivot = a[n / 2];
        long lt = 0, i = 0, gt = n - 1;
        while (i <= gt) {
            if (a[i] < pivot)
                swap(&a[lt++], &a[i++]);
            else if (a[i] > pivot)
                swap(&a[i], &a[gt--]);
            else
                i++;
        }
        if (lt < n - 1 - gt) {
            quick_sort(a, lt);
            a += gt + 1;
            n -= gt + 1;
        } else {
            quick_sort(a + gt + 1, n - gt - 1);
            n = lt;
        }
    }
    insertion_sort(a, n);
}

int main(void)
{
    size_t bytes = fread(raw, 1, sizeof raw, stdin);
    long n = (long)(bytes / 2);
    unsigned long total = 0, distinct = 0;
    for (int pass = 0; pass < 32; pass++) {
        for (long k = 0; k < n; k++)
            keys[k] = (unsigned short)(raw[2 * k] << 8 | raw[2 * k + 1]) ^ (unsigned short)pass;
        quick_sort(keys, n);
        for (long k = 0; k < n; k++) {
            if (k > 0 && keys[k] < keys[k - 1]) {
                printf("not sorted at %ld\n", k);
                return 1;
            }
            distinct += k == 0 || keys[k] != keys[k - 1];
            total += keys[k];
        }
    }
    printf("%lu %lu\n", total, distinct);
    return 0;
}

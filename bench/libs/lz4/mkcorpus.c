/* Writes compressed LZ4 blocks of drawn text, 10% of them damaged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lz4.h"
int main(void) {
  srand(7);
  const char *words[] = {"the ", "cat ", "sat ", "on ", "a ", "mat ", "and ", "dog ", "\n", "0123 "};
  for (int f = 0; f < 200; f++) {
    char text[256]; int n = 0; int target = rand() % 250;
    while (n < target) { const char *w = words[rand() % 10]; int l = strlen(w); if (n + l > target) break; memcpy(text + n, w, l); n += l; }
    if (rand() % 4 == 0) for (int i = 0; i < n; i++) if (rand() % 3 == 0) text[i] = 'a' + rand() % 26;
    char out[512]; int c = LZ4_compress_default(text, out, n, sizeof out);
    if (f % 10 == 9 && c > 2) { out[rand() % c] ^= 0x5a; if (f % 20 == 19) c = c / 2; }
    char name[64]; snprintf(name, sizeof name, "corpus/b%03d.lz4", f);
    FILE *o = fopen(name, "wb"); fwrite(out, 1, c, o); fclose(o);
  }
  return 0;
}

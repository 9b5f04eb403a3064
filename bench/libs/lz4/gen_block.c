/* Random LZ4 blocks: sequences of literals and back-references of drawn lengths, one in ten damaged. */
#include <stddef.h>
#include <freqsys/gen.h>

/* Writes a length's extra bytes past 15, as the format does: 255s and the rest. */
static size_t put_extra(unsigned char *buf, size_t at, size_t cap, size_t n) {
    while (n >= 255 && at < cap) { buf[at++] = 255; n -= 255; }
    if (at < cap) buf[at++] = (unsigned char)n;
    return at;
}

size_t make_block(unsigned char *buf, size_t cap) {
    size_t at = 0, out = 0;
    int sequences = (int)fs_int(0, 8);
    for (int s = 0; s <= sequences && at + 24 < cap; s++) {
        int last = s == sequences;
        size_t lit = (size_t)(fs_real() < 0.1 ? fs_int(15, 40) : fs_int(last ? 1 : 0, 14));
        size_t match = last ? 0 : (size_t)(fs_real() < 0.1 ? fs_int(19, 60) : fs_int(4, 18));
        if (lit + at + 8 > cap) lit = 0;
        size_t ml = match >= 4 ? match - 4 : 0;
        buf[at++] = (unsigned char)(((lit >= 15 ? 15 : lit) << 4) | (ml >= 15 ? 15 : ml));
        if (lit >= 15) at = put_extra(buf, at, cap, lit - 15);
        for (size_t k = 0; k < lit && at < cap; k++) buf[at++] = (unsigned char)('a' + fs_int(0, 3));
        out += lit;
        if (last) break;
        size_t off = (size_t)fs_int(1, out > 0 ? (long long)out : 1);
        if (at + 2 < cap) { buf[at++] = (unsigned char)(off & 255); buf[at++] = (unsigned char)(off >> 8); }
        if (ml >= 15) at = put_extra(buf, at, cap, ml - 15);
        out += match;
    }
    if (fs_real() < 0.1 && at > 0) buf[fs_int(0, (long long)at - 1)] ^= 0x5a; /* damaged */
    return at;
}

/* bench/pgo/classify.c: a first-match packet classifier over 16-byte records, with a checksum of each payload. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#define MAX_BYTES 262144
#define RECORD 16
#define NRULES 12

static unsigned char data[MAX_BYTES];
static unsigned long hits[NRULES + 1];

typedef struct packet {
    unsigned proto, sport, dport, flags, ttl, len;
    const unsigned char *payload;
} packet;

/* The rule a packet matches first, or NRULES when none does. */
int classify(const packet *p)
{
    if (p->ttl == 0) return 0;
    if (p->proto == 1 && p->flags & 4) return 1;
    if (p->proto == 17 && p->dport == 53) return 2;
    if (p->proto == 6 && p->dport == 22 && p->sport < 1024) return 3;
    if (p->flags == 0x3f) return 4;
    if (p->proto == 6 && (p->flags & 0x12) == 0x12) return 5;
    if (p->len > 1400 && p->proto != 6) return 6;
    if (p->proto == 17 && p->sport == p->dport) return 7;
    if (p->dport >= 6000 && p->dport < 6010) return 8;
    if (p->proto == 6 && p->dport == 80) return 9;
    if (p->proto == 6 && p->dport == 443) return 10;
    if (p->proto == 17) return 11;
    return NRULES;
}

/* A ones'-complement sum over the payload, as IP does. */
unsigned checksum(const unsigned char *b, unsigned n)
{
    unsigned long sum = 0;
    for (unsigned k = 0; k + 1 < n; k += 2)
        sum += (unsigned)b[k] << 8 | b[k + 1];
    while (sum >> 16)
        sum = (sum & 0xffff) + (sum >> 16);
    return (unsigned)~sum & 0xffff;
}

int main(void)
{
    size_t n = fread(data, 1, sizeof data, stdin);
    unsigned long check = 0;
    for (int pass = 0; pass < 512; pass++) {
        for (size_t off = 0; off + RECORD <= n; off += RECORD) {
            const unsigned char *r = data + off;
            /* The bytes are drawn from a small alphabet; the fields are made of them. */
            packet p = {
                .proto = r[0] == 'a' ? 6 : r[0] == 'b' ? 17 : r[0] == 'c' ? 1 : r[0],
                .sport = (unsigned)(r[1] - 'a') * 1000 + (unsigned)(r[2] - 'a'),
                .dport = r[3] == 'a' ? 443 : r[3] == 'b' ? 80 : r[3] == 'c' ? 53 : (unsigned)r[3] * 50,
                .flags = (unsigned)(r[4] - 'a') & 0x3f,
                .ttl = (unsigned)(r[5] - 'a'),
                .len = (unsigned)(r[6] - 'a') * 200,
                .payload = r + 7,
            };
            int rule = classify(&p);
            hits[rule]++;
            if (rule >= 9)
                check += checksum(p.payload, RECORD - 7);
        }
    }
    printf("%lu", check);
    for (int k = 0; k <= NRULES; k++)
        printf(" %lu", hits[k]);
    printf("\n");
    return 0;
}

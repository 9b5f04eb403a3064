/* tests/report/sha256-t.c: the SHA-256 digests a result records, against FIPS 180-2's examples. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "sha256.h"
#include "tap.h"
#include "tmp.h"

int main(void) {
    plan(6);
    char hex[SHA256_HEX_LEN + 1];
    sha256_hex("abc", 3, hex);
    is_string(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "one block: \"abc\"");
    static const char two[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    sha256_hex(two, sizeof two - 1, hex);
    is_string(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
              "448 bits: the padding takes a block of its own");
    sha256_hex("", 0, hex);
    is_string(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "no bytes");
    /* a million 'a', through a file read in pieces */
    char *million = malloc(1000000);
    if (!million) bail("out of memory");
    memset(million, 'a', 1000000);
    FILE *f = fopen(tmp_path("million"), "wb");
    if (!f || fwrite(million, 1, 1000000, f) != 1000000 || fclose(f) != 0) bail("cannot write the file");
    free(million);
    ok(sha256_file(tmp_path("million"), hex) == 0, "a file of a million 'a' is read");
    is_string(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
              "...with FIPS's digest");
    ok(sha256_file(tmp_path("absent"), hex) == -1 && hex[0] == '\0',
       "a file that is not there: -1, no digest");
    return done();
}

/* tests/e2e/programs/signature.c: an entry taking one parameter of each C number type, each on the stack or in a register. */

int signature(signed char c, unsigned char uc, short s, unsigned short us, float f, _Bool b, long l,
              double d, unsigned u, int i, long long ll, unsigned long ul) {
    int n = 0;
    if (c < 0) n++;
    if (uc > 127) n++;
    if (s < 0) n++;
    if (us > 32767) n++;
    if (f < 0.5f) n++;
    if (b) n++;
    if (l < 0) n++;
    if (d < 0) n++;
    if (u > 2147483647u) n++;
    if (i < 0) n++;
    if (ll < 0) n++;
    if (ul > 9223372036854775807ul) n++;
    return n;
}

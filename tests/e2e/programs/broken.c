/* tests/e2e/programs/broken.c: does not compile. */
int main(void) { return undefined_name; }

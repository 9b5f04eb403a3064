/* tests/e2e/programs/machine.c: a three-state machine stepped once per call, with interrupt handlers. */
int state;            /* 0 A, 1 B, 2 C: kept from call to call */
unsigned calls_seen;  /* how many calls this trial has made */
unsigned irq_ticks;

static void warming(void) { calls_seen += 0; }

/* One step: U is uniform on 0..9, so each branch has a probability in tenths.
 * From A: B 0.5, C 0.2, A 0.3. From B: A 0.3, C 0.1, B 0.6. From C: A 0.6, B 0.2, C 0.2. */
void step(int u) {
    if (++calls_seen <= 20)
        warming();                      /* only in the first 20 calls of a trial */
    switch (state) {
    case 0:
        state = u < 5 ? 1 : u < 7 ? 2 : 0;
        break;
    case 1:
        state = u < 3 ? 0 : u < 4 ? 2 : 1;
        break;
    default:
        state = u < 6 ? 0 : u < 8 ? 1 : 2;
        break;
    }
}

/* A watchdog that forces the machine back to A. */
void reset_irq(void) { state = 0; }

/* A timer that only counts. */
void tick_irq(void) {
    irq_ticks++;
}

int needs_argument(int x) { return x; }

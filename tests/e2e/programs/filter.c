/* tests/e2e/programs/filter.c: a function with array, struct-pointer, global, extern and HAL inputs. */
#include <stdint.h>

typedef struct {
    int mode;
    unsigned short gain;
} cfg_t;

int threshold;                 /* global threshold ~ constant(0) */
extern int read_adc(void);     /* extern read_adc() ~ uniform_int(0, 9) */
extern uint32_t sensor_gain;   /* extern uint32_t sensor_gain ~ uniform_int(1, 4) */

static int calls;              /* restored to 0 before every trial */

int filter_step(const int *buf, unsigned len, cfg_t *cfg, _Bool strict) {
    int above = 0;
    calls++;
    if (calls > 1)
        return -1;                         /* never, when trials are isolated */
    for (unsigned i = 0; i < len; i++)     /* len ~ uniform_int(1, 8): 4.5 */
        if (buf[i] > threshold)            /* buf ~ normal(0, 1): 2.25 */
            above++;
    if (cfg->mode == 2)                    /* mode ~ choice(0, 1, 2): 1/3 */
        above *= 2;
    if (cfg->gain > 10)                    /* gain ~ uniform_int(0, 19): 9/20 */
        above += 1;
    if (read_adc() > 6)                    /* 3/10 */
        above++;
    if (sensor_gain == 4)                  /* 1/4 */
        above--;
    if (strict)                            /* strict ~ bernoulli(0.9) */
        above = -above;
    return above;
}

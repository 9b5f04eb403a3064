/* tests/e2e/programs/registers.c: firmware polling memory-mapped registers. */
#include <stdint.h>

typedef struct {
    volatile uint32_t SR;      /* status: bit 0 set when a conversion is done */
    volatile uint32_t DR;      /* data */
} ADC_TypeDef;

#define ADC1 ((ADC_TypeDef *)0x40012400u)
#define LED (*(volatile uint32_t *)0x40020014u)

int adc_poll(void) {
    int waits = 0;
    while (!(ADC1->SR & 1u))   /* SR ~ bernoulli(0.25): the body runs 3 times per call */
        waits++;
    LED = 1;                   /* dropped, counted: 1 write per call */
    LED = 0;                   /* 2 writes per call in all */
    if (ADC1->DR > 3000)       /* DR ~ uniform_int(0, 4095): 1095/4096 */
        return waits + 1;
    return waits;
}

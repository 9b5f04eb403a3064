/* examples/firmware/firmware.c: a sensor node: ADC sampling, a debounced button, and an alarm state machine. */
#include <stdint.h>
#include "hal.h"
#include "stm32_regs.h"

#define WINDOW 8
#define LED_GREEN (1u << 12)
#define LED_RED (1u << 14)

enum alarm_state { NORMAL, WARNING, ALARM, MUTED };

static uint16_t window[WINDOW];
static unsigned window_pos;
static uint8_t button_history;
uint32_t warn_level = 2800;            /* calibration, set at start-up on the target */
uint32_t alarm_level = 3500;
enum alarm_state state = NORMAL;
uint32_t muted_since;

/* One conversion: start it, wait for end of conversion, read 12 bits. */
uint16_t adc_read(void) {
    ADC1->CR2 |= ADC_CR2_SWSTART;
    uint32_t spins = 0;
    while (!(ADC1->SR & ADC_SR_EOC)) {
        if (++spins > 1000)
            return 0xFFFF;             /* conversion stuck */
    }
    return (uint16_t)(ADC1->DR & 0xFFFu);
}

/* Moving average of the last WINDOW samples. */
uint16_t adc_filtered(void) {
    uint16_t sample = adc_read();
    if (sample == 0xFFFF)
        return window[(window_pos + WINDOW - 1) % WINDOW];
    window[window_pos] = sample;
    window_pos = (window_pos + 1) % WINDOW;
    uint32_t sum = 0;
    for (unsigned i = 0; i < WINDOW; i++)
        sum += window[i];
    return (uint16_t)(sum / WINDOW);
}

/* A press counts once the input has read low for four ticks in a row. */
int button_pressed(void) {
    uint32_t idr = GPIOA->IDR;
    button_history = (uint8_t)((button_history << 1) | ((idr & 1u) ? 1u : 0u));
    return (button_history & 0x0Fu) == 0;
}

/* One tick of the alarm logic. */
void alarm_step(uint16_t level, int pressed) {
    uint32_t now = HAL_GetTick();
    switch (state) {
    case NORMAL:
        if (level > alarm_level)
            state = ALARM;
        else if (level > warn_level)
            state = WARNING;
        break;
    case WARNING:
        if (level > alarm_level)
            state = ALARM;
        else if (level < warn_level - 100)
            state = NORMAL;
        break;
    case ALARM:
        if (pressed) {
            state = MUTED;
            muted_since = now;
        }
        break;
    case MUTED:
        if (now - muted_since > 30000u)
            state = level > alarm_level ? ALARM : NORMAL;
        break;
    }
    if (state == ALARM || state == WARNING)
        GPIOD->BSRR = LED_RED;
    else
        GPIOD->BSRR = LED_RED << 16;
    GPIOD->ODR ^= LED_GREEN;           /* heartbeat */
}

/* The watchdog's early-warning interrupt: the main loop is late, so the alarm
 * logic starts over from NORMAL and the LEDs go dark. */
uint32_t watchdog_resets;
void WWDG_IRQHandler(void) {
    watchdog_resets++;
    if (state != NORMAL) {
        state = NORMAL;
        GPIOD->BSRR = (LED_RED | LED_GREEN) << 16;
    }
}

/* The main loop's body, run every millisecond on the target. */
void tick(void) {
    uint16_t level = adc_filtered();
    alarm_step(level, button_pressed());
}

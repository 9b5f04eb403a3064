/* examples/firmware_inlined/control.c: a control loop whose five static helpers -Os inlines into one function. */
#include <stdint.h>

/* The peripherals this node uses, as a CMSIS-style map (an STM32F4's addresses). */
#define REG(addr) (*(volatile uint32_t *)(addr))
#define ADC_SR REG(0x40012000u)        /* status: bit 1 end of conversion, bit 5 overrun */
#define ADC_DR REG(0x4001204Cu)        /* 12-bit conversion */
#define LINK_RX REG(0x40011004u)       /* the frame bytes from the bus, one per read */
#define FAULT_SR REG(0x40007000u)      /* the supervisor's fault flags, 0 when healthy */
#define CAL_REQ REG(0x40007004u)       /* nonzero: the operator asked for a calibration */
#define PWM_CCR REG(0x40000034u)       /* the actuator's duty */
#define GPIOD_BSRR REG(0x40020C18u)
#define USART_SR REG(0x40011000u)      /* bit 5 byte received, bit 3 overrun */
#define USART_DR REG(0x40011008u)

#define FRAME 16
#define TAPS 8

static int32_t taps[TAPS];
static unsigned tap_pos;
static int32_t offset, gain = 256;
uint32_t faults, bad_frames, fault_log[8];
static uint8_t frame[FRAME];

/* A moving average over the last TAPS samples, with the calibration applied. */
static int32_t filter(uint32_t raw) {
    taps[tap_pos] = ((int32_t)raw - offset) * gain / 256;
    tap_pos = (tap_pos + 1) % TAPS;
    int32_t sum = 0;
    for (unsigned i = 0; i < TAPS; i++)
        sum += taps[i];
    return sum / TAPS;
}

/* CRC-16/CCITT of the frame, bit by bit as small firmware does it. */
static uint16_t crc16(const uint8_t *p, unsigned n) {
    uint16_t crc = 0xFFFF;
    for (unsigned i = 0; i < n; i++) {
        crc ^= (uint16_t)(p[i] << 8);
        for (int b = 0; b < 8; b++)
            crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    }
    return crc;
}

/* The supervisor flagged a fault: record it, make the actuator safe, blink the code. */
static void fault(uint32_t flags) {
    faults++;
    fault_log[faults % 8] = flags;
    PWM_CCR = 0;
    for (uint32_t bit = 0; bit < 32; bit++)
        if (flags & (1u << bit))
            GPIOD_BSRR = (bit & 1) ? 1u << 14 : 1u << 30;
    for (unsigned i = 0; i < TAPS; i++)
        taps[i] = 0;
    tap_pos = 0;
}

/* The operator's calibration: 64 conversions against the 2048 reference. */
static void calibrate(void) {
    int32_t sum = 0, lo = 4095, hi = 0;
    for (int i = 0; i < 64; i++) {
        for (unsigned spin = 0; spin < 100; spin++)
            if (ADC_SR & 2u)
                break;
        int32_t v = (int32_t)(ADC_DR & 0xFFFu);
        sum += v;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
    }
    offset = sum / 64 - 2048;
    gain = hi > lo ? 256 * 4095 / (hi - lo + 2048) : 256;
}

/* One control period: read the bus frame and the sensor, check, filter, actuate. */
static void dispatch(void) {
    uint32_t flags = FAULT_SR;
    if (flags) {
        fault(flags);
        return;
    }
    if (CAL_REQ)
        calibrate();
    for (unsigned i = 0; i < FRAME; i++)
        frame[i] = (uint8_t)LINK_RX;
    uint16_t crc = crc16(frame, FRAME - 2);
    if (crc != (uint16_t)(frame[FRAME - 2] << 8 | frame[FRAME - 1])) {
        bad_frames++;
    }
    int32_t level = filter(ADC_DR & 0xFFFu);
    PWM_CCR = (uint32_t)(level < 0 ? 0 : level > 4095 ? 4095 : level);
}

/* The main loop's body, run every millisecond on the target. */
void control_tick(void) {
    dispatch();
}

/* The console's receive interrupt: a byte into the ring, or, after an overrun, the
 * line resynchronised: the ring emptied and the error logged with the status. */
static uint8_t ring[64];
static unsigned ring_head, ring_tail;
uint32_t overruns, ring_drops;
void USART1_IRQHandler(void) {
    uint32_t sr = USART_SR;
    if (sr & 8u) {
        overruns++;
        (void)USART_DR;                /* reading DR after SR clears the overrun */
        for (unsigned i = 0; i < 64; i++)
            ring[i] = 0;
        ring_head = ring_tail = 0;
        fault_log[overruns % 8] = sr | 0x80000000u;
        GPIOD_BSRR = 1u << 13;
        return;
    }
    if (sr & 32u) {
        unsigned next = (ring_head + 1) % 64;
        if (next == ring_tail)
            ring_drops++;
        else {
            ring[ring_head] = (uint8_t)USART_DR;
            ring_head = next;
        }
    }
}

/* The watchdog's early warning: the loop is late, so the actuator goes safe. */
uint32_t watchdog_warnings;
void WWDG_IRQHandler(void) {
    watchdog_warnings++;
    PWM_CCR = 0;
}

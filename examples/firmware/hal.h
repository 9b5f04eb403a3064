/* examples/firmware/hal.h: the vendor HAL calls the firmware uses (provided by the vendor library on target). */
#ifndef HAL_H
#define HAL_H

#include <stdint.h>

uint32_t HAL_GetTick(void);          /* milliseconds since reset */
void HAL_Delay(uint32_t ms);

#endif

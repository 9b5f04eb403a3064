/* examples/firmware/stm32_regs.h: a CMSIS-style register map (the parts of an STM32F4 this example uses). */
#ifndef STM32_REGS_H
#define STM32_REGS_H

#include <stdint.h>

#define __IO volatile

typedef struct {
    __IO uint32_t SR;      /* 0x00 status: EOC is bit 1 */
    __IO uint32_t CR1;     /* 0x04 */
    __IO uint32_t CR2;     /* 0x08 control: SWSTART is bit 30 */
    __IO uint32_t SMPR1;   /* 0x0C */
    __IO uint32_t SMPR2;   /* 0x10 */
    uint32_t reserved[14]; /* 0x14 .. 0x48 */
    __IO uint32_t DR;      /* 0x4C data */
} ADC_TypeDef;

typedef struct {
    __IO uint32_t MODER;   /* 0x00 */
    __IO uint32_t OTYPER;  /* 0x04 */
    __IO uint32_t OSPEEDR; /* 0x08 */
    __IO uint32_t PUPDR;   /* 0x0C */
    __IO uint32_t IDR;     /* 0x10 input data */
    __IO uint32_t ODR;     /* 0x14 output data */
    __IO uint32_t BSRR;    /* 0x18 bit set/reset */
} GPIO_TypeDef;

#define PERIPH_BASE 0x40000000u
#define ADC1_BASE (PERIPH_BASE + 0x12000u)
#define GPIOA_BASE (PERIPH_BASE + 0x20000u)
#define GPIOD_BASE (PERIPH_BASE + 0x20C00u)

#define ADC1 ((ADC_TypeDef *)ADC1_BASE)
#define GPIOA ((GPIO_TypeDef *)GPIOA_BASE)
#define GPIOD ((GPIO_TypeDef *)GPIOD_BASE)

#define ADC_SR_EOC (1u << 1)
#define ADC_CR2_SWSTART (1u << 30)

#endif

#ifndef SLEEPBOX_CGPIOD_SHIM_H
#define SLEEPBOX_CGPIOD_SHIM_H
#include <gpiod.h>
#endif

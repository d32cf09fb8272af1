#ifndef SLEEPBOX_CPNG_SHIM_H
#define SLEEPBOX_CPNG_SHIM_H
#include <png.h>
#endif

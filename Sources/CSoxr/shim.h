#ifndef SLEEPBOX_CSOXR_SHIM_H
#define SLEEPBOX_CSOXR_SHIM_H
#include <soxr.h>
#endif

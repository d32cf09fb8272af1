#ifndef SLEEPBOX_CESPEAK_SHIM_H
#define SLEEPBOX_CESPEAK_SHIM_H
#include <espeak-ng/speak_lib.h>
#endif

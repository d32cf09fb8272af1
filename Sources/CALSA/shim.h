#ifndef SLEEPBOX_CALSA_SHIM_H
#define SLEEPBOX_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif

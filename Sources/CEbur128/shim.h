#ifndef SLEEPBOX_CEBUR128_SHIM_H
#define SLEEPBOX_CEBUR128_SHIM_H
/* libebur128 (Debian libebur128-dev): EBU R128 / ITU-R BS.1770 loudness, loudness range, true peak. */
#include <ebur128.h>
#endif

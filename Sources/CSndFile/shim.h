#ifndef SLEEPBOX_CSNDFILE_SHIM_H
#define SLEEPBOX_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif

#ifndef SLEEPBOX_CLINUX_SHIM_H
#define SLEEPBOX_CLINUX_SHIM_H
/* Linux interfaces the daemon's event loop uses that Swift's Glibc module does not bring in. */
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/timex.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#endif
